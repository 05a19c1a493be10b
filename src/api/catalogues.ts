import { Schema } from "effect";
import { endpoint, everyRole, IdParams, MessageAnswer } from "./endpoint.ts";

/** A feeding, activity or courtesy: what destinations are built from (SPEC.md section 3). */
export const CatalogueItem = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  active: Schema.Boolean,
});
export type CatalogueItem = typeof CatalogueItem.Type;

/** The catalogue form's payload; a blank name is refused with 'required_information'. */
export const CatalogueItemPayload = Schema.Struct({
  name: Schema.String,
  active: Schema.optionalKey(Schema.Boolean),
});
export type CatalogueItemPayload = typeof CatalogueItemPayload.Type;

const everyone = { kind: "session", roles: everyRole } as const;

/**
 * The five endpoints of one catalogue, named as SPEC.md section 7 names them:
 * GET /feedings, GET /feedings/{id}, POST /feedings/createFeeding, PUT /feedings/updateFeeding/{id},
 * DELETE /feedings/{id}.
 */
const catalogueEndpoints = <Resource extends string, Singular extends string>(
  resource: Resource,
  singular: Singular,
  label: string,
) => ({
  resource,
  list: endpoint({
    name: `${resource}.list`,
    method: "GET",
    path: `/${resource}`,
    response: Schema.Array(CatalogueItem),
    access: everyone,
    description: `Every ${label} item, by name.`,
  }),
  get: endpoint({
    name: `${resource}.get`,
    method: "GET",
    path: `/${resource}/:id`,
    params: IdParams,
    response: CatalogueItem,
    access: everyone,
    description: `One ${label} item.`,
  }),
  create: endpoint({
    name: `${resource}.create`,
    method: "POST",
    path: `/${resource}/create${singular}`,
    body: CatalogueItemPayload,
    response: MessageAnswer,
    access: everyone,
    description: `Adds a ${label} item.`,
  }),
  update: endpoint({
    name: `${resource}.update`,
    method: "PUT",
    path: `/${resource}/update${singular}/:id`,
    params: IdParams,
    body: CatalogueItemPayload,
    response: MessageAnswer,
    access: everyone,
    description: `Renames, activates or deactivates a ${label} item.`,
  }),
  remove: endpoint({
    name: `${resource}.delete`,
    method: "DELETE",
    path: `/${resource}/:id`,
    params: IdParams,
    response: MessageAnswer,
    access: everyone,
    description: `Deletes a ${label} item that no destination uses (one in use can only be deactivated).`,
  }),
});

export type CatalogueEndpoints = ReturnType<typeof catalogueEndpoints>;

export const feedings = catalogueEndpoints("feedings", "Feeding", "feeding");
export const activities = catalogueEndpoints("activities", "Activity", "activity");
export const courtesys = catalogueEndpoints("courtesys", "Courtesy", "courtesy");

export const catalogues = [feedings, activities, courtesys] as const;
