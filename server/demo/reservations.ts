import { Schema } from "effect";
import { decimalOfCents } from "../../src/machines/domain/money.ts";
import { departureMoment, ecuadorDay } from "../../src/machines/domain/calendar.ts";
import { latestTimeLimit } from "../../src/machines/domain/timeLimit.ts";
import type { Queryable } from "../db/database.ts";
import { sequence } from "./seller.ts";
import type { SalesDesk } from "./salesDesk.ts";
import { queryRows } from "../db/rows.ts";

const IdRow = Schema.Struct({ id: Schema.Int });
const DepartureRow = Schema.Struct({ id: Schema.Int, start_date: Schema.String });
const HOUR = 3_600_000;
/** Which of the next departures the demo sells out, to show a full departure and its waiting list. */
const FULL_DEPARTURE = 2;

/**
 * Records what a demo client paid for a reservation, as the sales executive would through the
 * payment machine: its deposit due, or all it owes; received today.
 */
const pay = async (desk: SalesDesk, id: number, whole: boolean): Promise<void> => {
  const account = await desk.account(id);
  const cents = account === null ? 0 : whole ? account.balanceCents : account.depositDueCents - account.paidCents;
  if (cents <= 0) return;
  await desk.receivePayment({
    reservationId: id,
    amount: decimalOfCents(cents),
    receivedAt: ecuadorDay(desk.caller.now.getTime()),
    method: "transfer",
    reference: `TRF-${id}`,
    payer: "Cliente de la demo",
  });
};

/**
 * Reservations on the demo's next departures (DOMAIN.md sections 5 and 10), made as the sales
 * executive would through the reservation and payment machines: some held (a few expiring within
 * a day), most of the earlier ones confirmed (with their deposit, all they owe, or on their
 * agency's credit: those of departures inside the balance window owe all, so the ones on credit
 * are overdue), some canceled (the first with its deposit paid: a refund due), two sales canceled
 * with their penalty (DOMAIN.md section 10, decision 067: one inside its balance window, all it
 * paid kept; one before it, paid in full, its deposit kept and the rest a refund due), one space
 * canceled alone, a full departure with its waiting list, and a charter; on the yachts given (all,
 * for the demo).
 * Sold at `desk`: the departures and catalogues are read from `tx`.
 */
export const seedDemoReservations = async (
  tx: Queryable,
  desk: SalesDesk,
  departures = 400,
  yachtIds: ReadonlyArray<number> | null = null,
): Promise<void> => {
  const { now, policy } = desk.caller;
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
    const onCredit = agencyId !== null && (roll < 0.35 || !overdueShown) && (await desk.isConfirmable(id));
    overdueShown ||= onCredit;
    if (!onCredit) await pay(desk, id, roll > 0.8);
    await desk.confirm(id);
  };
  /**
   * Two sales canceled with their penalty (decision 067), whose keeping is the machine's and the
   * account's to say: the first held one owing more than its deposit (its departure is before its
   * balance window) is paid in full, confirmed and canceled, its penalty the deposit, the rest a
   * refund due; the first confirmed one paid whose cancel today keeps all it paid (inside the
   * window) is canceled late.
   */
  let earlyShown = false;
  let lateShown = false;
  const canceledEarly = async (id: number): Promise<boolean> => {
    const account = await desk.account(id);
    if (earlyShown || account === null || account.depositDueCents >= account.dueCents) return false;
    await pay(desk, id, true);
    await desk.confirm(id);
    await desk.cancel(id, "El cliente canceló su viaje con tiempo");
    earlyShown = true;
    return true;
  };
  const cancelLate = async (id: number): Promise<void> => {
    const account = await desk.account(id);
    if (lateShown || account === null || account.paidCents === 0 || account.penaltyCents < account.paidCents) return;
    await desk.cancel(id, "El cliente canceló su viaje a última hora");
    lateShown = true;
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
    const cabins = await desk.cabins(id);
    // Every berth of the full departure is sold, one reservation a cabin, so that the waiting list
    // below is judged on a full departure whatever the day; the next departures are nearly sold,
    // the later ones fill up less.
    const full = index === FULL_DEPARTURE;
    const fill = full ? 1 : Math.max(0.45, 0.9 - index * 0.02);
    const capacity = cabins.reduce((total, cabin) => total + cabin.capacity, 0);
    // a hold never asks beyond what the policy allows on that departure, whatever the hour
    const latest = latestTimeLimit(now.getTime(), departureMoment(start_date), policy);
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
      const held = await desk.hold({
        cruiseId: id,
        agencyId,
        type: cabin.familyRoom ? "familyRoom" : "general",
        cabins: [{ cabinId: cabin.id, spaces: types.map((type) => ({ genderId: type })) }],
        ...soon,
      });
      taken += types.length;
      const roll = random();
      if ("timeLimit" in soon) continue;
      if (full || roll < Math.max(0.3, 0.6 - index * 0.01)) {
        // the full departure stays full: none of its sales is canceled
        if (!full && (await canceledEarly(held))) continue;
        await confirm(held, agencyId);
        if (!full) await cancelLate(held);
      } else if (roll > 0.92) {
        if (!refundShown) await pay(desk, held, false);
        refundShown = true;
        await desk.cancel(held, "El cliente cambió de fechas");
      } else if (roll > 0.86 && types.length > 1 && !withChild && !family) {
        const space = await desk.firstSpace(held);
        if (space !== undefined) await desk.cancelSpace(space, "Un pasajero no viajará");
      }
    }
    if (full) {
      const first = cabins[0];
      if (first !== undefined) {
        await desk.hold({ cruiseId: id, agencyId: agencies[0] ?? null, type: "general", waitlist: true, cabins: [{ cabinId: first.id, spaces: [{ genderId: male }] }] });
      }
    }
  }
  // the demo's holds expiring within a day, and its balances due within a week, were reminded already: a first start mails nobody
  await desk.remindDue();
  await desk.remindBalancesDue();
  // a charter on a later departure that nobody else holds
  const free = await desk.unsoldDeparture(now.toISOString().slice(0, 10), yachtIds);
  if (free !== undefined) {
    const cabins = await desk.cabins(free);
    await desk.hold({
      cruiseId: free,
      agencyId: agencies[1] ?? null,
      type: "charter",
      notes: "Chárter de una familia extendida",
      cabins: cabins.map((cabin) => ({ cabinId: cabin.id, spaces: Array.from({ length: cabin.capacity }, () => ({ genderId: male })) })),
    });
  }
};
