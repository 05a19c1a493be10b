import { Schema } from "effect";
import { CruiseId, ReservationId, SpaceId } from "../../src/api/ids.ts";
import type { Account, PaymentDraft } from "../../src/api/money.ts";
import type { PassengerDraft, PassengerFlightDraft } from "../../src/api/passengers.ts";
import type { ReservationDraft } from "../../src/api/reservations.ts";
import { defaultHoldPolicy } from "../../src/machines/domain/timeLimit.ts";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";
import { readAccount, receivePayment } from "../money/money.ts";
import { remindBalancesDue } from "../money/reminders.ts";
import { demoSeller } from "./seller.ts";
import { assignPassenger, bookFlight, createPassenger } from "../passengers/passengers.ts";
import { cancelReservation } from "../reservations/commands/cancelReservation.ts";
import { cancelSpace } from "../reservations/commands/cancelSpace.ts";
import { confirmReservation, isConfirmable } from "../reservations/commands/confirmReservation.ts";
import { createReservation } from "../reservations/commands/createReservation.ts";
import type { Caller } from "../reservations/facts.ts";
import { departureCabins, findReservation } from "../reservations/reads.ts";
import { remindDue } from "../reservations/reminders.ts";

/** A cabin of a departure as the demo sells it. */
export interface DeskCabin {
  readonly id: number;
  readonly capacity: number;
  readonly familyRoom: boolean;
}

/** A live space of a reservation (not a charter) that has no passenger yet, with what the demo gives it a passenger by. */
export const UnseatedSpace = Schema.Struct({
  id: Schema.Int,
  reservation_id: Schema.Int,
  cruise_id: Schema.Int,
  agency_id: Schema.NullOr(Schema.Int),
  reservation_status: Schema.String,
  start_date: Schema.String,
  end_date: Schema.String,
  sex: Schema.String,
  child: Schema.Boolean,
});
export type UnseatedSpace = typeof UnseatedSpace.Type;

/**
 * Where the demo's sales executive sells (server/demo/reservations.ts, passengers.ts): every
 * command the demo makes, each decided by its record's machine with the facts the command reads.
 * `commandDesk` makes them through the server's commands, one transaction's statements each;
 * `memoryDesk` (salesInMemory.ts) decides the same commands in memory and writes their events and
 * rows together at `close`, which is what a first start needs (decision 069).
 */
export interface SalesDesk {
  readonly caller: Caller;
  /** The departure's live cabins, in the order the panel shows them. */
  cabins(cruiseId: number): Promise<ReadonlyArray<DeskCabin>>;
  /** Makes a reservation (createReservation) and answers its id. */
  hold(draft: ReservationDraft): Promise<number>;
  /** Whether the machine would confirm the held reservation now (isConfirmable). */
  isConfirmable(id: number): Promise<boolean>;
  confirm(id: number): Promise<void>;
  account(id: number): Promise<Account | null>;
  receivePayment(draft: PaymentDraft): Promise<void>;
  cancel(id: number, reason: string): Promise<void>;
  /** The reservation's first space (by id). */
  firstSpace(id: number): Promise<number | undefined>;
  cancelSpace(spaceId: number, reason: string): Promise<void>;
  /** Marks the holds expiring within a day as reminded (remindDue). */
  remindDue(): Promise<void>;
  /** Marks the balance reminders due now as sent (remindBalancesDue). */
  remindBalancesDue(): Promise<void>;
  /** The scheduled departure after `day` latest to leave (of `yachtIds`, null: any) on which nobody holds a berth. */
  unsoldDeparture(day: string, yachtIds: ReadonlyArray<number> | null): Promise<number | undefined>;
  /** The live spaces of reservations that are no charter and have no passenger yet, by reservation and space; on departures of `yachtIds` (null: any). */
  unseatedSpaces(yachtIds: ReadonlyArray<number> | null): Promise<ReadonlyArray<UnseatedSpace>>;
  /** Registers a passenger (createPassenger) and answers its id. */
  registerPassenger(draft: PassengerDraft): Promise<number>;
  assignPassenger(spaceId: number, passengerId: number): Promise<void>;
  bookFlight(draft: PassengerFlightDraft): Promise<void>;
  /** Writes what was decided and not written yet. */
  close(): Promise<void>;
}

/** The demo's sales executive selling now under the default hold policy; null when the demo staff are not there. */
export const demoCaller = async (tx: Queryable, now: Date): Promise<Caller | null> => {
  const session = await demoSeller(tx);
  return session === null ? null : { session, now, policy: defaultHoldPolicy };
};

const FreeRow = Schema.Struct({ id: Schema.Int });

/** The seed's transaction as the reminders' rounds take a database: each of their claims is a part of it. */
const inTransaction = (tx: Queryable) => ({
  query: tx.query.bind(tx),
  queryTogether: tx.queryTogether.bind(tx),
  exec: tx.exec.bind(tx),
  remember: tx.remember.bind(tx),
  beforeCommit: tx.beforeCommit.bind(tx),
  transaction: <T>(work: (inner: Queryable) => Promise<T>) => work(tx),
});

/** The desk whose every command is the server's own, in the transaction `tx`. */
export const commandDesk = (tx: Queryable, caller: Caller): SalesDesk => ({
  caller,
  cabins: async (cruiseId) => (await departureCabins(tx, CruiseId.make(cruiseId), caller.session)) ?? [],
  hold: async (draft) => (await createReservation(tx, draft, caller)).id,
  isConfirmable: (id) => isConfirmable(tx, ReservationId.make(id), caller),
  confirm: (id) => confirmReservation(tx, ReservationId.make(id), caller),
  account: (id) => readAccount(tx, ReservationId.make(id), caller),
  receivePayment: async (draft) => {
    await receivePayment(tx, draft, "payment.record", caller);
  },
  cancel: (id, reason) => cancelReservation(tx, ReservationId.make(id), reason, caller),
  firstSpace: async (id) => (await findReservation(tx, ReservationId.make(id), caller.session))?.bookings[0]?.spaces[0]?.id,
  cancelSpace: (spaceId, reason) => cancelSpace(tx, SpaceId.make(spaceId), reason, caller),
  remindDue: async () => {
    await remindDue(inTransaction(tx), caller.now);
  },
  remindBalancesDue: async () => {
    await remindBalancesDue(inTransaction(tx), caller.now);
  },
  unsoldDeparture: async (day, yachtIds) => {
    const [free] = await queryRows(
      tx,
      FreeRow,
      `select c.id from cruises c where c.status = 'scheduled' and c.start_date > $1::date
          and ($2::int[] is null or c.yacht_id = any($2::int[]))
          and not exists (select 1 from spaces s where s.cruise_id = c.id and s.status <> 'canceled')
        order by c.start_date desc, c.id desc limit 1`,
      [day, yachtIds],
    );
    return free?.id;
  },
  unseatedSpaces: (yachtIds) =>
    queryRows(
      tx,
      UnseatedSpace,
      `select s.id, s.reservation_id, s.cruise_id, r.agency_id, r.status as reservation_status,
              to_char(c.start_date, 'YYYY-MM-DD') as start_date, to_char(c.end_date, 'YYYY-MM-DD') as end_date,
              coalesce(g.details->>'sex', '') as sex, coalesce((g.details->>'child')::boolean, false) as child
         from spaces s join reservations r on r.id = s.reservation_id join cruises c on c.id = s.cruise_id join genders g on g.id = s.gender_id
        where s.status <> 'canceled' and r.type <> 'charter' and s.passenger_id is null and ($1::int[] is null or c.yacht_id = any($1::int[]))
        order by s.reservation_id, s.id`,
      [yachtIds],
    ),
  registerPassenger: async (draft) => (await createPassenger(tx, draft, caller)).id,
  assignPassenger: (spaceId, passengerId) => assignPassenger(tx, SpaceId.make(spaceId), passengerId, caller),
  bookFlight: (draft) => bookFlight(tx, draft, caller),
  close: async () => undefined,
});
