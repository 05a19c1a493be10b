import { Schema } from "effect";
import { CruiseId, ReservationId } from "../../src/api/ids.ts";
import type { CruiseCabin } from "../../src/api/reservations.ts";
import { decimalOfCents } from "../../src/machines/domain/money.ts";
import { departureMoment, ecuadorDay } from "../../src/machines/domain/calendar.ts";
import { defaultHoldPolicy, latestTimeLimit } from "../../src/machines/domain/timeLimit.ts";
import type { Queryable } from "../db/database.ts";
import { type MoneyCaller, readAccount, receivePayment } from "../money/money.ts";
import { remindBalancesDue } from "../money/reminders.ts";
import { demoSeller, sequence } from "./seller.ts";
import { queryRows } from "../db/rows.ts";
import { cancelReservation } from "../reservations/commands/cancelReservation.ts";
import { cancelSpace } from "../reservations/commands/cancelSpace.ts";
import { confirmReservation, isConfirmable } from "../reservations/commands/confirmReservation.ts";
import { createReservation } from "../reservations/commands/createReservation.ts";
import type { Caller } from "../reservations/facts.ts";
import { departureCabins, findReservation } from "../reservations/reads.ts";
import { remindDue } from "../reservations/reminders.ts";

const IdRow = Schema.Struct({ id: Schema.Int });
const DepartureRow = Schema.Struct({ id: Schema.Int, start_date: Schema.String });
const HOUR = 3_600_000;
/** Which of the next departures the demo sells out, to show a full departure and its waiting list. */
const FULL_DEPARTURE = 2;

/**
 * Records what a demo client paid for a reservation, as the sales executive would through the
 * payment machine: its deposit due, or all it owes; received today.
 */
const pay = async (tx: Queryable, id: number, caller: MoneyCaller, whole: boolean): Promise<void> => {
  const account = await readAccount(tx, ReservationId.make(id), caller);
  const cents = account === null ? 0 : whole ? account.balanceCents : account.depositDueCents - account.paidCents;
  if (cents <= 0) return;
  await receivePayment(
    tx,
    { reservationId: id, amount: decimalOfCents(cents), receivedAt: ecuadorDay(caller.now.getTime()), method: "transfer", reference: `TRF-${id}`, payer: "Cliente de la demo" },
    "payment.record",
    caller,
  );
};

/**
 * Reservations on the demo's next departures (DOMAIN.md sections 5 and 10), made as the sales
 * executive would through the reservation and payment machines: some held (a few expiring within
 * a day), most of the earlier ones confirmed (with their deposit, all they owe, or on their
 * agency's credit: those of departures inside the balance window owe all, so the ones on credit
 * are overdue), some canceled (the first with its deposit paid: a refund due), one space canceled
 * alone, a full departure with its waiting list, and a charter; on the yachts given (all, for the demo).
 */
export const seedDemoReservations = async (
  tx: Queryable,
  now: Date,
  departures = 400,
  yachtIds: ReadonlyArray<number> | null = null,
): Promise<void> => {
  const session = await demoSeller(tx);
  if (session === null) return;
  const caller: Caller = { session, now, policy: defaultHoldPolicy };
  /**
   * How each sale is paid for: on its agency's credit while the machine says it covers it, else its
   * deposit, some all they owe. Its own sequence, so the berths sold stay those of any day.
   */
  const money = sequence(29);
  let refundShown = false;
  // the first agency sale its credit covers is on credit: on the next departures, inside the balance window, an overdue one
  let overdueShown = false;
  const confirm = async (id: number, agencyId: number | null): Promise<void> => {
    const roll = money();
    const onCredit = agencyId !== null && (roll < 0.35 || !overdueShown) && (await isConfirmable(tx, ReservationId.make(id), caller));
    overdueShown ||= onCredit;
    if (!onCredit) await pay(tx, id, caller, roll > 0.8);
    await confirmReservation(tx, ReservationId.make(id), caller);
  };
  const agencies = (await queryRows(tx, IdRow, "select id from agencies where status <> 'deleted' and active order by id")).map(({ id }) => id);
  const [male, female] = (await queryRows(tx, IdRow, "select id from genders where status <> 'deleted' and active and not coalesce((details->>'child')::boolean, false) order by id")).map(
    ({ id }) => id,
  );
  const [child] = await queryRows(tx, IdRow, "select id from genders where status <> 'deleted' and active and coalesce((details->>'child')::boolean, false) order by id");
  if (male === undefined || female === undefined) return;
  const upcoming = await queryRows(
    tx,
    DepartureRow,
    `select id, start_date::text as start_date from cruises where status = 'scheduled' and start_date > $1::date and ($3::int[] is null or yacht_id = any($3::int[]))
      order by start_date, id limit $2`,
    [now.toISOString().slice(0, 10), departures, yachtIds],
  );
  const random = sequence(17);
  for (const [index, { id, start_date }] of upcoming.entries()) {
    // a later departure in three is still unsold: whole departures to try holds, charters and groups on
    if (index >= 24 && index % 3 === 0) continue;
    const cruiseId = CruiseId.make(id);
    const cabins: ReadonlyArray<CruiseCabin> = (await departureCabins(tx, cruiseId, session)) ?? [];
    // Every berth of the full departure is sold, one reservation a cabin, so that the waiting list
    // below is judged on a full departure whatever the day; the next departures are nearly sold,
    // the later ones fill up less.
    const full = index === FULL_DEPARTURE;
    const fill = full ? 1 : Math.max(0.45, 0.9 - index * 0.02);
    const capacity = cabins.reduce((total, cabin) => total + cabin.capacity, 0);
    // a hold never asks beyond what the policy allows on that departure, whatever the hour
    const latest = latestTimeLimit(now.getTime(), departureMoment(start_date), caller.policy);
    let taken = 0;
    for (const cabin of cabins) {
      if (taken >= capacity * fill) break;
      const spaces = full ? cabin.capacity : Math.max(1, Math.min(cabin.capacity, 1 + Math.floor(random() * cabin.capacity)));
      const genderId = random() < 0.5 ? male : female;
      // a family in the family room (two adults and their children), a parent and a child in some cabins
      const family = cabin.familyRoom && child !== undefined && cabin.capacity >= 3;
      const withChild = !full && !family && child !== undefined && spaces === 2 && random() < 0.15;
      const types = family
        ? [male, female, ...Array.from({ length: cabin.capacity - 2 }, () => child.id)]
        : withChild
          ? [genderId, child.id]
          : Array.from({ length: spaces }, () => genderId);
      const agencyId = random() < 0.15 ? null : (agencies[Math.floor(random() * agencies.length)] ?? null);
      // a few holds of the next departures expire within a day
      const expiring = random() < (index < 24 ? 0.12 : 0.01) && !full;
      const soon = expiring ? { timeLimit: new Date(Math.min(latest, now.getTime() + (6 + Math.floor(random() * 16)) * HOUR)).toISOString() } : {};
      const held = await createReservation(
        tx,
        { cruiseId: id, agencyId, type: cabin.familyRoom ? "familyRoom" : "general", cabins: [{ cabinId: cabin.id, spaces: types.map((type) => ({ genderId: type })) }], ...soon },
        caller,
      );
      taken += types.length;
      const roll = random();
      if ("timeLimit" in soon) continue;
      if (full || roll < Math.max(0.3, 0.6 - index * 0.01)) await confirm(held.id, agencyId);
      else if (roll > 0.92) {
        if (!refundShown) await pay(tx, held.id, caller, false);
        refundShown = true;
        await cancelReservation(tx, held.id, "El cliente cambió de fechas", caller);
      } else if (roll > 0.86 && types.length > 1 && !withChild && !family) {
        const space = (await findReservation(tx, ReservationId.make(held.id), session))?.bookings[0]?.spaces[0];
        if (space !== undefined) await cancelSpace(tx, space.id, "Un pasajero no viajará", caller);
      }
    }
    if (full) {
      const first = cabins[0];
      if (first !== undefined) {
        await createReservation(
          tx,
          { cruiseId: id, agencyId: agencies[0] ?? null, type: "general", waitlist: true, cabins: [{ cabinId: first.id, spaces: [{ genderId: male }] }] },
          caller,
        );
      }
    }
  }
  // the demo's holds expiring within a day, and its balances due within a week, were reminded already: a first start mails nobody
  const inSeed = { query: tx.query.bind(tx), exec: tx.exec.bind(tx), remember: tx.remember.bind(tx), transaction: <T>(work: (inner: Queryable) => Promise<T>) => work(tx) };
  await remindDue(inSeed, now);
  await remindBalancesDue(inSeed, now);
  // a charter on a later departure that nobody else holds
  const [free] = await queryRows(
    tx,
    IdRow,
    `select c.id from cruises c where c.status = 'scheduled' and c.start_date > $1::date
        and ($2::int[] is null or c.yacht_id = any($2::int[]))
        and not exists (select 1 from spaces s where s.cruise_id = c.id and s.status <> 'canceled')
      order by c.start_date desc limit 1`,
    [now.toISOString().slice(0, 10), yachtIds],
  );
  if (free !== undefined) {
    const cabins = (await departureCabins(tx, CruiseId.make(free.id), session)) ?? [];
    await createReservation(
      tx,
      {
        cruiseId: free.id,
        agencyId: agencies[1] ?? null,
        type: "charter",
        notes: "Chárter de una familia extendida",
        cabins: cabins.map((cabin) => ({ cabinId: cabin.id, spaces: Array.from({ length: cabin.capacity }, () => ({ genderId: male })) })),
      },
      caller,
    );
  }
};
