import "./yachtPages.css";
import type { ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { CatalogueItem } from "../../api/catalogues.ts";
import type { RowValue } from "../../api/details.ts";
import { yachtPageAccess, type YachtPage, yachtPageNames } from "../../api/yachtPages.ts";
import type { FieldValues } from "../../machines/catalogues/catalogues.ts";
import { type FormImage, IMAGES_FIELD, imagesIn } from "../../machines/shared/recordForm.machine.ts";
import { DECK_DRAWING, DECKS_CHOICE, deckPlanSlot, yachtPageFormMachine, yachtPageFormSource } from "../../machines/catalogues/yachtPages.ts";
import { yachtPagePath, yachts } from "../../records/fleet.ts";
import type { YachtPageDeclaration } from "../../records/yachtPages.ts";
import { DeckSchemaEditor } from "./DeckSchemaEditor.tsx";
import { type DetailField, DetailInput, detailFormValue } from "../shared/DetailInput.tsx";
import { RecordFormFrame } from "../shared/FormFrame.tsx";
import { ImageInput, UploadProgress } from "../shared/ImageInput.tsx";
import { ImageSlot } from "../shared/ImageSlot.tsx";
import { ImageOrderButtons } from "../shared/OrderButtons.tsx";
import { formRows } from "../shared/RowsInput.tsx";
import { imageUrl } from "./destinationFormat.ts";
import type { PlanDeck } from "../reservations/deckPlan.ts";
import { useRecordForm, useRecordFormState } from "../shared/useRecord.ts";
import { useRoleIn } from "../shared/useRole.ts";

/** The page's declared fields as the generic detail inputs draw them (the photos and plans have their own). */
const fieldsOf = (page: YachtPageDeclaration): ReadonlyArray<DetailField<YachtPage>> =>
  page.details
    .filter(({ rule }) => rule.kind !== "images")
    .map(({ name, label, rule, addRow }) => ({
      kind: "detail",
      name,
      label,
      rule,
      value: (item: YachtPage) => item[name] ?? null,
      ...(addRow === undefined ? {} : { addRow }),
    }));

/** What the form holds: each field as its rule reads it. */
const readDraft = (page: YachtPageDeclaration, form: FormData, language: string): FieldValues =>
  Object.fromEntries(
    fieldsOf(page).map((field) => [
      field.name,
      field.rule.kind === "rows" ? formRows(form, field.name, field.rule.cells) : detailFormValue(field, form, language),
    ]),
  );

const keyOf = (image: FormImage): string => (image.kind === "kept" ? image.path : `new-${image.key}`);

const sourceOf = (image: FormImage): string | null => (image.kind === "kept" ? imageUrl(image.path) : image.preview);

/** The yacht's decks in their order from the top. */
const byOrder = (deckItems: ReadonlyArray<CatalogueItem>): ReadonlyArray<CatalogueItem> =>
  [...deckItems].sort((a, b) => Number(a.order) - Number(b.order));

/** The yacht's decks, each with its cabins (number and capacity), in the decks' order: what the plan editor draws. */
const planDecks = (deckItems: ReadonlyArray<CatalogueItem>, cabinItems: ReadonlyArray<CatalogueItem>): ReadonlyArray<PlanDeck> =>
  deckItems.map((deck) => ({
      id: deck.id,
      name: deck.name,
      ...(typeof deck[DECK_DRAWING] === "string" ? { drawing: deck[DECK_DRAWING] } : {}),
      cabins: cabinItems
        .filter((cabin) => cabin.deck === deck.id)
        .map((cabin) => ({ id: cabin.id, name: cabin.name, capacity: Number(cabin.capacity ?? 0) })),
    }));

/** The eight pages of the yacht, the current one marked: how one moves from page to page. */
function PageLinks({ yachtId, current }: { readonly yachtId: number; readonly current: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("yachtPage.pages")} className="yacht-page-links">
      <ul>
        {yachtPageNames.map((name) => (
          <li key={name}>
            <Link href={yachtPagePath(yachtId, name)} aria-current={name === current ? "page" : undefined}>
              {t(`yachtPage.${name}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * /panel/yacht/{id}/{page}: one of a yacht's eight pages (SPEC.md section 2), from its declaration
 * (src/records/yachtPages.ts): its fields, its photos, a plan image per deck or the cabins drawn on
 * their decks. Marketing and admin edit it; sales reads it.
 */
export default function YachtPageView({ page, yachtId }: { readonly page: YachtPageDeclaration; readonly yachtId: number }) {
  const { t, i18n } = useTranslation();
  const actor = useRecordForm(yachtPageFormMachine, { source: yachtPageFormSource(page), id: yachtId, listPath: yachts.listPath });
  const state = useRecordFormState(actor);
  const writable = useRoleIn(yachtPageAccess.writers);
  const { item, options, images, problems } = state;
  const pageTitle = t(`yachtPage.${page.name}`);
  const photosField = page.details.find(({ rule }) => rule.kind === "images");
  const photos = imagesIn(images, "");
  const decks = byOrder(options?.[DECKS_CHOICE] ?? []);

  const addFiles = (slot: string) => (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    // what shows below is what is saved; the input is emptied so the same file can be chosen again
    event.currentTarget.value = "";
    if (files.length > 0) actor.send({ type: "images.add", files, slot });
  };
  const removeImage = (image: FormImage) => {
    actor.send({ type: "image.remove", index: images.indexOf(image) });
    actor.send({ type: "field.change", field: IMAGES_FIELD });
  };

  return (
    <RecordFormFrame
      className="yacht-page"
      title={item === null ? pageTitle : t("yachtPage.title", { yacht: item.yachtName, page: pageTitle })}
      readOnly={!writable}
      back={yachts.listPath}
      history={{ stream: "yachtPage", id: `${yachtId}/${page.name}` }}
      status={state}
      submit={(form) => actor.send({ type: "form.submit", draft: readDraft(page, form, i18n.language) })}
    >
      <PageLinks yachtId={yachtId} current={page.name} />
      {page.editor === "fields" && (
        <div className={page.details.length > 4 ? "record-fields" : undefined}>
          {fieldsOf(page).map((field) => (
            <div key={field.name} className={field.rule.kind === "references" || field.rule.kind === "rows" ? "record-field-wide" : undefined}>
              <DetailInput<YachtPage> field={field} item={item} choices={options} problems={problems} />
            </div>
          ))}
        </div>
      )}
      {photosField !== undefined && (
        <fieldset className="yacht-page-photos">
          <legend>{t(photosField.label)}</legend>
          {writable && (
            <ImageInput
              label={t("yachtPage.addPhotos")}
              problem={problems[IMAGES_FIELD] === undefined ? null : t("yachtPage.tooManyPhotos", { max: photosField.rule.kind === "images" ? photosField.rule.max : 0 })}
              hint={t("yachtPage.photosHint")}
              multiple
              onChange={addFiles("")}
            />
          )}
          {photos.length === 0 ? (
            <p className="yacht-page-hint">{t("yachtPage.noPhotos")}</p>
          ) : (
            <ol className="yacht-page-images" aria-label={t(photosField.label)}>
              {photos.map((image, index) => {
                const number = index + 1;
                const source = sourceOf(image);
                const at = images.indexOf(image);
                return (
                  <li key={keyOf(image)}>
                    {source !== null && <img src={source} alt={t("yachtPage.photoNumber", { number })} width={240} height={160} />}
                    {writable && (
                      <div>
                      <ImageOrderButtons images={images} index={at} number={number} onMove={(move) => actor.send(move)} onRemove={() => removeImage(image)} />
                      </div>
                    )}
                  </li>
                );
              })}
            </ol>
          )}
        </fieldset>
      )}
      {page.editor === "deckPlans" &&
        (decks.length === 0 ? (
          <p className="yacht-page-hint">{t("yachtPage.noDecks")}</p>
        ) : (
          <ol className="yacht-page-plans">
            {decks.map((deck, index) => {
              const [plan] = imagesIn(images, deckPlanSlot(deck.id));
              return (
                <li key={deck.id}>
                  <h2>{deck.name}</h2>
                  <input type="hidden" name={`plans.${index}.deck`} value={deck.id} />
                  <ImageSlot
                    label={t("yachtPage.choosePlan", { deck: deck.name })}
                    alt={t("yachtPage.planOf", { deck: deck.name })}
                    image={plan}
                    readOnly={!writable}
                    onChoose={(file) => actor.send({ type: "images.add", files: [file], slot: deckPlanSlot(deck.id) })}
                    onRemove={() => plan !== undefined && removeImage(plan)}
                  />
                </li>
              );
            })}
          </ol>
        ))}
      {page.editor === "cabinPlan" && item !== null && (
        <DeckSchemaEditor
          name="positions"
          decks={planDecks(decks, options?.positions ?? [])}
          positions={((item.positions ?? []) as ReadonlyArray<RowValue>).map((row) => ({ cabin: Number(row.cabin), x: Number(row.x), y: Number(row.y) }))}
          readOnly={!writable}
          onChange={() => actor.send({ type: "field.change", field: "positions" })}
        />
      )}
      {state.saving && <UploadProgress className="yacht-page-progress" percent={state.progress} />}
    </RecordFormFrame>
  );
}
