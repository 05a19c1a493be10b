import { CatalogueItemEvent } from "../../src/machines/domain/catalogueItem.machine.ts";
import { activities } from "../../src/records/activities.ts";
import type { CatalogueDeclaration } from "../../src/records/catalogue.ts";
import { courtesys } from "../../src/records/courtesys.ts";
import { feeding } from "../../src/records/feeding.ts";
import { catalogues } from "../../src/records/index.ts";
import { insertRow, type Projection, recordProjection, updateRow } from "../events/projection.ts";

/** One declared catalogue's items: the same machine and columns, its own stream, table and details. */
export type CatalogueRecord = CatalogueDeclaration;

/** The three catalogues a destination is built from (its projection fills itinerary_catalogue_items). */
export const feedingRecord: CatalogueRecord = feeding;
export const activityRecord: CatalogueRecord = activities;
export const courtesyRecord: CatalogueRecord = courtesys;

export const catalogueProjection = (record: CatalogueRecord): Projection =>
  recordProjection({
    record,
    events: CatalogueItemEvent,
    apply: async (tx, event, row) => {
      switch (event.type) {
        case "catalogueItem.create":
          return insertRow(tx, record.table, row, { name: event.name, active: event.active, details: event.details ?? {} });
        case "catalogueItem.edit":
          return updateRow(tx, record.table, row, { name: event.name, ...(event.details === undefined ? {} : { details: event.details }) });
        case "catalogueItem.activate":
        case "catalogueItem.deactivate":
        case "catalogueItem.delete":
          return updateRow(tx, record.table, row, { active: event.type === "catalogueItem.activate" });
      }
    },
  });

/** One projection per declared catalogue. */
export const catalogueProjections: ReadonlyArray<Projection> = catalogues.map(catalogueProjection);
