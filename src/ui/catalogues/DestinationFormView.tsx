import "./destinations.css";
import { type ChangeEvent, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatAmount } from "../../api/amounts.ts";
import type { CatalogueItem } from "../../api/catalogues.ts";
import {
  type DestinationType,
  departureCities,
  generalServices,
  type Itinerary,
  itineraryFormFields,
  regions,
} from "../../api/itineraries.ts";
import { destinationFormMachine, destinationFormSource, type ItineraryDraft } from "../../machines/catalogues/itineraries.ts";
import { CheckboxGroup, formTexts } from "../shared/CheckboxGroup.tsx";
import { formFlag } from "../shared/CheckboxInput.tsx";
import { DeclaredField, DeclaredFields, EnglishFields, englishField, type TextFormField } from "../shared/DeclaredFields.tsx";
import { RecordFormFrame } from "../shared/FormFrame.tsx";
import { ImageInput, UploadProgress } from "../shared/ImageInput.tsx";
import { SelectInput } from "../shared/SelectInput.tsx";
import { imageUrl } from "./destinationFormat.ts";
import { fieldText, formText } from "../shared/forms.ts";
import { paths } from "../paths.ts";
import { useRecordForm, useRecordFormState } from "../shared/useRecord.ts";

const readDraft = (form: FormData, language: string): ItineraryDraft => ({
  name: formText(form, "name"),
  days: formText(form, "days"),
  description: formText(form, "description"),
  availability: formText(form, "availability"),
  price: formText(form, "price"),
  isOffer: formFlag(form, "isOffer"),
  offerPrice: formText(form, "offerPrice"),
  region: formText(form, "region"),
  servicesIncluded: formTexts(form, "servicesIncluded"),
  departureFrom: formTexts(form, "departureFrom"),
  feeding: formTexts(form, "feeding").map(Number),
  activities: formTexts(form, "activities").map(Number),
  courtesy: formTexts(form, "courtesy").map(Number),
  imageAlt: formText(form, "imageAlt"),
  nameEn: formText(form, "nameEn"),
  daysEn: formText(form, "daysEn"),
  descriptionEn: formText(form, "descriptionEn"),
  imageAltEn: formText(form, "imageAltEn"),
  language,
});

/** One of the destination's text fields: labelled `destinations.<name>`, with the contract's rule. */
const field = (
  name: keyof typeof itineraryFormFields,
  value: (itinerary: Itinerary) => string | undefined,
  options: Pick<TextFormField<Itinerary>, "rows" | "inputMode" | "hint"> = {},
): TextFormField<Itinerary> => ({
  kind: "text",
  name,
  label: `destinations.${name}`,
  rule: itineraryFormFields[name],
  value,
  ...options,
});
const name = field("name", (itinerary) => itinerary.name);
const days = field("days", (itinerary) => itinerary.days);
const nameAndDays = [name, days];
const description = field("description", (itinerary) => itinerary.description, { rows: 3 });
const imageAlt = field("imageAlt", (itinerary) => itinerary.imageAlt, { hint: "destinations.altHint" });
/** What the English landing page shows (decision 041). */
const englishTexts = [
  englishField(name, (itinerary) => itinerary.nameEn),
  englishField(days, (itinerary) => itinerary.daysEn),
  englishField(description, (itinerary) => itinerary.descriptionEn),
  englishField(imageAlt, (itinerary) => itinerary.imageAltEn),
];
const availability = field("availability", (itinerary) => itinerary.availability);
/** The prices as the lists show them in the chosen language, which is how the form reads them back. */
const priceFields = (language: string) => ({
  price: field("price", (itinerary) => formatAmount(itinerary.price, language), { inputMode: "decimal" }),
  offerPrice: field(
    "offerPrice",
    (itinerary) => (itinerary.offerPrice === null ? undefined : formatAmount(itinerary.offerPrice, language)),
    { inputMode: "decimal" },
  ),
});

/** The catalogues whose active items a destination includes: chosen among what the form loaded. */
const includedCatalogues = ["feeding", "activities", "courtesy"] as const;

const itemOptions = (items: ReadonlyArray<CatalogueItem>) =>
  items.map((item) => ({ value: String(item.id), label: item.name }));

const ids = (items: ReadonlyArray<{ readonly id: number }> | undefined) => (items ?? []).map((item) => String(item.id));

/** /panel/{type}/destinations_new 'Nuevo destino' and /panel/{type}/destinations/{id} 'Editar destino'. */
export default function DestinationFormView({
  type,
  id,
}: {
  readonly type: DestinationType;
  /** The destination of a detail route; null on the _new route. */
  readonly id: number | null;
}) {
  const { t, i18n } = useTranslation();
  const { price, offerPrice } = useMemo(() => priceFields(i18n.language), [i18n.language]);
  const listPath = paths.destinations(type);
  const [source] = useState(() => destinationFormSource(type));
  const actor = useRecordForm(destinationFormMachine, { source, id, listPath });
  const state = useRecordFormState(actor);
  const { item: itinerary, options, images, problems } = state;
  // the form keeps one image: the file chosen in this visit, if any
  const [chosen] = images;
  const preview = chosen?.kind === "new" ? chosen.preview : null;
  // the offer price is shown only while 'Aplicar oferta' is checked: a matter of display only
  const [offer, setOffer] = useState<boolean | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const problem = (name: string) => fieldText(t, problems[name]);
  const offerShown = offer ?? itinerary?.isOffer ?? false;
  const shownImage = preview ?? (itinerary === null ? null : imageUrl(itinerary.image));

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    actor.send(file === undefined ? { type: "image.remove", index: 0 } : { type: "images.add", files: [file] });
  };

  const clearFile = () => {
    if (fileInput.current !== null) fileInput.current.value = "";
    actor.send({ type: "image.remove", index: 0 });
  };

  return (
    <RecordFormFrame
      className="destinations"
      formClassName="destination-form"
      title={t(id === null ? "destinations.new" : "destinations.edit")}
      back={listPath}
      history={id === null ? null : { stream: "itinerary", id }}
      status={state}
      submit={(form) => actor.send({ type: "form.submit", draft: readDraft(form, i18n.language) })}
    >
      <fieldset className="destination-fields" disabled={state.processing}>
        <DeclaredFields fields={nameAndDays} item={itinerary} problems={problems} columns />
        <DeclaredField field={description} item={itinerary} problems={problems} />
        <DeclaredField field={availability} item={itinerary} problems={problems} />
        <div className="grid">
          <div>
            <DeclaredField field={price} item={itinerary} problems={problems} />
          </div>
          <div className="destination-offer-field">
            <label className="checkbox-field">
              <input
                type="checkbox"
                name="isOffer"
                checked={offerShown}
                onChange={(event) => setOffer(event.currentTarget.checked)}
              />
              {t("destinations.isOffer")}
            </label>
            {offerShown && <DeclaredField field={offerPrice} item={itinerary} problems={problems} />}
          </div>
        </div>
        {type === "national" && (
          <SelectInput
            name="region"
            label={t("destinations.region")}
            placeholder={t("destinations.chooseRegion")}
            options={regions.map((region) => ({ value: region, label: t(`destinations.regions.${region}`) }))}
            defaultValue={itinerary?.region}
            problem={problem("region")}
          />
        )}
        <div className="destination-choices">
          <CheckboxGroup
            name="servicesIncluded"
            legend={t("destinations.servicesIncluded")}
            options={generalServices.map((service) => ({
              value: service,
              label: t(`destinations.services.${service}`),
            }))}
            defaultValues={itinerary?.servicesIncluded ?? []}
            problem={problem("servicesIncluded")}
          />
          <CheckboxGroup
            name="departureFrom"
            legend={t("destinations.departureFrom")}
            options={departureCities.map((city) => ({ value: city, label: city }))}
            defaultValues={itinerary?.departureFrom ?? []}
            problem={problem("departureFrom")}
          />
          {includedCatalogues.map((catalogue) => (
            <CheckboxGroup
              key={catalogue}
              name={catalogue}
              legend={t(`destinations.${catalogue}`)}
              options={itemOptions(options?.[catalogue] ?? [])}
              defaultValues={ids(itinerary?.[catalogue])}
              problem={null}
              empty={t("destinations.noneActive")}
            />
          ))}
        </div>
        <ImageInput
          ref={fileInput}
          label={t("destinations.image")}
          problem={problem("image")}
          hint={t("destinations.imageHint")}
          onChange={chooseFile}
        />
        {shownImage !== null && (
          <figure className="destination-preview">
            <img src={shownImage} alt={t("destinations.preview")} />
            {chosen !== undefined && (
              <button type="button" className="secondary outline" onClick={clearFile}>
                {t("destinations.clearImage")}
              </button>
            )}
          </figure>
        )}
        <DeclaredField field={imageAlt} item={itinerary} problems={problems} />
        <EnglishFields fields={englishTexts} item={itinerary} problems={problems} />
      </fieldset>
      {state.processing && <UploadProgress className="destination-progress" percent={state.progress} />}
    </RecordFormFrame>
  );
}
