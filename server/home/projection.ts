import type { AnyStateMachine, EventFromLogic } from "xstate";
import { BannerEvent, bannerMachine } from "../../src/machines/domain/banner.machine.ts";
import { CallActionEvent, callActionMachine } from "../../src/machines/domain/callAction.machine.ts";
import { RecommendationsSet, recommendationListMachine } from "../../src/machines/domain/recommendations.machine.ts";
import type { Queryable } from "../db/database.ts";
import type { RecordType } from "../events/command.ts";
import { toMachineEvent } from "../events/decode.ts";
import { nextStatus } from "../events/machine.ts";
import type { StoredEvent } from "../events/store.ts";
import type { Projection } from "../events/projection.ts";

export const bannerRecord: RecordType<typeof bannerMachine> = {
  stream: "banner",
  table: "banners",
  machine: bannerMachine,
};

export const callActionRecord: RecordType<typeof callActionMachine> = {
  stream: "callAction",
  table: "call_actions",
  machine: callActionMachine,
};

/** One record per page's list; the home page's is the only one. */
export const recommendationsRecord: RecordType<typeof recommendationListMachine> = {
  stream: "recommendations",
  table: "recommendation_lists",
  machine: recommendationListMachine,
};

export const HOME_RECOMMENDATIONS = "home";

/** The status a stored event leads to from the row's; an event that does not apply is a bug. */
const statusAfter = async <M extends AnyStateMachine>(
  tx: Queryable,
  record: RecordType<M>,
  stored: StoredEvent,
  event: EventFromLogic<M>,
): Promise<string> => {
  const [row] = await tx.query<{ status: string }>(`select status from ${record.table} where id = $1`, [stored.streamId]);
  const status = nextStatus(record.machine, row?.status ?? null, event);
  if (status === null) {
    throw new Error(`${record.stream} ${stored.streamId}: stored event ${stored.id} (${stored.type}) does not apply`);
  }
  return status;
};

/** Rewrites a banner's carousel: every content event carries the whole ordered list. */
const placeImages = async (tx: Queryable, id: number, images: ReadonlyArray<string>): Promise<void> => {
  await tx.query("delete from banner_images where banner_id = $1", [id]);
  await tx.query(
    `insert into banner_images (banner_id, position, path)
     select $1, position::int, path from unnest($2::text[]) with ordinality as image (path, position)`,
    [id, images],
  );
};

const applyBanner = async (tx: Queryable, stored: StoredEvent): Promise<void> => {
  const event = toMachineEvent(BannerEvent, stored);
  const id = Number(stored.streamId);
  const status = await statusAfter(tx, bannerRecord, stored, event);
  const bookkeeping = [status, stored.version, stored.occurredAt, id] as const;
  switch (event.type) {
    case "banner.create":
      await tx.query(
        `insert into banners (status, version, created_at, id, updated_at, title, text, text_two, active)
         values ($1, $2, $3, $4, $3, $5, $6, $7, $8)`,
        [...bookkeeping, event.title, event.text, event.textTwo, event.active],
      );
      await placeImages(tx, id, event.images);
      return;
    case "banner.update":
      await tx.query(
        `update banners set status = $1, version = $2, updated_at = $3, title = $5, text = $6, text_two = $7
         where id = $4`,
        [...bookkeeping, event.title, event.text, event.textTwo],
      );
      await placeImages(tx, id, event.images);
      return;
    case "banner.activate":
    case "banner.deactivate":
      await tx.query("update banners set status = $1, version = $2, updated_at = $3, active = $5 where id = $4", [
        ...bookkeeping,
        event.type === "banner.activate",
      ]);
      return;
  }
};

const applyCallAction = async (tx: Queryable, stored: StoredEvent): Promise<void> => {
  const event = toMachineEvent(CallActionEvent, stored);
  const id = Number(stored.streamId);
  const status = await statusAfter(tx, callActionRecord, stored, event);
  const bookkeeping = [status, stored.version, stored.occurredAt, id] as const;
  switch (event.type) {
    case "callAction.create":
      await tx.query(
        `insert into call_actions (status, version, created_at, id, updated_at, title, text, button_label, link, active)
         values ($1, $2, $3, $4, $3, $5, $6, $7, $8, $9)`,
        [...bookkeeping, event.title, event.text, event.buttonLabel, event.link, event.active],
      );
      return;
    case "callAction.update":
      await tx.query(
        `update call_actions set status = $1, version = $2, updated_at = $3, title = $5, text = $6, button_label = $7,
           link = $8
         where id = $4`,
        [...bookkeeping, event.title, event.text, event.buttonLabel, event.link],
      );
      return;
    case "callAction.activate":
    case "callAction.deactivate":
      await tx.query("update call_actions set status = $1, version = $2, updated_at = $3, active = $5 where id = $4", [
        ...bookkeeping,
        event.type === "callAction.activate",
      ]);
      return;
  }
};

const applyRecommendations = async (tx: Queryable, stored: StoredEvent): Promise<void> => {
  const event = toMachineEvent(RecommendationsSet, stored);
  const status = await statusAfter(tx, recommendationsRecord, stored, event);
  await tx.query(
    `insert into recommendation_lists (id, status, version, created_at, updated_at) values ($1, $2, $3, $4, $4)
     on conflict (id) do update set status = excluded.status, version = excluded.version, updated_at = excluded.updated_at`,
    [stored.streamId, status, stored.version, stored.occurredAt],
  );
  await tx.query("delete from recommendations where list_id = $1", [stored.streamId]);
  await tx.query(
    `insert into recommendations (list_id, position, itinerary_id)
     select $1, position::int, itinerary_id from unnest($2::int[]) with ordinality as entry (itinerary_id, position)`,
    [stored.streamId, event.itineraries],
  );
};

/** Owns the image order too: a rebuild empties both tables and refills them from the events. */
export const bannersProjection: Projection = {
  stream: bannerRecord.stream,
  tables: ["banners", "banner_images"],
  sequences: [{ table: "banners", column: "id" }],
  apply: applyBanner,
};

export const callActionsProjection: Projection = {
  stream: callActionRecord.stream,
  tables: ["call_actions"],
  sequences: [{ table: "call_actions", column: "id" }],
  apply: applyCallAction,
};

/** Keyed by list and position, without a sequence: a rebuild gives the same rows. */
export const recommendationsProjection: Projection = {
  stream: recommendationsRecord.stream,
  tables: ["recommendation_lists", "recommendations"],
  sequences: [],
  apply: applyRecommendations,
};
