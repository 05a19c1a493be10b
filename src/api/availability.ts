import { Schema } from "effect";
import { anySignedIn, recordEndpoints } from "./endpoint.ts";
import { CruiseId, Int4, integerFromText, PositiveIntFromText, SerialId, SerialIdFromText } from "./ids.ts";
import { Instant } from "./instant.ts";

/**
 * A departure's status of SPEC.md section 4, from its berths: `available` while a berth is free,
 * `reserved` when none is free and some are only held, `confirmed` when every berth is confirmed
 * (or the yacht is chartered), `wait` when someone waits.
 */
// Here rather than in cruises.ts, which reads it too: the availability loads no departure's contract.
export const CruiseStatus = Schema.Literals(["available", "reserved", "confirmed", "wait"]);
export type CruiseStatus = typeof CruiseStatus.Type;

/** The most departures a page answers. */
export const AVAILABILITY_PAGE_MAX = 100;

/** The departures a page answers when only `page` is given. */
export const AVAILABILITY_PAGE_SIZE = 50;

/**
 * Availability (DOMAIN.md section 4): the departures of a period, of one yacht or all, with their
 * free berths by cabin category, for staff and agencies. The period is required
 * (`dates required in availability`); an agency sees no reservation, only berths.
 */
export const AvailabilityQuery = Schema.Struct({
  from: Schema.optionalKey(Schema.String),
  to: Schema.optionalKey(Schema.String),
  yachtId: Schema.optionalKey(SerialIdFromText),
  /** Only departures with at least this many free berths. */
  passengers: Schema.optionalKey(integerFromText(Int4)),
  /** The grid as it stood at this instant, from the event log (decision 071); now when left out. */
  asOf: Schema.optionalKey(Instant),
  /** One page of the departures found, with meta (decision 120); every departure when neither is given. */
  page: Schema.optionalKey(PositiveIntFromText),
  pageSize: Schema.optionalKey(PositiveIntFromText.check(Schema.isLessThanOrEqualTo(AVAILABILITY_PAGE_MAX))),
});
export type AvailabilityQuery = typeof AvailabilityQuery.Type;

/** The longest period asked at once: a year. */
export const MAX_AVAILABILITY_DAYS = 366;

export const CategoryBerths = Schema.Struct({ category: Schema.String, free: Int4, capacity: Int4 });

export const DepartureAvailability = Schema.Struct({
  cruiseId: CruiseId,
  code: Schema.String,
  yachtId: SerialId,
  yachtName: Schema.String,
  yachtColour: Schema.String,
  itineraryName: Schema.String,
  startDate: Schema.String,
  endDate: Schema.String,
  status: CruiseStatus,
  free: Int4,
  capacity: Int4,
  waiting: Int4,
  categories: Schema.Array(CategoryBerths),
});
export type DepartureAvailability = typeof DepartureAvailability.Type;

const departures = recordEndpoints({ resource: "availability", singular: "Availability", id: CruiseId, readers: anySignedIn });

export const availability = departures.list({
  query: AvailabilityQuery,
  response: Schema.Array(DepartureAvailability),
  description:
    "The scheduled departures starting from `from` to `to` (YYYY-MM-DD, at most a year), of yacht `yachtId`, with at least `passengers` free berths: each with its free berths by cabin category and its status; with `asOf` (an instant), as they stood then, replayed from the event log. With `page` or `pageSize` (at most 100, 50 by default), that page of them and meta (total, page, pageSize); without either, every one. Without the dates: 400 'dates required in availability'.",
});

export const departureAvailability = departures.get({
  response: DepartureAvailability,
  description:
    "One scheduled departure as the availability lists it (code, yacht, itinerary, dates, free berths by cabin category and status), for every role: what an agency user's departure page shows. 404 for a departure that is not scheduled.",
});
