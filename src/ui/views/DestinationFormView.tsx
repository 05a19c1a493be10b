import "./destinations.css";
import { useSelector } from "@xstate/react";
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { assign } from "xstate";
import type { CatalogueItem } from "../../api/catalogues.ts";
import { type DestinationType, departureCities, generalServices, regions } from "../../api/itineraries.ts";
import type { ItineraryDraft } from "../../machines/itineraries.ts";
import { itineraryFormMachine } from "../../machines/itineraryForm.machine.ts";
import { HistoryPanel } from "../components/HistoryPanel.tsx";
import { CheckboxGroup } from "../components/CheckboxGroup.tsx";
import { ErrorBanner } from "../components/ErrorBanner.tsx";
import { FormActions } from "../components/FormActions.tsx";
import { PageTitle } from "../components/PageTitle.tsx";
import { SelectInput } from "../components/SelectInput.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { TextAreaInput } from "../components/TextAreaInput.tsx";
import { TextInput } from "../components/TextInput.tsx";
import { useServices } from "../context.ts";
import { imageUrl } from "../destinationFormat.ts";
import { formImplementations } from "../flows.ts";
import { fieldText, formText } from "../forms.ts";
import { paths } from "../paths.ts";
import { useFlowActor } from "../useFlow.ts";

/** The image types the server accepts (it checks the content too). */
const IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";

const formTexts = (form: FormData, name: string): string[] =>
  form.getAll(name).filter((value): value is string => typeof value === "string");

const readDraft = (form: FormData): ItineraryDraft => ({
  name: formText(form, "name"),
  days: formText(form, "days"),
  description: formText(form, "description"),
  avalability: formText(form, "avalability"),
  price: formText(form, "price"),
  isOfert: form.get("isOfert") === "on",
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
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const [, navigate] = useLocation();
  const listPath = paths.destinations(type);
  const [logic] = useState(() =>
    itineraryFormMachine.provide({
      actions: {
        ...formImplementations(i18n, () => navigate(listPath)).actions,
        assignPreview: assign({ preview: (_, { file }: { file: Blob }) => URL.createObjectURL(file) }),
        revokePreview: (_, { url }: { url: string | null }) => {
          if (url !== null) URL.revokeObjectURL(url);
        },
      },
    }),
  );
  const actor = useFlowActor(logic, { input: { client, type, id } });
  const itinerary = useSelector(actor, (snapshot) => snapshot.context.itinerary);
  const feeding = useSelector(actor, (snapshot) => snapshot.context.feeding);
  const activities = useSelector(actor, (snapshot) => snapshot.context.activities);
  const courtesy = useSelector(actor, (snapshot) => snapshot.context.courtesy);
  const preview = useSelector(actor, (snapshot) => snapshot.context.preview);
  const chosen = useSelector(actor, (snapshot) => snapshot.context.file !== null);
  const progress = useSelector(actor, (snapshot) => snapshot.context.progress);
  const problems = useSelector(actor, (snapshot) => snapshot.context.problems);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const fetching = useSelector(actor, (snapshot) => snapshot.hasTag("fetching"));
  const processing = useSelector(actor, (snapshot) => snapshot.hasTag("processing"));
  const open = useSelector(actor, (snapshot) => snapshot.matches("editing") || snapshot.matches("uploading"));
  // the offer price is shown only while 'Aplicar oferta' is checked: a matter of display only
  const [offer, setOffer] = useState<boolean | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();

  // XState v5 runs no exit actions when an actor stops, so the last preview is released here
  useEffect(
    () => () => {
      const last = actor.getSnapshot().context.preview;
      if (last !== null) URL.revokeObjectURL(last);
    },
    [actor],
  );

  const problem = (name: string) => fieldText(t, problems[name] ?? null);
  const offerShown = offer ?? itinerary?.isOfert ?? false;
  const shownImage = preview ?? (itinerary === null ? null : imageUrl(itinerary.image));

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    actor.send(file === undefined ? { type: "image.clear" } : { type: "image.choose", file });
  };

  const clearFile = () => {
    if (fileInput.current !== null) fileInput.current.value = "";
    actor.send({ type: "image.clear" });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: "itinerary.submit", draft: readDraft(new FormData(event.currentTarget)) });
  };

  const imageProblem = problem("image");

  return (
    <section aria-labelledby="page-title" className="destinations">
      <PageTitle title={t(id === null ? "destinations.new" : "destinations.edit")} />
      <ErrorBanner message={error} />
      {fetching && <Spinner />}
      {open && (
        <form onSubmit={submit} noValidate className="record-form destination-form">
          <fieldset className="destination-fields" disabled={processing}>
            <div className="grid">
              <div>
                <TextInput
                  name="name"
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
                  type="text"
                  label={t("destinations.days")}
                  autoComplete="off"
                  defaultValue={itinerary?.days}
                  problem={null}
                />
              </div>
            </div>
            <TextAreaInput name="description" label={t("destinations.description")} defaultValue={itinerary?.description} />
            <TextInput
              name="avalability"
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
                {chosen && (
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
      )}
      {!open && !fetching && <Link href={listPath}>{t("form.back")}</Link>}
      {id !== null && <HistoryPanel stream="itinerary" id={id} />}
    </section>
  );
}
