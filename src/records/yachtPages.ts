import { type Cell, detail } from "../api/details.ts";
import { textField } from "../api/fields.ts";
import { MAX_CABIN_X, MAX_CABIN_Y, type YachtPageEndpoints, type YachtPageName, yachtPageEndpoints } from "../api/yachtPages.ts";
import type { DetailDeclaration } from "./catalogue.ts";
import { referencesTo, referenceTo } from "./catalogue.ts";
import { cabins, decks } from "./fleet.ts";
import { captains, countries, guides } from "./referenceData.ts";

/**
 * How the panel edits a page: its declared fields one below the other, or the page's own editor
 * where fields would not do (a plan image per deck; the cabins drawn on their decks).
 */
export type PageEditor = "fields" | "deckPlans" | "cabinPlan";

/**
 * One of a yacht's eight pages (SPEC.md section 2, DOMAIN.md section 3) declared once: its fields
 * with the same detail rules as a catalogue's (decision 027), its two calls, its editor. The
 * server's page routes and the panel's page screen read everything from here; its title is
 * `yachtPage.<name>` in src/i18n. A reference `within: "yacht"` chooses among the page's yacht's
 * items (its decks, its cabins).
 */
export interface YachtPageDeclaration {
  readonly name: YachtPageName;
  readonly api: YachtPageEndpoints;
  readonly details: ReadonlyArray<DetailDeclaration>;
  readonly editor: PageEditor;
}

const page = (name: YachtPageName, details: ReadonlyArray<DetailDeclaration>, editor: PageEditor = "fields"): YachtPageDeclaration => ({
  name,
  api: yachtPageEndpoints(
    name,
    details.map(({ name: field, rule }) => ({ name: field, rule })),
    name.replaceAll("_", " "),
  ),
  details,
  editor,
});

/** A measure in metres or knots: at most two decimals. */
const measure = (maximum: number) => detail.number({ required: false, minimum: 0, maximum, whole: false });

const year = () => detail.number({ required: false, minimum: 1900, maximum: 2100, whole: true });

/** A page's long text: what the guests read about the cabins or the lounges. */
const description = (): DetailDeclaration => ({ name: "description", label: "yachtPage.field.description", rule: detail.text(textField(4000)) });

/** A page's photos, in the order they show. */
const photos = (): DetailDeclaration => ({ name: "photos", label: "yachtPage.field.photos", rule: detail.images(12) });

/** A list of equipment, one line each (life rafts, VHF radio, generators ...). */
const equipment = (): DetailDeclaration => ({
  name: "items",
  label: "yachtPage.field.items",
  addRow: "yachtPage.addItem",
  rule: detail.rows([{ name: "item", label: "yachtPage.field.item", rule: { kind: "text", text: textField(200, { required: true }) } }], 40),
});

const deckCell: Cell = { name: "deck", label: "detail.deck", rule: { kind: "reference", catalogue: decks.api.resource, required: true, within: "yacht" } };

export const yachtPages: ReadonlyArray<YachtPageDeclaration> = [
  page("technical_info", [
    { name: "length", label: "yachtPage.field.length", rule: measure(400) },
    { name: "beam", label: "yachtPage.field.beam", rule: measure(100) },
    { name: "draft", label: "yachtPage.field.draft", rule: measure(30) },
    { name: "speed", label: "yachtPage.field.speed", rule: measure(50) },
    { name: "engines", label: "yachtPage.field.engines", rule: detail.text(textField(200)) },
    { name: "builtYear", label: "yachtPage.field.builtYear", rule: year() },
    { name: "refittedYear", label: "yachtPage.field.refittedYear", rule: year() },
    { name: "flag", label: "yachtPage.field.flag", rule: detail.text(textField(60)) },
    { name: "crewCount", label: "yachtPage.field.crewCount", rule: detail.number({ required: false, minimum: 0, maximum: 300, whole: true }) },
  ]),
  page("guests_accomodations", [description(), photos()]),
  page("social_areas", [description(), photos()]),
  page("safety_communications", [equipment()]),
  page("mechanic_equipment", [equipment()]),
  page(
    "deck_plan",
    [
      {
        name: "plans",
        label: "yachtPage.field.plans",
        rule: detail.rows([deckCell, { name: "plan", label: "yachtPage.field.plan", rule: { kind: "image" } }], 20, "deck"),
        choices: decks.api.list,
      },
    ],
    "deckPlans",
  ),
  page(
    "deck_schema",
    [
      {
        name: "positions",
        label: "yachtPage.field.positions",
        rule: detail.rows(
          [
            { name: "cabin", label: "detail.cabinNumber", rule: { kind: "reference", catalogue: cabins.api.resource, required: true, within: "yacht" } },
            { name: "x", label: "deckSchema.column", rule: { kind: "number", required: true, minimum: 0, maximum: MAX_CABIN_X, whole: true } },
            { name: "y", label: "deckSchema.row", rule: { kind: "number", required: true, minimum: 0, maximum: MAX_CABIN_Y, whole: true } },
          ],
          300,
          "cabin",
        ),
        choices: cabins.api.list,
      },
    ],
    "cabinPlan",
  ),
  page("crews_on_board", [
    { name: "captain", label: "yachtPage.field.captain", ...referenceTo(captains, { required: false }) },
    { name: "guides", label: "yachtPage.field.guides", ...referencesTo(guides) },
    {
      name: "crew",
      label: "yachtPage.field.crew",
      addRow: "yachtPage.addCrew",
      rule: detail.rows(
        [
          { name: "name", label: "yachtPage.field.crewName", rule: { kind: "text", text: textField(80, { required: true }) } },
          { name: "role", label: "yachtPage.field.crewRole", rule: { kind: "text", text: textField(60, { required: true }) } },
          { name: "nationality", label: "yachtPage.field.nationality", rule: { kind: "reference", catalogue: countries.api.resource, required: true } },
        ],
        40,
      ),
      choices: countries.api.list,
    },
  ]),
];

/** The page of a name. */
export const yachtPageNamed = (name: YachtPageName): YachtPageDeclaration => {
  const found = yachtPages.find((declared) => declared.name === name);
  if (found === undefined) throw new Error(`no yacht page '${name}'`);
  return found;
};
