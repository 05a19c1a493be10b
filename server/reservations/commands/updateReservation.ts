import { Schema } from "effect";
import type { ReservationId } from "../../../src/api/ids.ts";
import type { ReservationChange, ReservationDraft } from "../../../src/api/reservations.ts";
import { type BerthRequest, bookingChanges } from "../../../src/machines/domain/berths.ts";
import { linesWithSpaces, priceDraft } from "../../../src/machines/domain/pricing.ts";
import type { Queryable } from "../../db/database.ts";
import { queryOne } from "../../db/rows.ts";
import { expectVersion } from "../../events/command.ts";
import { pricingFacts } from "../../rates/quote.ts";
import { decideReservation, lockReservation, numberedSpaces } from "../decide.ts";
import { type Caller, cabinsOf, commandOptions, departureFacts, draftProblem, liveSpacesOf, ownSpaces, spaceTypes, toBerthCabin, toLive } from "../facts.ts";
import { reservationRecord } from "../projection.ts";
import { ReservationRow } from "../reads.ts";

/**
 * Changes a live reservation's notes and bookings (DOMAIN.md section 5: update), under its
 * departure's lock: the spaces added are judged by the hold's berth rules (a waiting reservation's
 * wait with it) and priced, their lines added to the reservation's.
 */
export const updateReservation = async (tx: Queryable, id: ReservationId, change: ReservationChange, version: number, caller: Caller): Promise<void> => {
  const { reservation, departure } = await lockReservation(tx, id, caller.session);
  await expectVersion(tx, reservationRecord, String(id), version, reservation.version);
  const cabins = await cabinsOf(tx, departure.yacht_id);
  const draft: ReservationDraft = { cruiseId: departure.id, agencyId: null, type: reservation.type, cabins: change.cabins };
  const types = await spaceTypes(tx);
  const fieldProblem = await draftProblem(tx, draft, cabins, types);
  const spaces = ownSpaces(reservation);
  const { added } = bookingChanges(spaces, change.cabins);
  const wanted = new Set(change.cabins.map(({ cabinId }) => cabinId));
  const removedCabins = reservation.bookings.map(({ cabinId }) => cabinId).filter((cabinId) => !wanted.has(cabinId));
  const { children } = types;
  const live = (await liveSpacesOf(tx, departure.id)).map(toLive);
  const charter = reservation.type === "charter";
  // a waiting reservation's added spaces wait with it: no berth is asked of the departure
  const request: BerthRequest | null = added.length === 0 || reservation.state === "waiting" ? null : { reservationId: reservation.id, charter: false, cabins: added };
  const loaded =
    fieldProblem === null && added.length > 0
      ? await pricingFacts(tx, { yachtId: departure.yacht_id, days: departure.days, startDate: departure.start_date, agencyId: reservation.agencyId, charter, cabins: added })
      : null;
  const pricing =
    loaded !== null && "facts" in loaded
      ? priceDraft({ agencyId: reservation.agencyId ?? 0, yachtId: departure.yacht_id, days: departure.days, startDate: departure.start_date, charter, cabins: added }, loaded.facts)
      : null;
  const quote = pricing?.kind === "priced" ? pricing.quote : null;
  const addedSpaces = await numberedSpaces(tx, added);
  const current = await queryOne(tx, Schema.Struct({ price: ReservationRow.fields.price, lines: ReservationRow.fields.lines }), "select price, lines from reservations where id = $1", [id]);
  const price = current?.price ?? { totalCents: 0, commissionCents: 0, netCents: 0 };
  const event = {
    type: "reservation.update",
    notes: change.notes.trim(),
    added: addedSpaces,
    removedCabins,
    price: {
      totalCents: price.totalCents + (quote?.totalCents ?? 0),
      commissionCents: price.commissionCents + (quote?.commissionCents ?? 0),
      netCents: price.netCents + (quote?.netCents ?? 0),
    },
    lines: [...(current?.lines ?? []), ...linesWithSpaces(quote?.lines ?? [], addedSpaces)],
  } as const;
  await decideReservation(tx, id, event, commandOptions(caller), {
    fieldProblem,
    clock: caller.now.getTime(),
    departure: departureFacts(departure),
    cabins: cabins.map(toBerthCabin),
    live,
    childTypes: [...children],
    request,
    spaces,
    wanted: change.cabins,
    pricing: added.length === 0 ? "priced" : fieldProblem === null ? (pricing?.kind ?? "rateMissing") : "priced",
  });
};
