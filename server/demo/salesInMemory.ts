/**
 * The demo's sales decided in memory (decision 069). A first start sells about 600 reservations,
 * their payments and 600 passengers; through the commands each is a dozen statements, most of them
 * reading back what the previous command wrote, which was 60 % of a first start's seeding. Here
 * every command is still judged by its record's machine with the facts the command loads, built by
 * the commands' own functions (openingOf, confirmationOf, promotionOf, paymentReceivedOf,
 * judgeDraft, assignmentFactsOf, flightBookingOf); what those facts read of the sales (live spaces,
 * payments, balances, passengers) is kept here as the commands decide, and the catalogues and
 * departures, which the sales do not change, are read from the transaction (remembered).
 * `close` appends the events and writes the rows their projections would write, a table at a time,
 * and sets the rows' id sequences past them. tests/server/decidedTogether.pglite.test.ts holds this desk
 * to the command desk: the same events, the same rows, and the rows a rebuild gives from those
 * events.
 */
import { Schema } from "effect";
import { ApiError } from "../../src/api/errors.ts";
import { PassengerId, ReservationId, SpaceId } from "../../src/api/ids.ts";
import type { Account, BalanceReminder, MoneyPolicy, MoneyPolicyView } from "../../src/api/money.ts";
import { messages } from "../../src/api/messages.ts";
import type { Passenger } from "../../src/api/passengers.ts";
import { reasonProblem, type ReservationState, type ReservationType } from "../../src/api/reservations.ts";
import type { LiveSpace, LiveState } from "../../src/machines/domain/berths.ts";
import { accountOf, type ConfirmedTerms, type CountedPayment, type PriceCents } from "../../src/machines/domain/money.ts";
import type { PassengerFields } from "../../src/machines/domain/passenger.machine.ts";
import { livePrice, type QuoteLine } from "../../src/machines/domain/pricing.ts";
import { noReservationFacts, type ReservationEvent, type ReservationFacts } from "../../src/machines/domain/reservation.machine.ts";
import { type SpaceEvent, spaceMachine } from "../../src/machines/domain/space.machine.ts";
import { judge, nextStatus } from "../../src/machines/domain/verdict.ts";
import type { AnyStateMachine, EventFromLogic } from "xstate";
import { flights } from "../../src/records/referenceData.ts";
import { listItems } from "../catalogues/items.ts";
import type { Queryable } from "../db/database.ts";
import { execute, nextId, queryRows } from "../db/rows.ts";
import type { RecordType } from "../events/command.ts";
import { refusedCommand } from "../events/refused.ts";
import { appendEvents } from "../events/store.ts";
import { insertRows, MAX_RUN } from "../events/projection.ts";
import { agencyCreditCents, dueCentsOf, readMoneyPolicy } from "../money/facts.ts";
import { paymentReceivedOf } from "../money/money.ts";
import { cancellationPenaltyOf, spaceShareOf } from "../money/penalties.ts";
import { paymentRecord } from "../money/projection.ts";
import { balanceReminderDueOf } from "../money/reminders.ts";
import { assignmentFactsOf, flightBookingOf, judgeDraft } from "../passengers/passengers.ts";
import { passengerColumns, passengerRecord } from "../passengers/projection.ts";
import { pricingFacts, airTicketFares } from "../rates/quote.ts";
import { confirmationOf, countsAgainstCredit, openBalanceOf, otherBalancesCents } from "../reservations/commands/confirmReservation.ts";
import { openingOf } from "../reservations/commands/createReservation.ts";
import { judgeSpace } from "../reservations/decide.ts";
import {
  type Bookings,
  type Caller,
  cabinsOf,
  commandOptions,
  DepartureRow,
  draftProblem,
  ownAgency,
  ownSpaces,
  spaceTypes,
  toBerthCabin,
  toLive,
  withCharterCabins,
} from "../reservations/facts.ts";
import { promotionOf } from "../reservations/promotion.ts";
import { reservationRecord } from "../reservations/projection.ts";
import { withTickets } from "../reservations/price.ts";
import type { StoredReservation } from "../reservations/reads.ts";
import type { SalesDesk, UnseatedSpace } from "./salesDesk.ts";

/** A space as its row stands. */
interface Seat {
  readonly id: number;
  readonly reservationId: number;
  readonly cruiseId: number;
  readonly cabinId: number;
  readonly genderId: number;
  readonly charter: boolean;
  status: string;
  passengerId: number | null;
  cancelReason: string | null;
}

/** A reservation as its row stands, with its spaces in id order. */
interface Sale {
  readonly id: number;
  readonly code: string;
  readonly cruiseId: number;
  readonly agencyId: number | null;
  readonly type: ReservationType;
  readonly executiveId: number | null;
  readonly notes: string;
  readonly seats: Seat[];
  timeLimit: string | null;
  price: PriceCents;
  lines: ReadonlyArray<QuoteLine>;
  terms: unknown;
  cancelReason: string | null;
  canceled: boolean;
  reminded: boolean;
  /** What its cancellations keep, in cents (decision 067). */
  penaltyCents: number;
  balanceReminders: BalanceReminder[];
  status: string;
  version: number;
}

interface Paid {
  readonly id: number;
  readonly reservationId: number;
  readonly agencyId: number | null;
  readonly amountCents: number;
  readonly receivedAt: string;
  readonly method: string;
  readonly reference: string;
  readonly payer: string;
  readonly status: string;
  readonly version: number;
}

interface Registered {
  readonly id: number;
  readonly fields: PassengerFields;
  status: string;
  version: number;
}

interface Leg {
  readonly id: number;
  readonly passengerId: number;
  readonly cruiseId: number;
  readonly reservationId: number;
  readonly direction: string;
  readonly flightId: number;
  readonly date: string;
  readonly time: string;
  readonly line: QuoteLine | null;
}

/** An event as the store keeps it, in the order decided. */
interface Decided {
  readonly stream: string;
  readonly streamId: string;
  readonly version: number;
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly actorId: number | null;
}

const CruiseDays = Schema.Struct({ id: Schema.Int, yacht_id: Schema.Int, status: Schema.String, start_date: Schema.String, end_date: Schema.String });
const SpaceTypeRow = Schema.Struct({ id: Schema.Int, sex: Schema.String, child: Schema.Boolean });

/** The tables whose rows the desk numbers from their sequences (the events are numbered as they are appended). */
const numbered = ["reservations", "spaces", "payments", "passengers", "passenger_flights"] as const;
type Numbered = (typeof numbered)[number];

/** A space's state after a space event, each state once (the projection's moveSpaces). */
const spaceStates = ["reserved", "waiting", "confirmed"] as const;

const IdentificationRow = Schema.Struct({ identification_type_id: Schema.Int, identification: Schema.String });
const SoldRow = Schema.Struct({ cruise_id: Schema.Int });

/**
 * The desk deciding in memory, for the demo's first sales and for a copy of them on new departures
 * (scripts/seed-operations.ts). On a database with sales already, what its commands would read of
 * those is loaded once: the open balances each agency's credit covers (they do not change while it
 * sells, `caller.now` fixed) and the passengers' identifications; it sells no departure that has
 * sales already (their berths are not here), nor seats, reminds or counts any sale but its own.
 */
export const memoryDesk = async (tx: Queryable, caller: Caller): Promise<SalesDesk> => {
  const sold = new Set((await queryRows(tx, SoldRow, "select distinct cruise_id from spaces")).map((row) => row.cruise_id));
  const identified = new Set(
    (await queryRows(tx, IdentificationRow, "select identification_type_id, identification from passengers where status <> 'deleted'")).map(
      (row) => `${row.identification_type_id} ${row.identification}`,
    ),
  );
  const now = caller.now;
  const actorId = commandOptions(caller).actorId;
  const departures = new Map(
    (
      await queryRows(
        tx,
        DepartureRow,
        `select c.id, c.code, c.yacht_id, to_char(c.start_date, 'YYYY-MM-DD') as start_date, c.status, coalesce((i.details->>'days')::int, 0) as days
           from cruises c join cruise_itineraries i on i.id = c.cruise_itinerary_id`,
      )
    ).map((row) => [row.id, row]),
  );
  const cruises = await queryRows(
    tx,
    CruiseDays,
    "select id, yacht_id, status, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date from cruises",
  );
  const cruiseDays = new Map(cruises.map((row) => [row.id, row]));
  const genders = new Map((await queryRows(tx, SpaceTypeRow, "select id, coalesce(details->>'sex', '') as sex, coalesce((details->>'child')::boolean, false) as child from genders")).map((row) => [row.id, row]));
  // the policy and the agencies' credit are catalogue facts the sales never change
  const policy: MoneyPolicyView = await readMoneyPolicy(tx);
  const earlierBalances = new Map<number, ReadonlyArray<number>>();
  const earlierBalancesOf = async (agencyId: number): Promise<ReadonlyArray<number>> => {
    const known = earlierBalances.get(agencyId);
    if (known !== undefined) return known;
    // no reservation has id 0: every one of the agency's counts
    const balances = await otherBalancesCents(tx, agencyId, 0, now);
    earlierBalances.set(agencyId, balances);
    return balances;
  };
  const credits = new Map<number, number>();
  const creditOf = async (agencyId: number): Promise<number> => {
    const known = credits.get(agencyId);
    if (known !== undefined) return known;
    const credit = await agencyCreditCents(tx, agencyId);
    credits.set(agencyId, credit);
    return credit;
  };
  const next = new Map<Numbered, number>();
  for (const table of numbered) next.set(table, await nextId(tx, table));
  const take = (table: Numbered): number => {
    const id = next.get(table) ?? 1;
    next.set(table, id + 1);
    return id;
  };

  const sales = new Map<number, Sale>();
  const seats = new Map<number, Seat>();
  const seatsByCruise = new Map<number, Seat[]>();
  const payments: Paid[] = [];
  const paymentsBySale = new Map<number, CountedPayment[]>();
  const passengers = new Map<number, Registered>();
  const legs: Leg[] = [];
  const decided: Decided[] = [];
  const streams = new Map<string, { readonly status: string; readonly version: number }>();

  /** Judges an event with its record's machine in the record's state and keeps it (command.ts `decide`); answers the state and version after it. */
  const decide = <M extends AnyStateMachine>(record: RecordType<M>, streamId: string, event: EventFromLogic<M>, actor: number | null, facts: unknown) => {
    const key = `${record.stream} ${streamId}`;
    const current = streams.get(key);
    const state = current?.status ?? null;
    const verdict = judge(record.machine, state, event, facts);
    const { type, facts: _decidedWith, ...data } = event;
    if (verdict.kind === "refused") {
      throw refusedCommand(record.machine, verdict.refusal, { stream: record.stream, streamId: current === undefined ? null : streamId, state, event: { ...data, type }, facts });
    }
    if (verdict.kind === "notAllowed") throw new ApiError(409, messages.notAllowedNow);
    const after = { status: verdict.status, version: (current?.version ?? 0) + 1 };
    decided.push({ stream: record.stream, streamId, version: after.version, type, data, actorId: actor });
    streams.set(key, after);
    return after;
  };

  /** A reservation as lockReservation finds it for the caller: 404 for none, a deleted one or another agency's. */
  const saleOf = (id: number): Sale => {
    const sale = sales.get(id);
    const agency = ownAgency(caller.session);
    if (sale === undefined || sale.status === "deleted" || (agency !== null && sale.agencyId !== agency)) throw new ApiError(404, messages.notFound);
    return sale;
  };
  const departureOf = (cruiseId: number) => {
    const departure = departures.get(cruiseId);
    if (departure === undefined) throw new Error(`departure ${cruiseId} has no itinerary`);
    return departure;
  };
  const liveOf = (cruiseId: number): LiveSpace[] =>
    (seatsByCruise.get(cruiseId) ?? [])
      .filter((seat) => seat.status === "reserved" || seat.status === "confirmed" || seat.status === "waiting")
      .map((seat) => toLive({ reservation_id: seat.reservationId, cabin_id: seat.cabinId, gender_id: seat.genderId, status: seat.status as LiveState, charter: seat.charter }));
  /** The air tickets its passengers booked while they hold a live space of it (liveLegOf), in cents, as the database sums them. */
  const ticketsCents = (sale: Sale): number =>
    legs
      .filter((leg) => leg.reservationId === sale.id && sale.seats.some((seat) => seat.passengerId === leg.passengerId && seat.status !== "canceled"))
      .reduce((sum, leg) => sum + (leg.line?.totalCents ?? 0), 0);
  /** The reservation as the commands read it (findReservation): its bookings by cabin, its price with its flights. */
  const stored = (sale: Sale): Pick<StoredReservation, "id" | "agencyId" | "type" | "startDate" | "timeLimit" | "state" | "spaces"> & { readonly priceCents: PriceCents } & Bookings => ({
    id: ReservationId.make(sale.id),
    agencyId: sale.agencyId,
    priceCents: withTickets(sale.price, ticketsCents(sale)),
    type: sale.type,
    startDate: departureOf(sale.cruiseId).start_date,
    timeLimit: sale.timeLimit === null ? null : new Date(sale.timeLimit).toISOString(),
    state: sale.status as ReservationState,
    spaces: sale.seats.filter((seat) => seat.status !== "canceled").length,
    bookings: [...new Set(sale.seats.map((seat) => seat.cabinId))].map((cabinId) => ({
      cabinId,
      spaces: sale.seats
        .filter((seat) => seat.cabinId === cabinId)
        .map((seat) => ({ id: SpaceId.make(seat.id), genderId: seat.genderId, state: seat.status as ReservationState, passengerId: seat.passengerId })),
    })),
  });
  const paymentsOf = (id: number): ReadonlyArray<CountedPayment> => paymentsBySale.get(id) ?? [];
  /** The terms it was confirmed on, as confirmedTerms reads them from its row. */
  const termsOf = (sale: Sale): ConfirmedTerms | null => {
    const terms = sale.terms as (MoneyPolicy & { readonly confirmedOn: string }) | null;
    if (terms === null) return null;
    const { confirmedOn, ...policy } = terms;
    return { policy, confirmedOn };
  };
  /** Its passengers' air tickets while they hold a live space of it other than `spaceId`, in cents (spaceShareCents). */
  const ticketsStaying = (sale: Sale, spaceId: number): number =>
    legs
      .filter((leg) => leg.reservationId === sale.id && sale.seats.some((seat) => seat.passengerId === leg.passengerId && seat.status !== "canceled" && seat.id !== spaceId))
      .reduce((sum, leg) => sum + (leg.line?.totalCents ?? 0), 0);

  /** Where the space machine takes a space (nextStatus): a pure answer, worked out once for each state and event. */
  const spaceAfter = new Map<string, string | null>();
  const nextSpaceStatus = (from: string, event: SpaceEvent): string | null => {
    const key = `${from} ${JSON.stringify(event)}`;
    if (!spaceAfter.has(key)) spaceAfter.set(key, nextStatus(spaceMachine, from, event));
    return spaceAfter.get(key) ?? null;
  };
  /** moveSpaces of the reservations' projection: each state once, in turn, to where the space machine takes it. */
  const moveSeats = (sale: Sale, event: SpaceEvent, reason: string | null, spaceId: number | null = null): void => {
    for (const from of spaceStates) {
      const to = nextSpaceStatus(from, event);
      if (to === null) continue;
      for (const seat of sale.seats) {
        if (seat.status !== from || (spaceId !== null && seat.id !== spaceId)) continue;
        seat.status = to;
        if (to === "canceled" && reason !== null) seat.cancelReason = reason;
      }
    }
  };
  /** reprice of the reservations' projection: the price of the live spaces' lines. */
  const reprice = (sale: Sale): void => {
    const { lines, ...price } = livePrice(sale.lines, new Set(sale.seats.filter((seat) => seat.status !== "canceled").map((seat) => seat.id)));
    sale.price = price;
    sale.lines = lines;
  };
  /** Decides a reservation's event (decideReservation) and changes its rows as the reservations' projection does. */
  const decideSale = (sale: Sale, event: ReservationEvent, actor: number | null, facts: Partial<ReservationFacts> = {}): void => {
    const after = decide(reservationRecord, String(sale.id), event, actor, { ...noReservationFacts, ...facts });
    sale.status = after.status;
    sale.version = after.version;
    switch (event.type) {
      case "reservation.confirm":
        if (event.terms !== undefined) sale.terms = event.terms;
        moveSeats(sale, { type: "space.confirm" }, null);
        break;
      case "reservation.remind":
        sale.reminded = true;
        break;
      case "reservation.remindBalance":
        sale.balanceReminders.push(event.reminder);
        break;
      case "reservation.promote":
        sale.timeLimit = event.timeLimit;
        sale.reminded = false;
        moveSeats(sale, { type: "space.promote" }, null);
        break;
      case "reservation.cancel":
        sale.cancelReason = event.reason;
        sale.canceled = true;
        sale.penaltyCents += event.penaltyCents ?? 0;
        moveSeats(sale, { type: "space.cancel", reason: event.reason }, event.reason);
        reprice(sale);
        break;
      case "space.cancel":
        if (event.last) {
          sale.cancelReason = event.reason;
          sale.canceled = true;
        }
        sale.penaltyCents += event.penaltyCents ?? 0;
        moveSeats(sale, { type: "space.cancel", reason: event.reason }, event.reason, event.spaceId);
        reprice(sale);
        break;
      case "space.assign":
        for (const seat of sale.seats) if (seat.id === event.spaceId) seat.passengerId = event.passengerId;
        break;
      default:
        throw new Error(`the demo makes no ${event.type}`);
    }
  };

  /** promoteWaiting: each waiting reservation of the departure, first come first served, promoted when its berths fit. */
  const promoteWaiting = async (cruiseId: number): Promise<void> => {
    const departure = departureOf(cruiseId);
    // every reservation of the demo is made at the same instant: first come is the lower id
    const waiting = (seatsByCruise.get(cruiseId) ?? [])
      .filter((seat) => seat.status === "waiting")
      .sort((a, b) => a.reservationId - b.reservationId || a.id - b.id)
      .map((seat) => ({ reservation_id: seat.reservationId, cabin_id: seat.cabinId, gender_id: seat.genderId, charter: seat.charter }));
    const cabins = (await cabinsOf(tx, departure.yacht_id)).map(toBerthCabin);
    const { children } = await spaceTypes(tx);
    for (const reservationId of [...new Set(waiting.map((space) => space.reservation_id))]) {
      const own = waiting.filter((space) => space.reservation_id === reservationId);
      const promotion = promotionOf(reservationId, own, departure, { cabins, children, live: liveOf(cruiseId) }, caller);
      if (promotion !== null) decideSale(saleOf(reservationId), promotion.event, null, promotion.facts);
    }
  };

  const confirmation = async (id: number) => {
    const sale = saleOf(id);
    const reservation = stored(sale);
    const agencyId = sale.agencyId;
    const balances =
      agencyId === null
        ? []
        : [
            ...(await earlierBalancesOf(agencyId)),
            ...[...sales.values()]
              .filter((other) => other.agencyId === agencyId && other.id !== id && countsAgainstCredit(other.status as ReservationState, other.penaltyCents))
              .map((other) => openBalanceOf(other.status as ReservationState, accountOfSale(other).balanceCents)),
          ];
    const loaded = { policy, payments: paymentsOf(id), creditCents: agencyId === null ? null : await creditOf(agencyId), otherBalancesCents: balances };
    return { sale, reservation, ...confirmationOf(reservation, loaded, caller, undefined) };
  };

  /** Its account now, as reservationAccount works it out. */
  const accountOfSale = (sale: Sale): Account => {
    const reservation = stored(sale);
    return accountOf({
      price: reservation.priceCents,
      agencyId: reservation.agencyId,
      type: reservation.type,
      state: reservation.state,
      startDate: reservation.startDate,
      payments: paymentsOf(sale.id),
      policy,
      terms: termsOf(sale),
      keptPenaltyCents: sale.penaltyCents,
      clock: now.getTime(),
    });
  };

  const passengerOf = (id: number): Pick<Passenger, "id" | "gender" | "birthday"> => {
    const passenger = passengers.get(id);
    if (passenger === undefined) throw new ApiError(404, messages.notFound);
    return { id: PassengerId.make(passenger.id), gender: passenger.fields.gender as Passenger["gender"], birthday: passenger.fields.birthday };
  };

  const write = async (table: string, columns: string, rows: ReadonlyArray<ReadonlyArray<unknown>>): Promise<void> => {
    for (let start = 0; start < rows.length; start += MAX_RUN) await insertRows(tx, table, columns, rows.slice(start, start + MAX_RUN));
  };
  // every event the desk decides happens at `now`: so are its rows created and last updated
  const at = now.toISOString();

  return {
    caller,
    cabins: async (cruiseId) => {
      const departure = departures.get(cruiseId);
      if (departure === undefined) return [];
      return (await cabinsOf(tx, departure.yacht_id)).map((cabin) => ({ id: cabin.id, capacity: cabin.capacity, familyRoom: cabin.family_room }));
    },
    hold: async (wanted) => {
      const agency = ownAgency(caller.session);
      if (agency !== null && wanted.agencyId !== agency) throw new ApiError(403, messages.forbidden);
      const departure = departures.get(wanted.cruiseId);
      if (departure === undefined) throw new ApiError(400, messages.invalidInput);
      if (sold.has(departure.id)) throw new Error(`departure ${departure.id} has sales in the database: the desk in memory sells new departures only`);
      const cabins = await cabinsOf(tx, departure.yacht_id);
      const types = await spaceTypes(tx);
      const draft = withCharterCabins(wanted, cabins, types);
      const fieldProblem = await draftProblem(tx, draft, cabins, types);
      const live = liveOf(departure.id);
      const charter = draft.type === "charter";
      const loaded =
        fieldProblem === null
          ? await pricingFacts(tx, { yachtId: departure.yacht_id, days: departure.days, startDate: departure.start_date, agencyId: draft.agencyId, charter, cabins: draft.cabins })
          : null;
      const id = take("reservations");
      const spaces = draft.cabins.flatMap(({ cabinId, spaces: asked }) => asked.map(({ genderId }) => ({ id: take("spaces"), cabinId, genderId })));
      const { event, facts } = openingOf({ draft, departure, cabins, types, fieldProblem, live, loaded, id, spaces }, caller);
      const after = decide(reservationRecord, String(id), event, actorId, { ...noReservationFacts, ...facts });
      const seatStatus = nextSpaceStatus("available", { type: event.type === "reservation.hold" ? "space.hold" : "space.wait" }) ?? "";
      const sale: Sale = {
        id,
        code: event.code,
        cruiseId: event.cruiseId,
        agencyId: event.agencyId,
        type: event.reservationType,
        executiveId: event.executiveId,
        notes: event.notes,
        seats: event.spaces.map((space) => ({ ...space, reservationId: id, cruiseId: event.cruiseId, charter, status: seatStatus, passengerId: null, cancelReason: null })),
        timeLimit: event.timeLimit,
        price: event.price,
        lines: event.lines,
        terms: null,
        cancelReason: null,
        canceled: false,
        reminded: false,
        penaltyCents: 0,
        balanceReminders: [],
        status: after.status,
        version: after.version,
      };
      sales.set(id, sale);
      const onDeparture = seatsByCruise.get(sale.cruiseId) ?? [];
      for (const seat of sale.seats) {
        seats.set(seat.id, seat);
        onDeparture.push(seat);
      }
      seatsByCruise.set(sale.cruiseId, onDeparture);
      return id;
    },
    isConfirmable: async (id) => {
      const { sale, event, facts } = await confirmation(id);
      return judge(reservationRecord.machine, sale.status, event, { ...noReservationFacts, ...facts }).kind === "accepted";
    },
    confirm: async (id) => {
      const { sale, event, facts } = await confirmation(id);
      decideSale(sale, event, actorId, facts);
    },
    account: async (id): Promise<Account | null> => {
      const sale = sales.get(id);
      if (sale === undefined || sale.status === "deleted") return null;
      return accountOfSale(sale);
    },
    receivePayment: async (draft) => {
      const sale = saleOf(draft.reservationId);
      const { event, facts } = paymentReceivedOf(draft, "payment.record", stored(sale), { payments: paymentsOf(sale.id), keptPenaltyCents: sale.penaltyCents }, caller);
      const id = take("payments");
      const after = decide(paymentRecord, String(id), event, actorId, facts);
      payments.push({ id, reservationId: event.reservationId, agencyId: sale.agencyId, amountCents: event.amountCents, receivedAt: event.receivedAt, method: event.method, reference: event.reference, payer: event.payer, ...after });
      paymentsBySale.set(sale.id, [...paymentsOf(sale.id), { kind: "payment", state: after.status as CountedPayment["state"], amountCents: event.amountCents }]);
    },
    cancel: async (id, reason) => {
      const sale = saleOf(id);
      const reservation = stored(sale);
      const penaltyCents = cancellationPenaltyOf(reservation, dueCentsOf(reservation), policy, termsOf(sale), now);
      decideSale(sale, { type: "reservation.cancel", reason: reason.trim(), penaltyCents }, actorId, { fieldProblem: reasonProblem(reason) });
      await promoteWaiting(sale.cruiseId);
    },
    firstSpace: async (id) => (sales.get(id)?.seats ?? []).reduce<number | undefined>((first, seat) => (first === undefined || seat.id < first ? seat.id : first), undefined),
    cancelSpace: async (spaceId, reason) => {
      const seat = seats.get(spaceId);
      if (seat === undefined) throw new ApiError(404, messages.notFound);
      const sale = saleOf(seat.reservationId);
      const reservation = stored(sale);
      const fieldProblem = reasonProblem(reason);
      judgeSpace(sale.id, seat.status, { type: "space.cancel", reason }, { fieldProblem });
      const { children } = await spaceTypes(tx);
      const share = spaceShareOf(reservation, spaceId, sale.lines, ticketsStaying(sale, spaceId));
      const penaltyCents = cancellationPenaltyOf(reservation, share, policy, termsOf(sale), now);
      decideSale(sale, { type: "space.cancel", spaceId, reason: reason.trim(), last: reservation.spaces <= 1, penaltyCents }, actorId, {
        fieldProblem,
        spaces: ownSpaces(reservation),
        childTypes: [...children],
      });
      await promoteWaiting(sale.cruiseId);
    },
    remindDue: async () => {
      const within = now.getTime() + 24 * 3_600_000;
      const due = [...sales.values()]
        .filter((sale) => sale.status === "reserved" && !sale.reminded && sale.timeLimit !== null && Date.parse(sale.timeLimit) > now.getTime() && Date.parse(sale.timeLimit) <= within)
        .sort((a, b) => Date.parse(a.timeLimit ?? "") - Date.parse(b.timeLimit ?? "") || a.id - b.id)
        .slice(0, 100);
      for (const sale of due) decideSale(sale, { type: "reservation.remind" }, null);
    },
    remindBalancesDue: async () => {
      // the confirmed sales with a reminder left, by departure: the machine judges which is due (remindBalancesDue's narrowing aside)
      const confirmed = [...sales.values()]
        .filter((sale) => sale.status === "confirmed" && sale.balanceReminders.length < 2)
        .sort((a, b) => (departureOf(a.cruiseId).start_date < departureOf(b.cruiseId).start_date ? -1 : departureOf(a.cruiseId).start_date > departureOf(b.cruiseId).start_date ? 1 : a.id - b.id));
      for (const sale of confirmed) {
        const due = balanceReminderDueOf(accountOfSale(sale), sale.balanceReminders, now);
        if (due !== null) decideSale(sale, due.event, null, due.facts);
      }
    },
    unsoldDeparture: async (day, yachtIds) =>
      cruises
        .filter(
          (cruise) =>
            cruise.status === "scheduled" &&
            cruise.start_date > day &&
            (yachtIds === null || yachtIds.includes(cruise.yacht_id)) &&
            !(seatsByCruise.get(cruise.id) ?? []).some((seat) => seat.status !== "canceled"),
        )
        .sort((a, b) => (a.start_date < b.start_date ? 1 : a.start_date > b.start_date ? -1 : b.id - a.id))[0]?.id,
    unseatedSpaces: async (yachtIds): Promise<ReadonlyArray<UnseatedSpace>> =>
      [...seats.values()]
        .filter(
          (seat) =>
            seat.status !== "canceled" &&
            seat.passengerId === null &&
            sales.get(seat.reservationId)?.type !== "charter" &&
            (yachtIds === null || yachtIds.includes(cruiseDays.get(seat.cruiseId)?.yacht_id ?? 0)),
        )
        .sort((a, b) => a.reservationId - b.reservationId || a.id - b.id)
        .map((seat) => {
          const sale = sales.get(seat.reservationId);
          const days = cruiseDays.get(seat.cruiseId);
          const type = genders.get(seat.genderId);
          return {
            id: seat.id,
            reservation_id: seat.reservationId,
            cruise_id: seat.cruiseId,
            agency_id: sale?.agencyId ?? null,
            reservation_status: sale?.status ?? "",
            start_date: days?.start_date ?? "",
            end_date: days?.end_date ?? "",
            sex: type?.sex ?? "",
            child: type?.child ?? false,
          };
        }),
    registerPassenger: async (draft) => {
      const taken = async (_tx: Queryable, typeId: number, identification: string, self: number | null) =>
        identified.has(`${typeId} ${identification}`) ||
        [...passengers.values()].some((other) => other.fields.identificationTypeId === typeId && other.fields.identification === identification && other.id !== self);
      const { facts, fields } = await judgeDraft(tx, draft, null, caller, taken);
      const id = take("passengers");
      const after = decide(passengerRecord, String(id), { type: "passenger.register", ...fields }, actorId, facts);
      passengers.set(id, { id, fields, ...after });
      return id;
    },
    assignPassenger: async (spaceId, passengerId) => {
      const seat = seats.get(spaceId);
      if (seat === undefined) throw new ApiError(404, messages.notFound);
      const sale = saleOf(seat.reservationId);
      const passenger = passengerOf(passengerId);
      const others = [...seats.values()].filter((other) => other.cruiseId === seat.cruiseId && other.passengerId === passengerId && other.status !== "canceled" && other.id !== seat.id).length;
      const type = genders.get(seat.genderId);
      const facts = assignmentFactsOf({ sex: type?.sex ?? "", child: type?.child ?? false }, passenger, others, departureOf(sale.cruiseId).start_date);
      judgeSpace(sale.id, seat.status, { type: "space.assign", passengerId }, facts);
      decideSale(sale, { type: "space.assign", spaceId, passengerId }, actorId);
    },
    bookFlight: async (draft) => {
      const passenger = passengerOf(draft.passengerId);
      const registered = passengers.get(passenger.id);
      if (registered === undefined) throw new ApiError(404, messages.notFound);
      const days = cruiseDays.get(draft.cruiseId) ?? null;
      const sailingSeat = [...seats.values()].find((seat) => seat.cruiseId === draft.cruiseId && seat.passengerId === passenger.id && seat.status !== "canceled");
      const flight = draft.flightId === null ? undefined : (await listItems(tx, flights)).find((item) => item.id === draft.flightId && item.active);
      const legId = take("passenger_flights");
      const { event, facts } = await flightBookingOf(draft, {
        passenger,
        days,
        sailing: sailingSeat === undefined ? null : { reservation_id: sailingSeat.reservationId },
        flight,
        fares: (year) => airTicketFares(tx, year),
        legId,
      });
      const after = decide(passengerRecord, String(passenger.id), event, actorId, facts);
      registered.status = after.status;
      registered.version = after.version;
      legs.push({ id: legId, passengerId: passenger.id, cruiseId: event.cruiseId, reservationId: event.reservationId, direction: event.direction, flightId: event.flightId, date: event.date, time: event.time, line: event.line });
    },
    close: async () => {
      await appendEvents(
        tx,
        decided.map((event) => ({ ...event, occurredAt: now })),
      );
      await write(
        "reservations",
        "id, code, cruise_id, agency_id, type, executive_id, time_limit, extensions, reminded, notes, price, lines, cancel_reason, canceled_at, terms, penalty_cents, balance_reminders, status, version, created_at, updated_at",
        [...sales.values()].map((sale) => [
          sale.id,
          sale.code,
          sale.cruiseId,
          sale.agencyId,
          sale.type,
          sale.executiveId,
          sale.timeLimit,
          0,
          sale.reminded,
          sale.notes,
          sale.price,
          sale.lines,
          sale.cancelReason,
          sale.canceled ? at : null,
          sale.terms,
          sale.penaltyCents,
          sale.balanceReminders,
          sale.status,
          sale.version,
          at,
          at,
        ]),
      );
      await write(
        "spaces",
        "id, reservation_id, cruise_id, cabin_id, gender_id, charter, status, passenger_id, cancel_reason, created_at, updated_at",
        [...seats.values()].map((seat) => [seat.id, seat.reservationId, seat.cruiseId, seat.cabinId, seat.genderId, seat.charter, seat.status, seat.passengerId, seat.cancelReason, at, at]),
      );
      await write(
        "payments",
        "id, reservation_id, agency_id, kind, amount_cents, received_at, method, reference, payer, reason, status, version, created_at, updated_at",
        payments.map((paid) => [paid.id, paid.reservationId, paid.agencyId, "payment", paid.amountCents, paid.receivedAt, paid.method, paid.reference, paid.payer, null, paid.status, paid.version, at, at]),
      );
      await write(
        "passengers",
        "id, agency_id, first_name, last_name, identification_type_id, identification, birthday, country_id, gender, details, status, version, created_at, updated_at",
        [...passengers.values()].map((passenger) => {
          const columns = passengerColumns(passenger.fields);
          return [
            passenger.id,
            columns.agency_id,
            columns.first_name,
            columns.last_name,
            columns.identification_type_id,
            columns.identification,
            columns.birthday,
            columns.country_id,
            columns.gender,
            passenger.fields.details,
            passenger.status,
            passenger.version,
            at,
            at,
          ];
        }),
      );
      await write(
        "passenger_flights",
        "id, passenger_id, cruise_id, reservation_id, direction, flight_id, date, time, line, created_at",
        legs.map((leg) => [leg.id, leg.passengerId, leg.cruiseId, leg.reservationId, leg.direction, leg.flightId, leg.date, leg.time, leg.line, at]),
      );
      for (const table of numbered) {
        await execute(tx, "select setval(pg_get_serial_sequence($1, 'id'), $2, false)", [table, next.get(table) ?? 1]);
      }
    },
  };
};
