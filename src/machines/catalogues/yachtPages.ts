import { Schema } from "effect";
import type { ApiClient } from "../../api/client.ts";
import type { CatalogueEndpoints } from "../../api/catalogues.ts";
import type { DetailRule, DetailValue, RowValue } from "../../api/details.ts";
import { CatalogueItemId } from "../../api/ids.ts";
import { type YachtPage, type YachtPagePayload, yachtPageProblems } from "../../api/yachtPages.ts";
import { decks } from "../../records/fleet.ts";
import { type YachtPageDeclaration, yachtPageNamed } from "../../records/yachtPages.ts";
import { type CatalogueChoices, detailPayloadValue, type FieldValues } from "./catalogues.ts";
import { imageNaming } from "../shared/formImages.ts";
import { createRecordFormMachine, type FormImage, type FormSource, type KeptImage } from "../shared/recordForm.machine.ts";

const yachtId = Schema.decodeSync(CatalogueItemId);

/** The choices key under which a page's editor finds the yacht's decks (its plans, its cabins' plan). */
export const DECKS_CHOICE = "decks";

/** The slot among the form's images of a row's image: named by the row's key cell (`deck-12`). */
const rowImageSlot = (key: string, value: unknown): string => `${key}-${String(value)}`;

/** The slot of a deck's plan image among the form's images. */
export const deckPlanSlot = (deck: number): string => rowImageSlot("deck", deck);

/** A list of rows' image cell and the key cell that names each row's slot (a deck's plan), or null. */
const rowImage = (rule: DetailRule): { readonly cell: string; readonly key: string } | null => {
  if (rule.kind !== "rows" || rule.key === undefined) return null;
  const cell = rule.cells.find((candidate) => candidate.rule.kind === "image");
  return cell === undefined ? null : { cell: cell.name, key: rule.key };
};

/** The items of a catalogue a page chooses from: narrowed to the page's yacht where the catalogue lists by yacht. */
const loadChoice = (client: ApiClient, list: CatalogueEndpoints["list"], id: number, byYacht: boolean) =>
  client.call(list, byYacht ? { query: { yachtId: id } } : {});

/** Whether a detail's references (or a cell's) are chosen within the page's yacht. */
const isWithinYacht = (page: YachtPageDeclaration, name: string): boolean => {
  const rule = page.details.find((declared) => declared.name === name)?.rule;
  if (rule === undefined) return false;
  if (rule.kind === "reference") return rule.within === "yacht";
  return rule.kind === "rows" && rule.cells.some((cell) => cell.rule.kind === "reference" && cell.rule.within === "yacht");
};

/** The page's fields as the contract sends them, its images aside (the form machine keeps those). */
const fieldsPayload = (page: YachtPageDeclaration, draft: FieldValues): Record<string, DetailValue> =>
  Object.fromEntries(
    page.details.filter(({ rule }) => rule.kind !== "images").map(({ name, rule }) => [name, detailPayloadValue(rule, draft, name)]),
  );

/**
 * The page's images as the contract sends them and the files to send: a kept image its path, a new
 * one `new:<n>` naming the n-th file; the photos in their order, each deck's plan in its row.
 */
const withImages = (page: YachtPageDeclaration, fields: Record<string, DetailValue>, images: ReadonlyArray<FormImage>) => {
  const { files, name: sent } = imageNaming();
  const content: Record<string, DetailValue> = { ...fields };
  for (const { name, rule } of page.details) {
    if (rule.kind === "images") content[name] = images.filter((image) => image.slot === "").map(sent);
    const inRows = rowImage(rule);
    if (inRows !== null) {
      content[name] = ((fields[name] ?? []) as ReadonlyArray<RowValue>).map((row) => {
        const image = images.find((candidate) => candidate.slot === rowImageSlot(inRows.key, row[inRows.key]));
        return { ...row, [inRows.cell]: image === undefined ? "" : sent(image) };
      });
    }
  }
  return { content, files };
};

/** The stored images of a page: its photos, and each deck's plan in the deck's slot. */
const keptOf = (page: YachtPageDeclaration, item: YachtPage): ReadonlyArray<KeptImage> =>
  page.details.flatMap(({ name, rule }): ReadonlyArray<KeptImage> => {
    const value = item[name];
    if (rule.kind === "images") return (Array.isArray(value) ? value : []).filter((path): path is string => typeof path === "string");
    const inRows = rowImage(rule);
    if (inRows === null) return [];
    return ((Array.isArray(value) ? value : []) as ReadonlyArray<RowValue>).flatMap((row) => {
      const path = row[inRows.cell];
      return typeof path === "string" && path !== "" ? [{ slot: rowImageSlot(inRows.key, row[inRows.key]), path }] : [];
    });
  });

/** How many images a page keeps in one place: its photos, or one in each row (a deck's plan). */
const maxImagesOf = (page: YachtPageDeclaration): number => {
  const photos = page.details.find(({ rule }) => rule.kind === "images")?.rule;
  if (photos?.kind === "images") return photos.max;
  return page.details.some(({ rule }) => rowImage(rule) !== null) ? 1 : 0;
};

/** The detail of a deck, in the cabins' plan's choices, holding the drawing its deck_plan page keeps of it. */
export const DECK_DRAWING = "drawing";

/** Each deck's drawing on the yacht's deck_plan page, by deck. */
const deckDrawings = async (client: ApiClient, id: number): Promise<ReadonlyMap<number, string>> => {
  const { plans } = await client.call(yachtPageNamed("deck_plan").api.get, { params: { id: yachtId(id) } });
  const rows = Array.isArray(plans) ? (plans as ReadonlyArray<RowValue>) : [];
  return new Map(rows.flatMap((row) => (typeof row.deck === "number" && typeof row.plan === "string" && row.plan !== "" ? [[row.deck, row.plan] as const] : [])));
};

/**
 * A yacht page's form, from its declaration: the page and what its fields choose from (the yacht's
 * decks and cabins, the captains, the guides, the countries) loaded, the page's detail rules
 * checked, and the save sent whole with the version it was loaded at; as multipart when it has
 * new images. The form's record id is the yacht's.
 */
export const yachtPageFormSource = (page: YachtPageDeclaration): FormSource<YachtPage, CatalogueChoices, FieldValues> => {
  const choices = page.details.flatMap(({ name, choices: list }) => (list === undefined ? [] : [{ name, list, byYacht: isWithinYacht(page, name) }]));
  const needsDecks = page.editor !== "fields";
  const max = maxImagesOf(page);
  return {
    load: async (client, id) => {
      if (id === null) throw new Error("a yacht page is always a yacht's");
      const [item, loaded, yachtDecks, drawings] = await Promise.all([
        client.call(page.api.get, { params: { id: yachtId(id) } }),
        Promise.all(choices.map(async ({ name, list, byYacht }) => [name, await loadChoice(client, list, id, byYacht)] as const)),
        needsDecks ? loadChoice(client, decks.api.list, id, true) : Promise.resolve([]),
        page.editor === "cabinPlan" ? deckDrawings(client, id) : Promise.resolve(new Map<number, string>()),
      ]);
      // the cabins' plan draws each deck's boxes on its drawing, as a departure's plan does
      const drawnDecks = yachtDecks.map((deck) => (drawings.has(deck.id) ? { ...deck, [DECK_DRAWING]: drawings.get(deck.id) ?? "" } : deck));
      return { item, options: { ...Object.fromEntries(loaded), ...(needsDecks ? { [DECKS_CHOICE]: drawnDecks } : {}) } };
    },
    problems: (draft) => yachtPageProblems(page.api.details.filter(({ rule }) => rule.kind !== "images"), fieldsPayload(page, draft)),
    save: (client, { id, version, draft, images, report, signal }) => {
      if (id === null) throw new Error("a yacht page is always a yacht's");
      const { content, files } = withImages(page, fieldsPayload(page, draft), images);
      const body = { ...content, version } as YachtPagePayload;
      if (files.length === 0) return client.call(page.api.update, { params: { id: yachtId(id) }, body });
      return client.upload(page.api.update, { params: { id: yachtId(id) }, fields: body, files, onProgress: report, ...(signal === undefined ? {} : { signal }) });
    },
    afterSave: "reload",
    ...(max === 0 ? {} : { images: { max, kept: (item: YachtPage) => keptOf(page, item) } }),
  };
};

/** Every yacht page's form flow: one machine, typed for pages. */
export const yachtPageFormMachine = createRecordFormMachine<YachtPage, CatalogueChoices, FieldValues>();
