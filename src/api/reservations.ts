import { Schema } from "effect";
import { reasonField } from "./catalogues.ts";
import { anySignedIn, endpoint, MessageAnswer, recordEndpoints } from "./endpoint.ts";
import { textField, textProblem } from "./fields.ts";
import { CruiseId, idParams, Int4, PositiveIntFromText, ReservationId, SerialId, SerialIdFromText, SpaceId } from "./ids.ts";
import { Instant } from "./instant.ts";
import { MoneyState } from "./money.ts";
import { ItemizedLine, ItemizedSums } from "./quote.ts";
import { RecordVersion } from "./versions.ts";
import { reservationPath } from "./reservationPath.ts";

export { Instant, isInstant } from "./instant.ts";

/**
 * Reservations and their spaces (DOMAIN.md sections 5 and 9): one departure, one agency (or
 * direct), bookings by cabin, one space per berth. Every call is judged by the reservation
 * machine with the facts the server loads under the departure's lock.
 */
export const ReservationType = Schema.Literals(["general", "contract", "charter", "familyRoom", "ikarus"]);
export type ReservationType = typeof ReservationType.Type;

export const ReservationState = Schema.Literals(["reserved", "waiting", "confirmed", "canceled"]);
export type ReservationState = typeof ReservationState.Type;

export const SpaceState = Schema.Literals(["reserved", "waiting", "confirmed", "canceled"]);
export type SpaceState = typeof SpaceState.Type;

/** A cabin asked for and its spaces' types (`genderId`: Male Adult, Female Adult, Child). */
export const CabinRequest = Schema.Struct({
  cabinId: SerialId,
  spaces: Schema.Array(Schema.Struct({ genderId: SerialId })),
});
export type CabinRequest = typeof CabinRequest.Type;

export const notesField = textField(1000);

export const ReservationDraft = Schema.Struct({
  cruiseId: SerialId,
  /** null: a direct client, sold by staff. */
  agencyId: Schema.NullOr(SerialId),
  type: ReservationType,
  /** Optional: the policy's default. */
  timeLimit: Schema.optionalKey(Schema.NullOr(Instant)),
  /** When the departure or a cabin is full: wait for berths instead of being refused. */
  waitlist: Schema.optionalKey(Schema.Boolean),
  notes: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(notesField.maxLength))),
  cabins: Schema.Array(CabinRequest),
});
export type ReservationDraft = typeof ReservationDraft.Type;

/** A draft's own problem: no cabin, or a cabin without spaces (`required_information`); a charter without cabins takes the whole yacht. */
export const missingSpaces = (cabins: ReadonlyArray<{ readonly spaces: ReadonlyArray<unknown> }>, charter = false): boolean =>
  (!charter && cabins.length === 0) || cabins.some(({ spaces }) => spaces.length === 0);

export const Space = Schema.Struct({
  id: SpaceId,
  cabinId: SerialId,
  genderId: SerialId,
  genderName: Schema.String,
  state: SpaceState,
  passengerId: Schema.NullOr(SerialId),
  passengerName: Schema.NullOr(Schema.String),
  cancelReason: Schema.NullOr(Schema.String),
});
export type Space = typeof Space.Type;

export const Booking = Schema.Struct({ cabinId: SerialId, cabinName: Schema.String, spaces: Schema.Array(Space) });

const Money = Schema.Struct({ total: Schema.Finite, commission: Schema.Finite, net: Schema.Finite });

/** What names a reservation in a list or a report: its code and its departure's code, yacht and first day. */
export const ReservationOnDeparture = Schema.Struct({
  id: ReservationId,
  code: Schema.String,
  cruiseId: CruiseId,
  cruiseCode: Schema.String,
  yachtName: Schema.String,
  startDate: Schema.String,
});

export const ReservationSummary = Schema.Struct({
  ...ReservationOnDeparture.fields,
  agencyId: Schema.NullOr(SerialId),
  agencyName: Schema.NullOr(Schema.String),
  type: ReservationType,
  executive: Schema.NullOr(Schema.Struct({ id: SerialId, name: Schema.String })),
  state: ReservationState,
  timeLimit: Schema.NullOr(Schema.String),
  extensions: Int4,
  /** Live spaces (held, waiting or confirmed). */
  spaces: Int4,
  price: Money,
  createdAt: Schema.String,
  version: Int4,
});
export type ReservationSummary = typeof ReservationSummary.Type;

export const Reservation = Schema.Struct({
  ...ReservationSummary.fields,
  notes: Schema.String,
  cancelReason: Schema.NullOr(Schema.String),
  bookings: Schema.Array(Booking),
  /** The quote's lines, as priced when the reservation was made (and its passengers' flight legs), itemized in cents. */
  lines: Schema.Array(ItemizedLine),
  /** The live lines' sums in cents: at the rack price, the total, the agency's commission and the net due (decision 079). */
  priceCents: ItemizedSums,
  /** While held: the latest time limit the policy allows now (what an extension may ask at most). */
  latestTimeLimit: Schema.NullOr(Schema.String),
  /** For an agency user: how many more times it may extend; null for staff, who extend without a count. */
  extensionsLeft: Schema.NullOr(Int4),
});
export type Reservation = typeof Reservation.Type;


export const DEFAULT_RESERVATIONS_PAGE_SIZE = 50;

/** The orders a page of reservations can be read in (`sort`), besides newest first. */
export const ReservationsSort = Schema.Literals(["departure", "code", "agency", "state", "timeLimit", "berths", "total", "balance"]);
export type ReservationsSort = typeof ReservationsSort.Type;

export const SortOrder = Schema.Literals(["asc", "desc"]);

export const ReservationsQuery = Schema.Struct({
  cruiseId: Schema.optionalKey(SerialIdFromText),
  agencyId: Schema.optionalKey(SerialIdFromText),
  state: Schema.optionalKey(ReservationState),
  /** Held ones whose time limit passes within this many hours. */
  expiringWithin: Schema.optionalKey(PositiveIntFromText.check(Schema.isLessThanOrEqualTo(24 * 90))),
  q: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200))),
  /** Those whose money stands so now (decision 067): for the readers of money. */
  moneyState: Schema.optionalKey(MoneyState),
  /** The column the page is ordered by (ties newest first), or `balance` (readers of money); without it, newest first. */
  sort: Schema.optionalKey(ReservationsSort),
  /** Ascending unless `desc`; only with `sort`; `balance` without it: the largest first. */
  order: Schema.optionalKey(SortOrder),
  page: Schema.optionalKey(PositiveIntFromText),
  pageSize: Schema.optionalKey(PositiveIntFromText.check(Schema.isLessThanOrEqualTo(200))),
});
export type ReservationsQuery = typeof ReservationsQuery.Type;

/**
 * A reservation's bookings as they should be, and its notes: a cabin's spaces beyond its live ones
 * are added (held, confirmed or waiting as the reservation is), a booked cabin left out is removed
 * once its spaces are canceled; fewer spaces than are live is refused (spaces are canceled one
 * by one, with their reason).
 */
export const ReservationChange = Schema.Struct({
  notes: Schema.String.check(Schema.isMaxLength(notesField.maxLength)),
  cabins: Schema.Array(CabinRequest),
});
export type ReservationChange = typeof ReservationChange.Type;
const ReservationEdit = Schema.Struct({ ...ReservationChange.fields, version: RecordVersion });

export const TimeLimitChange = Schema.Struct({ timeLimit: Instant });
export const Cancellation = Schema.Struct({ reason: Schema.String });

/** A cancellation's reason: required, at most 300 characters. */
export const reasonProblem = (reason: string) => textProblem(reasonField, reason);

/** A departure's cabin and, per berth, the live space on it or none (free). */
export const CruiseCabin = Schema.Struct({
  id: SerialId,
  name: Schema.String,
  deckId: Schema.NullOr(SerialId),
  deckName: Schema.NullOr(Schema.String),
  category: Schema.String,
  familyRoom: Schema.Boolean,
  capacity: Int4,
  berths: Schema.Array(
    Schema.NullOr(
      Schema.Struct({
        spaceId: SpaceId,
        state: SpaceState,
        /** Null for a reservation the caller may not see (another agency's). */
        reservationCode: Schema.NullOr(Schema.String),
        /** The reservation to open from the berth; null where its code is. */
        reservationId: Schema.NullOr(ReservationId),
        /** The reservation's agency; null for a direct client, or where its code is. */
        agencyName: Schema.NullOr(Schema.String),
        /** The space's type (Male Adult, Female Adult, Child): whoever reads the plan sees it, since it decides who may share the cabin. */
        genderId: SerialId,
      }),
    ),
  ),
  waiting: Int4,
  /**
   * Where the yacht's deck_schema page places the cabin on its deck's plan (the top-left corner of
   * its box, in grid units: src/api/yachtPages.ts); null when the page does not place it. Here
   * because agency users read the plan too, and not the yacht's pages.
   */
  position: Schema.NullOr(Schema.Struct({ x: Int4, y: Int4 })),
  /**
   * The stored drawing of the cabin's deck (the yacht's deck_plan page: `uploads/...`), which the
   * plan draws the cabins on at their positions; null when the yacht has no drawing of that deck.
   */
  deckPlan: Schema.NullOr(Schema.String),
});
export type CruiseCabin = typeof CruiseCabin.Type;

/** Staff and agencies; an agency user only ever reaches its own agency's reservations. */
const sellers = { kind: "session", roles: ["admin", "sales", "agency"] } as const;
const readers = anySignedIn;

const reservations = recordEndpoints({ resource: "reservations", singular: "Reservation", id: ReservationId, readers, writers: sellers });

export const listReservations = reservations.list({
  query: ReservationsQuery,
  response: Schema.Array(ReservationSummary),
  description:
    "One page of reservations (meta: total, page, pageSize), newest first or by `sort` (departure, code, agency, state, timeLimit, berths, total; balance, the largest first unless `order=asc`) in `order` (asc, desc): of a departure, an agency, a state, a money state (`moneyState`: unpaid, depositPaid, paid, overdue, refundDue, settled), held ones expiring within `expiringWithin` hours, or matching `q` (code, agency). An agency user sees its own agency's only; marketing, who reads no money, may not narrow or sort by it (403).",
});

export const getReservation = reservations.get({
  path: reservationPath,
  response: Reservation,
  description: "One reservation with its bookings by cabin, spaces, price and lines; an agency user only its own agency's (else 404).",
});

export const createReservation = reservations.create({
  body: ReservationDraft,
  response: ReservationSummary,
  description:
    "Holds berths on a departure (or, with `waitlist` and no room, puts them on the waiting list): cruiseId, agencyId (null: direct), type, timeLimit (optional: the policy's default), notes, cabins with their spaces' types. Priced by the rates; refused with the spec's messages ('cruise full', 'cabin not available', 'gender not allowed', 'another reservation with family room on the cabin', 'no charter creation when spaces are occupied', 'another charter reservation exists', 'rate not defined', 'time limit not allowed').",
});

/**
 * A confirmation's optional reason (decision 065): what lets an admin confirm a direct client's
 * reservation before its deposit is received, recorded on the event; anyone may send one, it
 * overrides nothing else. No body at all is no reason.
 */
export const ConfirmChange = Schema.Struct({ reason: Schema.optionalKey(Schema.String) });
export type ConfirmChange = typeof ConfirmChange.Type;

export const confirmReservation = reservations.command("confirm", {
  body: ConfirmChange,
  description:
    "Confirms a held reservation's spaces once paid for (DOMAIN.md section 10): 409 'time limit not allowed' once its time limit has passed, 'deposit not received' when less than the deposit due is paid (a direct client's: unless an admin gives a `reason`, up to 300 characters; an agency's: unless its credit covers it), 'agency credit exceeded' when the agency's open balance plus this deposit is beyond its credit limit. The payment terms in force are stored with it.",
});

export const extendTimeLimit = reservations.command("extend", {
  path: "/reservations/extendTimeLimit/:id",
  body: TimeLimitChange,
  description: "Moves a held reservation's time limit later, within the policy; an agency user at most the policy's number of times. 409 'time limit not allowed' otherwise.",
});

export const cancelReservation = reservations.command("cancel", {
  body: Cancellation,
  description: "Cancels every live space of a reservation for a reason (required, at most 300 characters); the waiting list is promoted.",
});

export const updateReservation = reservations.update({
  body: ReservationEdit,
  description:
    "Changes a live reservation's notes and bookings, with the version it was loaded at: `cabins` lists every cabin with the space types it should hold; spaces beyond the live ones are added under the hold's rules ('cruise full', 'cabin not available', 'gender not allowed', 'another reservation with family room on the cabin', 'rate not defined') and priced; a booked cabin left out, or with fewer spaces than are live, is refused with 'the booking for this cabin has spaces' until they are canceled.",
});

export const deleteReservation = reservations.remove({
  description: "Deletes a reservation without live spaces; 409 'the reservation has spaces' otherwise.",
});

export const cancelSpace = endpoint({
  name: "spaces.cancel",
  method: "PUT",
  path: "/spaces/cancelSpace/:id",
  params: idParams(SpaceId),
  body: Cancellation,
  response: MessageAnswer,
  access: sellers,
  description: "Cancels one space for a reason; its reservation is canceled with its last live space. The waiting list is promoted.",
});

export const cruiseCabins = endpoint({
  name: "cruises.cabins",
  method: "GET",
  path: "/cruises/:id/cabins",
  params: idParams(CruiseId),
  query: Schema.Struct({
    /** The plan as it stood at this instant, from the event log (decision 071); now when left out. */
    asOf: Schema.optionalKey(Instant),
  }),
  response: Schema.Array(CruiseCabin),
  access: readers,
  description:
    "Every cabin of the departure's yacht with its berths and, per berth, the live space on it (state, space type, reservation code, id and agency) or null when free, its position on its deck's plan (the yacht's deck_schema page; null: not placed) and its deck's drawing (the deck_plan page; null: none); an agency user sees other agencies' spaces without their code, id or agency, with their state and type. With `asOf` (an instant), the spaces as they stood then, replayed from the event log (404 for a departure not scheduled by then).",
});

export const reservationEndpoints = [
  listReservations,
  getReservation,
  createReservation,
  confirmReservation,
  extendTimeLimit,
  cancelReservation,
  updateReservation,
  deleteReservation,
  cancelSpace,
  cruiseCabins,
];
