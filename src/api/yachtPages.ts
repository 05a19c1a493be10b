import { Schema } from "effect";
import { CatalogueItemId, idParams } from "./ids.ts";
import { type Detail, type DetailValue, type DetailValues, detailFields, detailPayloadFields, detailProblems, detailValues } from "./details.ts";
import { endpoint, MessageAnswer, type RoleName } from "./endpoint.ts";
import type { FieldProblems } from "./fields.ts";
import { RecordVersion } from "./versions.ts";

/** The eight pages of a yacht, as SPEC.md section 2 spells them in their paths (`guests_accomodations`). */
export const yachtPageNames = [
  "technical_info",
  "guests_accomodations",
  "social_areas",
  "safety_communications",
  "mechanic_equipment",
  "deck_plan",
  "deck_schema",
  "crews_on_board",
] as const;
export type YachtPageName = (typeof yachtPageNames)[number];

export const isYachtPageName = (name: string): name is YachtPageName => yachtPageNames.some((page) => page === name);

/**
 * The plan of a deck (the deck_schema page) is a grid PLAN_COLUMNS wide and PLAN_ROWS high; a
 * cabin is a box CABIN_COLUMNS by CABIN_ROWS whose top-left corner sits at whole grid units, so it
 * always lies inside the plan. The same drawing shows a departure's availability (issue 17).
 */
export const PLAN_COLUMNS = 48;
export const PLAN_ROWS = 14;
export const CABIN_COLUMNS = 6;
export const CABIN_ROWS = 4;
export const MAX_CABIN_X = PLAN_COLUMNS - CABIN_COLUMNS;
export const MAX_CABIN_Y = PLAN_ROWS - CABIN_ROWS;

/**
 * A page as the API answers it: the yacht's id and name, each of the page's details under its
 * name (a page never filled answers each one empty) and the version it is at (0: never saved).
 */
export type YachtPage = { readonly yachtId: CatalogueItemId; readonly yachtName: string; readonly version: RecordVersion } & DetailValues;

/** A page's content as a form sends it: each detail (left out: emptied) and the version it was loaded at. */
export type YachtPagePayload = Readonly<Record<string, DetailValue | undefined>> & { readonly version: RecordVersion };

/** Who reads a yacht's pages and who edits them (DOMAIN.md section 2: marketing edits the pages' content). */
export const yachtPageAccess = {
  readers: ["admin", "marketing", "sales"] as ReadonlyArray<RoleName>,
  writers: ["admin", "marketing"] as ReadonlyArray<RoleName>,
};

/** The problems of a page's content by field: the same detail rules as a catalogue's. */
export const yachtPageProblems = (details: ReadonlyArray<Detail>, payload: Readonly<Record<string, unknown>>): FieldProblems =>
  detailProblems(details, detailValues(details, payload));

const YachtIdParams = idParams(CatalogueItemId);

/** A file's form field in a page's multipart save: every new image of the page, in the order `new:<n>` names them. */
export const PAGE_IMAGES_FIELD = "images";

/** More than any page shows: twelve photos, or a plan for each deck. */
const MAX_PAGE_FILES = 20;

/**
 * One page's two calls (DOMAIN.md section 9): `GET /yachts/{id}/pages/{page}` and
 * `PUT /yachts/updateYachtPage/{id}/{page}`. The save is JSON, or multipart (a `json` field with
 * that body, the new images under `images`) where the page has images (decision 031).
 */
export const yachtPageEndpoints = (page: YachtPageName, details: ReadonlyArray<Detail>, label: string) => {
  const hasImages = details.some(({ rule }) => rule.kind === "image" || rule.kind === "images" || (rule.kind === "rows" && rule.cells.some((cell) => cell.rule.kind === "image")));
  return {
    page,
    details,
    hasImages,
    get: endpoint({
      name: `yachtPages.${page}.get`,
      method: "GET",
      path: `/yachts/:id/pages/${page}`,
      params: YachtIdParams,
      response: Schema.Struct({
        yachtId: CatalogueItemId,
        yachtName: Schema.String,
        version: RecordVersion,
        ...detailFields(details),
      }) as unknown as Schema.Codec<YachtPage, unknown>,
      access: { kind: "session", roles: yachtPageAccess.readers },
      description: `A yacht's ${label} page.`,
    }),
    update: endpoint({
      name: `yachtPages.${page}.update`,
      method: "PUT",
      path: `/yachts/updateYachtPage/:id/${page}`,
      params: YachtIdParams,
      body: Schema.Struct({ ...detailPayloadFields(details), version: RecordVersion }) as unknown as Schema.Codec<YachtPagePayload, unknown>,
      response: MessageAnswer,
      access: { kind: "session", roles: yachtPageAccess.writers },
      description: `Replaces a yacht's ${label} page${hasImages ? " (multipart: a `json` field and its new images)" : ""}.`,
      ...(hasImages ? { upload: { field: PAGE_IMAGES_FIELD, maxFiles: MAX_PAGE_FILES, form: "json" as const } } : {}),
    }),
  };
};

export type YachtPageEndpoints = ReturnType<typeof yachtPageEndpoints>;
