/**
 * The fleet's catalogue as it stood at an instant (issue 40 item 1, decision 071): a departure's
 * past berth plan and grid name and count the cabins, decks, yachts and itineraries of then, not
 * of today. Each item is folded from its events up to the instant with the projection's own
 * `itemChange` and its machine's status, and handed to the reads' own SQL as a row source in
 * place of the table (`itemsSource`), so a past answer is put together by the same statements as
 * today's.
 */
import type { Queryable } from "../db/database.ts";
import { toMachineEvent } from "../events/decode.ts";
import { eventsWhere, replayStatuses } from "../events/replay.ts";
import { type CatalogueRecord, itemChange } from "./projection.ts";
import { catalogueRecord } from "./storage.ts";

/** An item as its events up to an instant left it: the columns its table would have held then. */
export interface ItemThen {
  readonly id: number;
  readonly name: string;
  readonly status: string;
  readonly active: boolean;
  readonly details: Readonly<Record<string, unknown>>;
}

/** The items of a catalogue as they stood at `asOf` (those created by then), deleted ones too, as the table keeps them. */
export const itemsAsOf = async (db: Queryable, catalogue: CatalogueRecord, asOf: Date): Promise<ReadonlyArray<ItemThen>> => {
  const record = catalogueRecord(catalogue);
  const statusAfter = replayStatuses(record.machine);
  const items = new Map<number, ItemThen>();
  for (const stored of await eventsWhere(db, "e.stream = $1 and e.occurred_at <= $2", [record.stream, asOf])) {
    const id = Number(stored.streamId);
    const before = items.get(id);
    const event = toMachineEvent(record.events, stored);
    items.set(id, {
      id,
      name: before?.name ?? "",
      active: before?.active ?? false,
      details: before?.details ?? {},
      ...itemChange(event),
      status: statusAfter(before?.status ?? null, event) ?? before?.status ?? "absent",
    });
  }
  return [...items.values()];
};

/**
 * The items as a row source for a read's SQL, in place of `table alias`: `$parameter` is bound to
 * the items as JSON (`JSON.stringify(items)`).
 */
export const itemsSource = (parameter: number, alias: string): string =>
  `jsonb_to_recordset($${parameter}::jsonb) as ${alias}(id int, name text, status text, active boolean, details jsonb)`;
