import { Schema } from "effect";
import { endpoint, MessageAnswer, type RoleName } from "./endpoint.ts";
import { CatalogueItemId, idParams } from "./ids.ts";
import { type FieldProblems, NAME_MAX_LENGTH, textField, textProblems, textSchema } from "./fields.ts";

/** A feeding, activity or courtesy: what destinations are built from (SPEC.md section 3). */
export const CatalogueItem = Schema.Struct({
  id: CatalogueItemId,
  name: Schema.String,
  active: Schema.Boolean,
});
export type CatalogueItem = typeof CatalogueItem.Type;

/** The catalogue form's fields (SPEC.md section 5): a required name. */
export const catalogueItemFields = { name: textField(NAME_MAX_LENGTH, { required: true }) } as const;

/** The catalogue form's payload; a blank name is refused with 'required_information'. */
export const CatalogueItemPayload = Schema.Struct({
  name: textSchema(catalogueItemFields.name),
  active: Schema.optionalKey(Schema.Boolean),
});
export type CatalogueItemPayload = typeof CatalogueItemPayload.Type;

/** What the panel reports before sending, and what the server refuses with (as a fact). */
export const catalogueItemProblems = (payload: CatalogueItemPayload): FieldProblems<"name"> =>
  textProblems(catalogueItemFields, payload);

const CatalogueItemIdParams = idParams(CatalogueItemId);

/** Who may read a catalogue's items and who may change them. */
export interface CatalogueAccess {
  readonly readers: ReadonlyArray<RoleName>;
  readonly writers: ReadonlyArray<RoleName>;
}

/**
 * The five endpoints of one catalogue, named as SPEC.md section 7 names them:
 * GET /feedings, GET /feedings/{id}, POST /feedings/createFeeding, PUT /feedings/updateFeeding/{id},
 * DELETE /feedings/{id}. A catalogue declaration (src/records) builds them.
 */
export const catalogueEndpoints = (resource: string, singular: string, label: string, access: CatalogueAccess) => {
  const readers = { kind: "session", roles: access.readers } as const;
  const writers = { kind: "session", roles: access.writers } as const;
  return {
  resource,
  list: endpoint({
    name: `${resource}.list`,
    method: "GET",
    path: `/${resource}`,
    response: Schema.Array(CatalogueItem),
    access: readers,
    description: `Every ${label} item, by name.`,
  }),
  get: endpoint({
    name: `${resource}.get`,
    method: "GET",
    path: `/${resource}/:id`,
    params: CatalogueItemIdParams,
    response: CatalogueItem,
    access: readers,
    description: `One ${label} item.`,
  }),
  create: endpoint({
    name: `${resource}.create`,
    method: "POST",
    path: `/${resource}/create${singular}`,
    body: CatalogueItemPayload,
    response: MessageAnswer,
    access: writers,
    description: `Adds a ${label} item.`,
  }),
  update: endpoint({
    name: `${resource}.update`,
    method: "PUT",
    path: `/${resource}/update${singular}/:id`,
    params: CatalogueItemIdParams,
    body: CatalogueItemPayload,
    response: MessageAnswer,
    access: writers,
    description: `Renames, activates or deactivates a ${label} item.`,
  }),
  remove: endpoint({
    name: `${resource}.delete`,
    method: "DELETE",
    path: `/${resource}/:id`,
    params: CatalogueItemIdParams,
    response: MessageAnswer,
    access: writers,
    description: `Deletes a ${label} item that nothing uses (one in use can only be deactivated).`,
  }),
  };
};

export type CatalogueEndpoints = ReturnType<typeof catalogueEndpoints>;
