import { Schema } from "effect";
import { NoInput, recordEndpoints, type RoleName } from "./endpoint.ts";
import { CatalogueItemId, CatalogueItemIdFromPath, PositiveIntFromText } from "./ids.ts";
import { RecordVersion } from "./versions.ts";
import { yearCopyEndpoint } from "./yearCopy.ts";
import { type Detail, type DetailValue, type DetailValues, detailFields, detailPayloadFields, detailProblems, detailValues } from "./details.ts";
import { type FieldProblems, NAME_MAX_LENGTH, type TextField, textField, textProblems, textSchema } from "./fields.ts";

/**
 * An item of a catalogue (a feeding, a language, a berth, a guide ...): its id, name, active flag
 * and version, and the details its catalogue declares (decision 027), each under its own name.
 */
export type CatalogueItem = {
  readonly id: CatalogueItemId;
  readonly name: string;
  readonly active: boolean;
  readonly version: RecordVersion;
} & DetailValues;

/** The courtesies' calls as SPEC.md section 7 spells them (`/courtesys`): the wire keeps it (decision 074). */
export const COURTESIES_RESOURCE = "courtesys";

const itemBase = { id: CatalogueItemId, name: Schema.String, active: Schema.Boolean, version: RecordVersion };

/**
 * A number an item adds up from other items, answered with it but never sent: a cabin's capacity
 * is the sum of its berths' (`chosen`: the items its `berths` detail chooses, each counted as often
 * as chosen), a yacht's the sum of its cabins' (`pointing`: the live items of `cabins` whose `yacht`
 * detail points at it). `value` is the detail or total added up.
 */
export type Total =
  | { readonly name: string; readonly kind: "chosen"; readonly detail: string; readonly value: string }
  | { readonly name: string; readonly kind: "pointing"; readonly catalogue: string; readonly detail: string; readonly value: string };

/**
 * A command on an item of a catalogue with a life of its own (`PUT /rates/activateIkarusRate/{id}`):
 * its name, its path, the machine's event it sends, and whether it takes a `reason`.
 */
export interface LifecycleCommand {
  readonly name: string;
  readonly path: string;
  readonly event: string;
  readonly reason: boolean;
  readonly description: string;
}

/**
 * What a catalogue whose items have a life of their own (the Ikarus rate: draft, active,
 * deactivated) adds to the calls: the item's `state` in every answer, the dates and texts its
 * commands stamp (`activatedAt`, `deactivationReason`: null until stamped), and the commands. Its
 * items have no active flag to send: their machine moves them.
 */
export interface Lifecycle {
  readonly states: readonly [string, ...string[]];
  readonly stamps: ReadonlyArray<string>;
  readonly commands: ReadonlyArray<LifecycleCommand>;
}

/** The reason a command is given (an Ikarus rate's deactivation): required, up to 300 characters. */
export const reasonField = textField(300, { required: true });

/** A catalogue item's schema with its catalogue's details and totals (every one answered), and its lifecycle's state and stamps. */
export const catalogueItemSchema = (
  details: ReadonlyArray<Detail>,
  totals: ReadonlyArray<Total> = [],
  lifecycle: Lifecycle | null = null,
): Schema.Codec<CatalogueItem, unknown> =>
  Schema.Struct({
    ...itemBase,
    ...detailFields(details),
    ...Object.fromEntries(totals.map(({ name }) => [name, Schema.Finite])),
    ...(lifecycle === null
      ? {}
      : {
          state: Schema.Literals(lifecycle.states),
          ...Object.fromEntries(lifecycle.stamps.map((name) => [name, Schema.NullOr(Schema.String)])),
        }),
  }) as unknown as Schema.Codec<CatalogueItem, unknown>;

/** An item of a catalogue of names alone (feeding, activities, courtesies). */
export const CatalogueItem = catalogueItemSchema([]);

/** The catalogue form's fields (SPEC.md section 5): a required name. */
export const catalogueItemFields = { name: textField(NAME_MAX_LENGTH, { required: true }) } as const;

/**
 * The catalogue form's payload: the name, the active flag (left out: kept, or active for a new
 * item) and each declared detail (left out: its empty value). A blank name is refused with
 * 'required_information'.
 */
export type CatalogueItemPayload = {
  readonly name: string;
  readonly active?: boolean;
} & Readonly<Record<string, DetailValue | undefined>>;

/** The payload's fields; an item with a lifecycle has no active flag to send. */
const payloadFields = (nameField: TextField, details: ReadonlyArray<Detail>, lifecycle: Lifecycle | null) => ({
  name: textSchema(nameField),
  ...(lifecycle === null ? { active: Schema.optionalKey(Schema.Boolean) } : {}),
  ...detailPayloadFields(details),
});

// The details' names are known only at run time, so the schemas are typed by hand.
const catalogueItemPayloadSchema = (nameField: TextField, details: ReadonlyArray<Detail>, lifecycle: Lifecycle | null) =>
  Schema.Struct(payloadFields(nameField, details, lifecycle)) as unknown as Schema.Codec<CatalogueItemPayload, unknown>;

/** An edit's payload: the form's and the version it was loaded at (decision 022). */
const catalogueItemEditSchema = (nameField: TextField, details: ReadonlyArray<Detail>, lifecycle: Lifecycle | null) =>
  Schema.Struct({ ...payloadFields(nameField, details, lifecycle), version: RecordVersion }) as unknown as Schema.Codec<
    CatalogueItemPayload & { readonly version: RecordVersion },
    unknown
  >;

/**
 * A name as two items are compared by (decision 024): blanks around and inside collapsed, case and
 * accents ignored, so "Almuerzo", " almuerzo " and "ALMUERZO" or "Café" and "cafe" are one name.
 */
export const comparableName = (name: string): string =>
  name.trim().replace(/\s+/g, " ").normalize("NFD").replace(/\p{Diacritic}/gu, "").toLocaleLowerCase("es");

/** What a catalogue's rules are made of: its name's field (a season's is a year) and its details. */
export interface CatalogueShape {
  readonly nameField: TextField;
  readonly details: ReadonlyArray<Detail>;
}

/**
 * What the panel reports before sending, and what the server refuses with (as a fact): the name's
 * problem and each detail's, by field.
 */
export const catalogueItemProblems = ({ nameField, details }: CatalogueShape, payload: CatalogueItemPayload): FieldProblems => ({
  ...textProblems({ name: nameField }, payload),
  ...detailProblems(details, detailValues(details, payload)),
});

/** A command's body: its reason, judged by the item's machine (blank: 'required_information'). */
const ReasonPayload = Schema.Struct({ reason: Schema.String });

/** Who may read a catalogue's items and who may change them. */
export interface CatalogueAccess {
  readonly readers: ReadonlyArray<RoleName>;
  readonly writers: ReadonlyArray<RoleName>;
}

/** What a catalogue has beyond a name and the active flag. */
export interface CatalogueParts {
  readonly details?: ReadonlyArray<Detail>;
  /** The name's rule (a season's is a year). */
  readonly nameField?: TextField;
  readonly totals?: ReadonlyArray<Total>;
  /** Reference details the list may be narrowed by, each as `?<detail>Id=` (`GET /cabins?yachtId=`). */
  readonly filters?: ReadonlyArray<string>;
  /** The five calls' paths where the spec fixes others than the catalogues' (`/rates/general`). */
  readonly paths?: CataloguePaths;
  /** For items with a life of their own (the Ikarus rate): their states, stamps and commands. */
  readonly lifecycle?: Lifecycle;
  /** The path of the call that copies a year's items to the next (the rates'), for a catalogue with a `year` detail. */
  readonly yearCopy?: string;
  /** For a catalogue that grows (the agencies): its list call also pages, searches and sorts on the server. */
  readonly paging?: CataloguePaging;
}

/**
 * How a growing catalogue's list is paged on the server: the details `q` searches beside the name
 * (every word in one of them), and the details it may be sorted by beside `name` and `active`.
 */
export interface CataloguePaging {
  readonly search: ReadonlyArray<string>;
  readonly sorts: ReadonlyArray<string>;
}

/** The most rows one page of a catalogue answers. */
export const CATALOGUE_PAGE_MAX = 200;

/**
 * A paged catalogue's list query: `q`, `active` (`true` / `false`), `sort` and `order` narrow and
 * order every item; `page` and `pageSize` ask for one page (answered with its `meta`), and without
 * either the call answers every matching item, as the selects that offer every agency ask.
 */
export type CataloguePageQuery = {
  readonly q?: string;
  readonly active?: "true" | "false";
  readonly sort?: string;
  readonly order?: "asc" | "desc";
  readonly page?: number;
  readonly pageSize?: number;
};

const pageQueryFields = (paging: CataloguePaging) => ({
  q: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200))),
  active: Schema.optionalKey(Schema.Literals(["true", "false"])),
  sort: Schema.optionalKey(Schema.Literals(["name", "active", ...paging.sorts])),
  order: Schema.optionalKey(Schema.Literals(["asc", "desc"])),
  page: Schema.optionalKey(PositiveIntFromText),
  pageSize: Schema.optionalKey(PositiveIntFromText.check(Schema.isLessThanOrEqualTo(CATALOGUE_PAGE_MAX))),
});

/** A catalogue's five paths below the API base; `:id` is the item's. */
export interface CataloguePaths {
  readonly list: string;
  readonly get: string;
  readonly create: string;
  readonly update: string;
  readonly remove: string;
}

/** The file field of a catalogue's multipart save: its new images, in the order `new:<n>` names them. */
export const CATALOGUE_IMAGES_FIELD = "images";

/** The query parameter that narrows a list to the items whose reference `detail` points at one item. */
export const filterParameter = (detail: string): string => `${detail}Id`;

/** The list's query: each filter an optional id; a paged catalogue's paging, search and order. */
const listQuerySchema = (filters: ReadonlyArray<string>, paging: CataloguePaging | null) =>
  Schema.Struct({
    ...Object.fromEntries(filters.map((name) => [filterParameter(name), Schema.optionalKey(CatalogueItemIdFromPath)])),
    ...(paging === null ? {} : pageQueryFields(paging)),
  }) as unknown as Schema.Codec<CatalogueListQuery, Readonly<Record<string, string | undefined>>>;

/** A catalogue's list query: its filters' ids by parameter (`yachtId`) and, when paged, its paging. */
export type CatalogueListQuery = Readonly<Record<string, number | string | undefined>> & CataloguePageQuery;

/**
 * The five endpoints of one catalogue, named as SPEC.md section 7 names them:
 * GET /feedings, GET /feedings/{id}, POST /feedings/createFeeding, PUT /feedings/updateFeeding/{id},
 * DELETE /feedings/{id}. A catalogue declaration (src/records) builds them.
 */
export const catalogueEndpoints = (
  resource: string,
  singular: string,
  label: string,
  access: CatalogueAccess,
  { details = [], nameField = catalogueItemFields.name, totals = [], filters = [], paths, lifecycle: declaredLifecycle, yearCopy, paging: declaredPaging }: CatalogueParts = {},
) => {
  // the routes SPEC.md spells its own way (the yacht pages'), over the family's
  const at = (route: keyof CataloguePaths) => (paths === undefined ? {} : { path: paths[route] });
  const lifecycle = declaredLifecycle ?? null;
  const paging = declaredPaging ?? null;
  const readers = { kind: "session", roles: access.readers } as const;
  const writers = { kind: "session", roles: access.writers } as const;
  const family = recordEndpoints({ resource, singular, id: CatalogueItemId, readers, writers });
  const Item = catalogueItemSchema(details, totals, lifecycle);
  const Payload = catalogueItemPayloadSchema(nameField, details, lifecycle);
  // a catalogue with images (a yacht's picture, a company's logos) also takes them as a `json` form (decision 031)
  const images = details.filter(({ rule }) => rule.kind === "image").length;
  const upload = images === 0 ? {} : { upload: { field: CATALOGUE_IMAGES_FIELD, maxFiles: images, form: "json" as const } };
  const withImages = images === 0 ? "" : " (multipart: a `json` field and its new images)";
  return {
    details,
    nameField,
    totals,
    filters,
    resource,
    lifecycle,
    paging,
    yearCopy: yearCopy === undefined ? null : yearCopyEndpoint(resource, yearCopy, writers),
    commands: (lifecycle?.commands ?? []).map((command) => ({
      command,
      endpoint: family.command(command.name, {
        path: command.path,
        body: (command.reason ? ReasonPayload : NoInput) as Schema.Codec<{ readonly reason?: string }, unknown>,
        description: command.description,
      }),
    })),
    list: family.list({
      ...at("list"),
      query: listQuerySchema(filters, paging),
      response: Schema.Array(Item),
      description:
        paging !== null
          ? `Every ${label} item by name, or by \`sort\` (name, active, ${paging.sorts.join(", ")}) in \`order\` (asc, desc), matching every word of \`q\` in its name or ${paging.search.join(", ")}, and \`active\` (true, false); with \`page\` or \`pageSize\` (at most ${CATALOGUE_PAGE_MAX}) one page of them (meta: total, page, pageSize).`
          : filters.length === 0
            ? `Every ${label} item, by name.`
            : `Every ${label} item, by name; ${filters.map(filterParameter).join(", ")} narrow the list to one's items.`,
    }),
    get: family.get({ ...at("get"), response: Item, description: `One ${label} item.` }),
    create: family.create({ ...at("create"), body: Payload, description: `Adds a ${label} item${withImages}.`, ...upload }),
    update: family.update({
      ...at("update"),
      body: catalogueItemEditSchema(nameField, details, lifecycle),
      description: `Changes a ${label} item: its name, details, active flag${withImages}.`,
      ...upload,
    }),
    remove: family.remove({ ...at("remove"), description: `Deletes a ${label} item that nothing uses (one in use can only be deactivated).` }),
  };
};

export type CatalogueEndpoints = ReturnType<typeof catalogueEndpoints>;
