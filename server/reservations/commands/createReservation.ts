import { ApiError } from "../../../src/api/errors.ts";
import { messages } from "../../../src/api/messages.ts";
import type { ReservationDraft, ReservationSummary } from "../../../src/api/reservations.ts";
import type { BerthRequest } from "../../../src/machines/domain/berths.ts";
import { linesWithSpaces, priceDraft } from "../../../src/machines/domain/pricing.ts";
import { noReservationFacts, type ReservationFacts, reservationMachine } from "../../../src/machines/domain/reservation.machine.ts";
import { judge } from "../../../src/machines/domain/verdict.ts";
import type { Queryable } from "../../db/database.ts";
import { nextId, queryOne } from "../../db/rows.ts";
import { pricingFacts } from "../../rates/quote.ts";
import { decideReservation, numberedSpaces } from "../decide.ts";
import {
  agencyRateKinds,
  type Caller,
  cabinsOf,
  commandOptions,
  defaultTimeLimit,
  departureFacts,
  draftProblem,
  liveSpacesOf,
  lockDeparture,
  ownAgency,
  spaceTypes,
  toBerthCabin,
  toLive,
} from "../facts.ts";
import { reservationRecord } from "../projection.ts";
import { ReservationRow, selectReservations, toSummary } from "../reads.ts";

/**
 * Holds berths on a departure, or puts them on its waiting list when the caller asked to wait and
 * the departure or a cabin is full. An agency user sells for its own agency only (403 otherwise).
 */
export const createReservation = async (tx: Queryable, wanted: ReservationDraft, caller: Caller): Promise<ReservationSummary> => {
  let draft = wanted;
  const agency = ownAgency(caller.session);
  if (agency !== null && draft.agencyId !== agency) throw new ApiError(403, messages.forbidden);
  const departure = await lockDeparture(tx, draft.cruiseId);
  if (departure === null) throw new ApiError(400, messages.invalidInput);
  const cabins = await cabinsOf(tx, departure.yacht_id);
  const types = await spaceTypes(tx);
  // a charter asked without cabins takes every berth of every cabin, as adults of the first adult type
  const adult = types.adults[0];
  if (draft.type === "charter" && draft.cabins.length === 0 && adult !== undefined) {
    draft = { ...draft, cabins: cabins.map((cabin) => ({ cabinId: cabin.id, spaces: Array.from({ length: cabin.capacity }, () => ({ genderId: adult })) })) };
  }
  const fieldProblem = await draftProblem(tx, draft, cabins, types);
  const live = (await liveSpacesOf(tx, departure.id)).map(toLive);
  const { children } = types;
  const request: BerthRequest = { reservationId: null, charter: draft.type === "charter", cabins: draft.cabins };
  const berths = cabins.map(toBerthCabin);
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
  const pricing = loaded !== null && "facts" in loaded ? priceDraft({ ...draft, agencyId: draft.agencyId ?? 0, yachtId: departure.yacht_id, days: departure.days, startDate: departure.start_date, charter: draft.type === "charter" }, loaded.facts) : null;
  const asked = draft.timeLimit === undefined || draft.timeLimit === null ? defaultTimeLimit(departure, caller) : new Date(draft.timeLimit);
  const id = await nextId(tx, reservationRecord.table);
  const spaces = await numberedSpaces(tx, draft.cabins);
  const quote = pricing?.kind === "priced" ? pricing.quote : null;
  const opening = {
    code: `RES-${String(id).padStart(6, "0")}`,
    cruiseId: departure.id,
    agencyId: draft.agencyId,
    reservationType: draft.type,
    executiveId: caller.session.userId,
    timeLimit: asked.toISOString(),
    notes: (draft.notes ?? "").trim(),
    price: { total: quote?.total ?? 0, commission: quote?.commission ?? 0, net: quote?.net ?? 0 },
    lines: linesWithSpaces(quote?.lines ?? [], spaces),
    spaces,
  };
  const facts = {
    fieldProblem,
    clock: caller.now.getTime(),
    policy: caller.policy,
    departure: departureFacts(departure),
    cabins: berths,
    live,
    childTypes: [...children],
    request,
    agencyRateKinds: agencyRateKinds(loaded !== null && "facts" in loaded ? loaded.facts : null, draft.agencyId),
    pricing: fieldProblem === null ? (pricing?.kind ?? "rateMissing") : "priced",
  } satisfies Partial<ReservationFacts>;
  const hold = { type: "reservation.hold", ...opening } as const;
  // Asked to wait, the hold is judged first: the machine's "full" sends it to the waiting list,
  // judged on the yacht's berths alone (a waiting space claims none).
  const verdict = draft.waitlist === true ? judge(reservationMachine, null, hold, { ...noReservationFacts, ...facts }) : null;
  const full = verdict?.kind === "refused" && (verdict.refusal.guard === "isCruiseFull" || verdict.refusal.guard === "isCabinUnavailable");
  if (full) await decideReservation(tx, id, { ...hold, type: "reservation.waitlist", timeLimit: null }, commandOptions(caller), { ...facts, live: [] });
  else await decideReservation(tx, id, hold, commandOptions(caller), facts);
  // the answer is the summary: one statement, not the bookings and lines a page reads
  const created = await queryOne(tx, ReservationRow, `${selectReservations} where r.id = $1`, [id]);
  if (created === null) throw new Error(`reservation ${id} was not projected`);
  return toSummary(created);
};
