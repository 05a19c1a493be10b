import { Schema } from "effect";
import { CruiseStatus } from "./availability.ts";
import { reasonField } from "./catalogues.ts";
import { type Detail, type DetailValues, detail, detailPayloadFields, detailProblems, isCalendarDay } from "./details.ts";
import { endpoint, recordEndpoints, staffRoles } from "./endpoint.ts";
import { type FieldProblems, textField, textProblem } from "./fields.ts";
import { CruiseId, Int4, PositiveIntFromText, SerialId, SerialIdFromText } from "./ids.ts";
import { RecordVersion } from "./versions.ts";

/**
 * Departures (DOMAIN.md sections 4 and 9): one departure of one yacht on one of its cruise
 * itineraries, from a start day to the day its nights end. Its fields are declared details
 * (decision 027), so the same rules judge the panel's form and the server's command, and the
 * panel draws the form with the catalogues' inputs.
 */
export const cruiseDetails: ReadonlyArray<Detail> = [
  { name: "yachtId", rule: detail.reference("yachts") },
  { name: "cruiseItineraryId", rule: detail.reference("cruiseItineraries") },
  { name: "startDate", rule: detail.date() },
  { name: "guideIds", rule: detail.references("guides") },
  { name: "languageIds", rule: detail.references("languages") },
  { name: "captainId", rule: detail.reference("captains", { required: false }) },
  { name: "hotelierId", rule: detail.reference("hoteliers", { required: false }) },
  { name: "notes", rule: detail.text(textField(1000)) },
];

/** A departure's fields as `createCruise` sends them; one left out is blank (and refused when required). */
export interface CruiseDraft {
  readonly yachtId?: number | null;
  readonly cruiseItineraryId?: number | null;
  readonly startDate?: string | null;
  readonly guideIds?: ReadonlyArray<number>;
  readonly languageIds?: ReadonlyArray<number>;
  readonly captainId?: number | null;
  readonly hotelierId?: number | null;
  readonly notes?: string;
}

// the schema is built from the declared details; its type is the one above
export const CruiseDraft = Schema.Struct(detailPayloadFields(cruiseDetails)) as unknown as Schema.Codec<CruiseDraft>;
const CruiseEdit = Schema.Struct({ ...detailPayloadFields(cruiseDetails), version: RecordVersion }) as unknown as Schema.Codec<
  CruiseDraft & { readonly version: RecordVersion }
>;

/** Each field's problem judged alone (a blank start day, a day that is not one). */
export const cruiseDraftProblems = (values: DetailValues): FieldProblems => detailProblems(cruiseDetails, values);

/** A departure's berths, derived from its spaces: never typed in. */
export const Availability = Schema.Struct({
  capacity: Int4,
  held: Int4,
  confirmed: Int4,
  waiting: Int4,
  free: Int4,
  status: CruiseStatus,
});
export type Availability = typeof Availability.Type;

/** Where a departure is in its life: scheduled, or canceled for a reason (for good). */
export const CruiseState = Schema.Literals(["scheduled", "canceled"]);
export type CruiseState = typeof CruiseState.Type;

const Day = Schema.String;
const Ids = Schema.Array(SerialId);

export const Cruise = Schema.Struct({
  id: CruiseId,
  code: Schema.String,
  yachtId: SerialId,
  yachtName: Schema.String,
  /** The yacht's colour, `#rrggbb`: its departures in calendars. */
  yachtColour: Schema.String,
  cruiseItineraryId: SerialId,
  cruiseItineraryName: Schema.String,
  days: Int4,
  nights: Int4,
  startDate: Day,
  /** The start day plus the itinerary's nights. */
  endDate: Day,
  guideIds: Ids,
  languageIds: Ids,
  captainId: Schema.NullOr(SerialId),
  hotelierId: Schema.NullOr(SerialId),
  notes: Schema.String,
  state: CruiseState,
  cancelReason: Schema.NullOr(Schema.String),
  availability: Availability,
  version: RecordVersion,
});
export type Cruise = typeof Cruise.Type;

const DayParameter = Schema.String.check(Schema.makeFilter((text) => isCalendarDay(text)));

/** The most departures one page answers: a year of one yacht's weekly departures fits in one. */
export const MAX_CRUISES_PAGE_SIZE = 200;
export const DEFAULT_CRUISES_PAGE_SIZE = 50;

/** The orders a page of departures can be read in (`sort`), besides by start day. */
export const CruisesSort = Schema.Literals(["start", "code", "yacht", "itinerary", "free", "state"]);
export type CruisesSort = typeof CruisesSort.Type;

/** Departures starting within [from, to] (days, both included), of one yacht, a page of them, by start day. */
export const CruisesQuery = Schema.Struct({
  from: Schema.optionalKey(DayParameter),
  to: Schema.optionalKey(DayParameter),
  yachtId: Schema.optionalKey(SerialIdFromText),
  /** Scheduled or canceled ones only. */
  state: Schema.optionalKey(Schema.Literals(["scheduled", "canceled"])),
  /** Every word in the code, the yacht's or the itinerary's name. */
  q: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200))),
  /** The column the page is ordered by (ties by start day); without it, by start day. */
  sort: Schema.optionalKey(CruisesSort),
  /** Ascending unless `desc`; only with `sort`. */
  order: Schema.optionalKey(Schema.Literals(["asc", "desc"])),
  page: Schema.optionalKey(PositiveIntFromText),
  pageSize: Schema.optionalKey(PositiveIntFromText.check(Schema.isLessThanOrEqualTo(MAX_CRUISES_PAGE_SIZE))),
});
export type CruisesQuery = typeof CruisesQuery.Type;

/** A period's departures generated from an itinerary: every start weekday from `from` to `to`. */
export const CruiseGeneration = Schema.Struct({
  cruiseItineraryId: Schema.NullOr(SerialId),
  from: Schema.NullOr(Schema.String),
  to: Schema.NullOr(Schema.String),
});
export type CruiseGeneration = typeof CruiseGeneration.Type;

/** The longest period generated at once: two years of departures. */
export const MAX_GENERATION_DAYS = 731;

const daysBetween = (from: string, to: string): number => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** A generation's problem: blank fields, a day that is none, a period that ends before it starts or spans over two years. */
export const generationProblems = (generation: CruiseGeneration): FieldProblems<keyof CruiseGeneration> => {
  const problems: Partial<Record<keyof CruiseGeneration, "required" | "invalid">> = {};
  if (generation.cruiseItineraryId === null) problems.cruiseItineraryId = "required";
  for (const name of ["from", "to"] as const) {
    const day = generation[name];
    if (day === null || day === "") problems[name] = "required";
    else if (!isCalendarDay(day)) problems[name] = "invalid";
  }
  const { from, to } = generation;
  if (problems.from === undefined && problems.to === undefined && from !== null && to !== null) {
    const span = daysBetween(from, to);
    if (span < 0 || span > MAX_GENERATION_DAYS) problems.to = "invalid";
  }
  return problems;
};

export const CruiseCancellation = Schema.Struct({ reason: Schema.String });

/** A cancellation's reason: required, at most 300 characters. */
export const cancellationProblem = (reason: string) => textProblem(reasonField, reason);

/** Who reads departures: the staff (DOMAIN.md section 2; agencies see them through availability). */
const readers = { kind: "session", roles: staffRoles } as const;
const writers = { kind: "session", roles: ["admin"] } as const;

const cruises = recordEndpoints({ resource: "cruises", singular: "Cruise", id: CruiseId, readers, writers });

export const listCruises = cruises.list({
  query: CruisesQuery,
  response: Schema.Array(Cruise),
  description:
    "One page of departures (meta: total, page, pageSize) by start day or by `sort` (start, code, yacht, itinerary, free, state) in `order` (asc, desc), canceled ones included: those starting from `from` to `to` (YYYY-MM-DD, both included) of yacht `yachtId`, in `state` (scheduled, canceled), matching every word of `q` (code, yacht, itinerary), each with its availability {capacity, held, confirmed, waiting, free, status}.",
});

export const getCruise = cruises.get({
  response: Cruise,
  description: "One departure with its guides, languages, captain, hotelier, notes and availability.",
});

export const createCruise = cruises.create({
  body: CruiseDraft,
  description:
    "Schedules a departure: yachtId, cruiseItineraryId (one of the yacht's), startDate, guideIds, languageIds, captainId, hotelierId, notes. Its code is the yacht's initials and the start day; its end day the start plus the itinerary's nights. 409 'the yacht already has a departure on those days' when it overlaps another of the yacht's.",
});

export const generateCruises = endpoint({
  name: "cruises.generate",
  method: "POST",
  path: "/cruises/generateCruises",
  body: CruiseGeneration,
  response: Schema.Array(Schema.String),
  access: writers,
  description:
    "Schedules a departure of the itinerary's yacht on every start weekday of the itinerary from `from` to `to` (at most two years), leaving out the days where the yacht already sails; answers the new departures' codes (none when every day was taken).",
});

export const updateCruise = cruises.update({
  body: CruiseEdit,
  description: "Changes a scheduled departure's fields, with the version its form was loaded at; its code follows its yacht and start day.",
});

export const cancelCruise = cruises.command("cancel", {
  body: CruiseCancellation,
  description: "Cancels a scheduled departure for a reason (required, at most 300 characters), for good.",
});

export const cruiseEndpoints = [listCruises, getCruise, createCruise, generateCruises, updateCruise, cancelCruise];
