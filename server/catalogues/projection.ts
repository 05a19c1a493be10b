import { CatalogueItemEvent, catalogueItemMachine } from "../../src/machines/domain/catalogueItem.machine.ts";
import { activities } from "../../src/records/activities.ts";
import type { CatalogueDeclaration } from "../../src/records/catalogue.ts";
import { courtesys } from "../../src/records/courtesys.ts";
import { feeding } from "../../src/records/feeding.ts";
import { catalogues } from "../../src/records/index.ts";
import type { Queryable } from "../db/database.ts";
import { toMachineEvent } from "../events/decode.ts";
import { nextStatus } from "../events/machine.ts";
import type { StoredEvent } from "../events/store.ts";
import type { Projection } from "../events/projection.ts";

/** One declared catalogue's items: the same machine and columns, its own stream and table. */
export type CatalogueRecord = CatalogueDeclaration;

/** The three catalogues a destination is built from (its projection fills itinerary_catalogue_items). */
export const feedingRecord: CatalogueRecord = feeding;
export const activityRecord: CatalogueRecord = activities;
export const courtesyRecord: CatalogueRecord = courtesys;

const apply = async (record: CatalogueRecord, tx: Queryable, stored: StoredEvent): Promise<void> => {
  const event = toMachineEvent(CatalogueItemEvent, stored);
  const id = Number(stored.streamId);
  const [row] = await tx.query<{ status: string }>(`select status from ${record.table} where id = $1`, [id]);
  const status = nextStatus(catalogueItemMachine, row?.status ?? null, event);
  if (status === null) throw new Error(`${record.stream} ${id}: stored event ${stored.id} (${event.type}) does not apply`);
  const bookkeeping = [status, stored.version, stored.occurredAt, id] as const;
  switch (event.type) {
    case "catalogueItem.create":
      await tx.query(
        `insert into ${record.table} (status, version, created_at, id, updated_at, name, active)
         values ($1, $2, $3, $4, $3, $5, $6)`,
        [...bookkeeping, event.name, event.active],
      );
      return;
    case "catalogueItem.rename":
      await tx.query(`update ${record.table} set status = $1, version = $2, updated_at = $3, name = $5 where id = $4`, [
        ...bookkeeping,
        event.name,
      ]);
      return;
    case "catalogueItem.activate":
    case "catalogueItem.deactivate":
    case "catalogueItem.delete":
      await tx.query(`update ${record.table} set status = $1, version = $2, updated_at = $3, active = $5 where id = $4`, [
        ...bookkeeping,
        event.type === "catalogueItem.activate",
      ]);
      return;
  }
};

export const catalogueProjection = (record: CatalogueRecord): Projection => ({
  stream: record.stream,
  tables: [record.table],
  sequences: [{ table: record.table, column: "id" }],
  apply: (tx, stored) => apply(record, tx, stored),
});

/** One projection per declared catalogue. */
export const catalogueProjections: ReadonlyArray<Projection> = catalogues.map(catalogueProjection);
