import { ApiError } from "../../../src/api/errors.ts";
import { messages } from "../../../src/api/messages.ts";
import type { ReservationDraft, ReservationSummary } from "../../../src/api/reservations.ts";
import type { FieldProblem } from "../../../src/api/fields.ts";
import type { BerthRequest, LiveSpace } from "../../../src/machines/domain/berths.ts";
import { linesWithSpaces, type PricingFacts, priceDraft } from "../../../src/machines/domain/pricing.ts";
import { noReservationFacts, type ReservationFacts, reservationMachine } from "../../../src/machines/domain/reservation.machine.ts";
import { judge } from "../../../src/machines/domain/verdict.ts";
import type { Queryable } from "../../db/database.ts";
import { queryOne } from "../../db/rows.ts";
import { pricingFacts } from "../../rates/quote.ts";
import { decideNewReservation, numberedReservation } from "../decide.ts";
import {
  agencyRateKinds,
  type CabinRow,
  type Caller,
  cabinsOf,
  commandOptions,
  type DepartureRow,
  defaultTimeLimit,
  departureFacts,
  draftProblem,
  lockedDepartureWithSpaces,
  ownAgency,
  type SpaceTypes,
  spaceTypes,
  toBerthCabin,
  toLive,
  withCharterCabins,
} from "../facts.ts";
import { ReservationRow, selectReservations, toSummary } from "../reads.ts";

/** What a new reservation is decided with, loaded under its departure's lock. */
export interface OpeningFacts {
  /** The draft, a charter's cabins filled in (withCharterCabins). */
  readonly draft: ReservationDraft;
  readonly departure: DepartureRow;
  readonly cabins: ReadonlyArray<CabinRow>;
  readonly types: SpaceTypes;
  readonly fieldProblem: FieldProblem | null;
  /** The departure's live spaces, oldest first. */
  readonly live: ReadonlyArray<LiveSpace>;
  /** The pricing facts (pricingFacts), none when the draft has a field problem. */
  readonly loaded: { readonly problem: FieldProblem } | { readonly facts: PricingFacts } | null;
  /** The reservation's id and its spaces', numbered in the draft's order. */
  readonly id: number;
  readonly spaces: ReadonlyArray<{ readonly id: number; readonly cabinId: number; readonly genderId: number }>;
}

/**
 * A new reservation's event and the facts its machine judges it with: its hold, priced, or, asked
 * to wait, its place on the waiting list when the machine finds the departure or a cabin full (the
 * hold is judged first; a waiting space claims no berth, so the wait is judged on the yacht's
 * berths alone).
 */
export const openingOf = (loaded: OpeningFacts, caller: Pick<Caller, "session" | "now" | "policy">) => {
  const { draft, departure, cabins, types, fieldProblem, live, id, spaces } = loaded;
  const charter = draft.type === "charter";
  const facts = loaded.loaded !== null && "facts" in loaded.loaded ? loaded.loaded.facts : null;
  const pricing =
    facts === null ? null : priceDraft({ ...draft, agencyId: draft.agencyId ?? 0, yachtId: departure.yacht_id, days: departure.days, startDate: departure.start_date, charter }, facts);
  const asked = draft.timeLimit === undefined || draft.timeLimit === null ? defaultTimeLimit(departure, caller) : new Date(draft.timeLimit);
  const quote = pricing?.kind === "priced" ? pricing.quote : null;
  const opening = {
    code: `RES-${String(id).padStart(6, "0")}`,
    cruiseId: departure.id,
    agencyId: draft.agencyId,
    reservationType: draft.type,
    executiveId: caller.session.userId,
    timeLimit: asked.toISOString(),
    notes: (draft.notes ?? "").trim(),
    price: { totalCents: quote?.totalCents ?? 0, commissionCents: quote?.commissionCents ?? 0, netCents: quote?.netCents ?? 0 },
    lines: linesWithSpaces(quote?.lines ?? [], spaces),
    spaces: [...spaces],
  };
  const judged = {
    fieldProblem,
    clock: caller.now.getTime(),
    policy: caller.policy,
    departure: departureFacts(departure),
    cabins: cabins.map(toBerthCabin),
    live,
    childTypes: [...types.children],
    request: { reservationId: null, charter, cabins: draft.cabins } satisfies BerthRequest,
    agencyRateKinds: agencyRateKinds(facts, draft.agencyId),
    pricing: fieldProblem === null ? (pricing?.kind ?? "rateMissing") : "priced",
  } satisfies Partial<ReservationFacts>;
  const hold = { type: "reservation.hold", ...opening } as const;
  const verdict = draft.waitlist === true ? judge(reservationMachine, null, hold, { ...noReservationFacts, ...judged }) : null;
  const full = verdict?.kind === "refused" && (verdict.refusal.guard === "isCruiseFull" || verdict.refusal.guard === "isCabinUnavailable");
  return full
    ? { event: { ...hold, type: "reservation.waitlist", timeLimit: null } as const, facts: { ...judged, live: [] } }
    : { event: hold, facts: judged };
};

/**
 * Holds berths on a departure, or puts them on its waiting list when the caller asked to wait and
 * the departure or a cabin is full. An agency user sells for its own agency only (403 otherwise).
 */
export const createReservation = async (tx: Queryable, wanted: ReservationDraft, caller: Caller): Promise<ReservationSummary> => {
  const agency = ownAgency(caller.session);
  if (agency !== null && wanted.agencyId !== agency) throw new ApiError(403, messages.forbidden);
  const locked = await lockedDepartureWithSpaces(tx, wanted.cruiseId);
  if (locked === null) throw new ApiError(400, messages.invalidInput);
  const { departure } = locked;
  const cabins = await cabinsOf(tx, departure.yacht_id);
  const types = await spaceTypes(tx);
  const draft = withCharterCabins(wanted, cabins, types);
  const fieldProblem = await draftProblem(tx, draft, cabins, types);
  const live = locked.live.map(toLive);
  const loaded =
    fieldProblem === null
      ? await pricingFacts(tx, {
          yachtId: departure.yacht_id,
          days: departure.days,
          startDate: departure.start_date,
          agencyId: draft.agencyId,
          charter: draft.type === "charter",
          cabins: draft.cabins,
        })
      : null;
  const { id, spaces } = await numberedReservation(tx, draft.cabins);
  const { event, facts } = openingOf({ draft, departure, cabins, types, fieldProblem, live, loaded, id, spaces }, caller);
  await decideNewReservation(tx, id, event, commandOptions(caller), facts);
  // the answer is the summary: one statement, not the bookings and lines a page reads
  const created = await queryOne(tx, ReservationRow, `${selectReservations} where r.id = $1`, [id]);
  if (created === null) throw new Error(`reservation ${id} was not projected`);
  return toSummary(created);
};
