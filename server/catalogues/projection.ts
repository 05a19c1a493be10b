import { Schema } from "effect";
import { activities } from "../../src/records/activities.ts";
import { courtesies } from "../../src/records/courtesies.ts";
import { feeding } from "../../src/records/feeding.ts";
import { catalogues } from "../../src/records/index.ts";
import type { Queryable } from "../db/database.ts";
import { queryOne } from "../db/rows.ts";
import { type Projection, recordProjection, type RowState, type Writing } from "../events/projection.ts";
import { catalogueRecord, type ServedCatalogue } from "./storage.ts";

/** One declared catalogue's items: the same machine and columns, its own stream, table and details. */
export type CatalogueRecord = ServedCatalogue;

/** The three catalogues a destination is built from (its projection fills itinerary_catalogue_items). */
export const feedingRecord: CatalogueRecord = feeding;
export const activityRecord: CatalogueRecord = activities;
export const courtesyRecord: CatalogueRecord = courtesies;

const StampsRow = Schema.Struct({ stamps: Schema.Record(Schema.String, Schema.Unknown) });

/** The item's stamps with `more` added: what its lifecycle's commands stamped so far (an activation's date). */
const stamped = async (tx: Queryable, table: string, row: RowState, more: Readonly<Record<string, string>>) => {
  const current = await queryOne(tx, StampsRow, `select stamps from ${table} where id = $1`, [row.id]);
  return JSON.stringify({ ...current?.stamps, ...more });
};

/** A catalogue item's event, as its record's machine reads it. */
export type CatalogueEvent = CatalogueRecord["events"]["Type"];

/**
 * What an item's event changes of its name, activity and details: the projection writes it, and
 * a past instant's fleet is folded from it (asOf.ts). A create writes all three.
 */
export const itemChange = (event: CatalogueEvent): { readonly name?: string; readonly active?: boolean; readonly details?: Readonly<Record<string, unknown>> } => {
  switch (event.type) {
    case "catalogueItem.create":
      return { name: event.name, active: event.active, details: event.details ?? {} };
    case "catalogueItem.edit":
      return { name: event.name, ...(event.details === undefined ? {} : { details: event.details }) };
    case "catalogueItem.activate":
    case "ikarusRate.activate":
      return { active: true };
    case "catalogueItem.deactivate":
    case "catalogueItem.delete":
    case "ikarusRate.deactivate":
      return { active: false };
  }
};

/** An item's event that only changes what itemChange says. */
const changed = ({ event, update }: Writing<CatalogueEvent>) => update(itemChange(event));

export const catalogueProjection = (catalogue: CatalogueRecord): Projection => {
  const record = catalogueRecord(catalogue);
  return recordProjection({
    record,
    events: record.events,
    on: {
      "catalogueItem.create": ({ event, insert }) => insert(itemChange(event)),
      "catalogueItem.edit": changed,
      "catalogueItem.activate": changed,
      "catalogueItem.deactivate": changed,
      "catalogueItem.delete": changed,
      // the dates are the events' own times, so a rebuild stamps the same ones
      "ikarusRate.activate": async ({ tx, event, row, update }) =>
        update({ ...itemChange(event), stamps: await stamped(tx, record.table, row, { activatedAt: row.at.toISOString() }) }),
      "ikarusRate.deactivate": async ({ tx, event, row, update }) =>
        update({
          ...itemChange(event),
          stamps: await stamped(tx, record.table, row, { deactivatedAt: row.at.toISOString(), deactivationReason: event.reason }),
        }),
    },
  });
};

/** One projection per declared catalogue. */
export const catalogueProjections: ReadonlyArray<Projection> = catalogues.map(catalogueProjection);
