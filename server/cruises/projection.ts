import { type CruiseFields, CruiseEvent, cruiseMachine } from "../../src/machines/domain/cruise.machine.ts";
import type { RecordType } from "../events/command.ts";
import { type Projection, recordProjection } from "../events/projection.ts";

export const cruiseRecord: RecordType<typeof cruiseMachine> = { stream: "cruise", table: "cruises", machine: cruiseMachine };

/** The cruises row's columns of a departure's fields. */
const columns = (fields: CruiseFields) => ({
  code: fields.code,
  yacht_id: fields.yachtId,
  cruise_itinerary_id: fields.cruiseItineraryId,
  start_date: fields.startDate,
  end_date: fields.endDate,
  guide_ids: fields.guideIds,
  language_ids: fields.languageIds,
  captain_id: fields.captainId,
  hotelier_id: fields.hotelierId,
  notes: fields.notes,
});

export const cruisesProjection: Projection = recordProjection({
  record: cruiseRecord,
  events: CruiseEvent,
  on: {
    "cruise.schedule": ({ event, insert }) => insert(columns(event)),
    "cruise.edit": ({ event, update }) => update(columns(event)),
    "cruise.cancel": ({ event, row, update }) => update({ cancel_reason: event.reason, canceled_at: row.at }),
  },
});
