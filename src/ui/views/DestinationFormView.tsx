import "./destinations.css";
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CatalogueItem } from "../../api/catalogues.ts";
import {
  type DestinationType,
  departureCities,
  generalServices,
  itineraryFormFields,
  regions,
} from "../../api/itineraries.ts";
import { destinationFormMachine, destinationFormSource, type ItineraryDraft } from "../../machines/itineraries.ts";
import { CheckboxGroup } from "../components/CheckboxGroup.tsx";
import { FormActions } from "../components/FormActions.tsx";
import { FormFrame } from "../components/FormFrame.tsx";
import { IMAGE_TYPES } from "../components/images.ts";
import { SelectInput } from "../components/SelectInput.tsx";
import { TextAreaInput } from "../components/TextAreaInput.tsx";
import { TextInput } from "../components/TextInput.tsx";
import { imageUrl } from "../destinationFormat.ts";
import { fieldText, formFlag, formText, formTexts } from "../forms.ts";
import { paths } from "../paths.ts";
import { useRecordForm, useRecordFormState } from "../useRecord.ts";

const readDraft = (form: FormData): ItineraryDraft => ({
  name: formText(form, "name"),
  days: formText(form, "days"),
  description: formText(form, "description"),
  avalability: formText(form, "avalability"),
  price: formText(form, "price"),
  isOfert: formFlag(form, "isOfert"),
  ofertPrice: formText(form, "ofertPrice"),
  region: formText(form, "region"),
  servicesIncluded: formTexts(form, "servicesIncluded"),
  departureFrom: formTexts(form, "departureFrom"),
  feeding: formTexts(form, "feeding").map(Number),
  activities: formTexts(form, "activities").map(Number),
  courtesy: formTexts(form, "courtesy").map(Number),
});

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
  const { t } = useTranslation();
  const listPath = paths.destinations(type);
  const [source] = useState(() => destinationFormSource(type));
  const actor = useRecordForm(destinationFormMachine, { source, id, listPath });
  const { item: itinerary, options, images, progress, problems, error, fetching, processing, open } =
    useRecordFormState(actor);
  const feeding = options?.feeding ?? [];
  const activities = options?.activities ?? [];
  const courtesy = options?.courtesy ?? [];
  // the form keeps one image: the file chosen in this visit, if any
  const [chosen] = images;
  const preview = chosen?.kind === "new" ? chosen.preview : null;
  // the offer price is shown only while 'Aplicar oferta' is checked: a matter of display only
  const [offer, setOffer] = useState<boolean | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();

  const problem = (name: string) => fieldText(t, problems[name]);
  const offerShown = offer ?? itinerary?.isOfert ?? false;
  const shownImage = preview ?? (itinerary === null ? null : imageUrl(itinerary.image));

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    actor.send(file === undefined ? { type: "image.remove", index: 0 } : { type: "images.add", files: [file] });
  };

  const clearFile = () => {
    if (fileInput.current !== null) fileInput.current.value = "";
    actor.send({ type: "image.remove", index: 0 });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: "form.submit", draft: readDraft(new FormData(event.currentTarget)) });
  };

  const imageProblem = problem("image");

  return (
    <section aria-labelledby="page-title" className="destinations">
      <FormFrame
        title={t(id === null ? "destinations.new" : "destinations.edit")}
        error={error}
        fetching={fetching}
        open={open}
        back={listPath}
        history={id === null ? null : { stream: "itinerary", id }}
      >
        <form onSubmit={submit} noValidate className="record-form destination-form">
          <fieldset className="destination-fields" disabled={processing}>
            <div className="grid">
              <div>
                <TextInput
                  name="name"
                  maxLength={itineraryFormFields.name.maxLength}
                  type="text"
                  label={t("destinations.name")}
                  autoComplete="off"
                  defaultValue={itinerary?.name}
                  problem={problem("name")}
                />
              </div>
              <div>
                <TextInput
                  name="days"
                  maxLength={itineraryFormFields.days.maxLength}
                  type="text"
                  label={t("destinations.days")}
                  autoComplete="off"
                  defaultValue={itinerary?.days}
                  problem={problem("days")}
                />
              </div>
            </div>
            <TextAreaInput
              name="description"
              label={t("destinations.description")}
              maxLength={itineraryFormFields.description.maxLength}
              defaultValue={itinerary?.description}
              problem={problem("description")}
            />
            <TextInput
              name="avalability"
              maxLength={itineraryFormFields.avalability.maxLength}
              type="text"
              label={t("destinations.avalability")}
              autoComplete="off"
              defaultValue={itinerary?.avalability}
              problem={problem("avalability")}
            />
            <div className="grid">
              <div>
                <TextInput
                  name="price"
                  maxLength={itineraryFormFields.price.maxLength}
                  type="text"
                  inputMode="decimal"
                  label={t("destinations.price")}
                  autoComplete="off"
                  defaultValue={itinerary === null ? undefined : String(itinerary.price)}
                  problem={problem("price")}
                />
              </div>
              <div className="destination-offer-field">
                <label className="checkbox-field">
                  <input
                    type="checkbox"
                    name="isOfert"
                    checked={offerShown}
                    onChange={(event) => setOffer(event.currentTarget.checked)}
                  />
                  {t("destinations.isOfert")}
                </label>
                {offerShown && (
                  <TextInput
                    name="ofertPrice"
                    maxLength={itineraryFormFields.ofertPrice.maxLength}
                    type="text"
                    inputMode="decimal"
                    label={t("destinations.ofertPrice")}
                    autoComplete="off"
                    defaultValue={itinerary?.ofertPrice?.toString()}
                    problem={problem("ofertPrice")}
                  />
                )}
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
              <CheckboxGroup
                name="feeding"
                legend={t("destinations.feeding")}
                options={itemOptions(feeding)}
                defaultValues={ids(itinerary?.feeding)}
                problem={null}
                empty={t("destinations.noneActive")}
              />
              <CheckboxGroup
                name="activities"
                legend={t("destinations.activities")}
                options={itemOptions(activities)}
                defaultValues={ids(itinerary?.activities)}
                problem={null}
                empty={t("destinations.noneActive")}
              />
              <CheckboxGroup
                name="courtesy"
                legend={t("destinations.courtesy")}
                options={itemOptions(courtesy)}
                defaultValues={ids(itinerary?.courtesy)}
                problem={null}
                empty={t("destinations.noneActive")}
              />
            </div>
            <label htmlFor={fileId}>{t("destinations.image")}</label>
            <input
              id={fileId}
              ref={fileInput}
              type="file"
              accept={IMAGE_TYPES}
              onChange={chooseFile}
              aria-invalid={imageProblem === null ? undefined : true}
              aria-describedby={`${fileId}-hint`}
            />
            <small id={`${fileId}-hint`}>{imageProblem ?? t("destinations.imageHint")}</small>
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
          </fieldset>
          {processing && (
            <div className="destination-progress">
              <progress value={progress} max={100} aria-label={t("destinations.uploading", { percent: progress })} />
              <small aria-hidden="true">{t("destinations.uploading", { percent: progress })}</small>
            </div>
          )}
          <FormActions busy={processing} back={listPath} />
        </form>
      </FormFrame>
    </section>
  );
}
