import { defaultMoneyPolicy } from "../../api/money.ts";
import { domainFixtures } from "../shared/fixtures.ts";
import type { ConfirmFacts } from "./money.ts";
import { noReservationFacts, type ReservationFacts, type ReservationOpening, reservationMachine } from "./reservation.machine.ts";

const opening: ReservationOpening = {
  code: "R-000001",
  cruiseId: 1,
  agencyId: 2,
  reservationType: "general",
  executiveId: 1,
  timeLimit: "2027-03-01T17:00:00.000Z",
  notes: "",
  price: { totalCents: 420000, commissionCents: 42000, netCents: 378000 },
  lines: [],
  spaces: [
    { id: 1, cabinId: 3, genderId: 1 },
    { id: 2, cabinId: 3, genderId: 1 },
  ],
};

const DAY = 86_400_000;
const male = 1;
const female = 2;
const child = 3;
/** A small yacht: a double cabin and a family room. */
const yacht = { cabins: [{ id: 3, capacity: 2, familyRoom: false }, { id: 4, capacity: 2, familyRoom: true }], childTypes: [child] };
const another = (cabinId: number, genderId: number, charter = false) => ({ reservationId: 9, cabinId, genderId, state: "reserved" as const, charter });
const asking = (cabins: ReadonlyArray<{ cabinId: number; spaces: ReadonlyArray<{ genderId: number }> }>, charter = false) => ({ reservationId: null, charter, cabins });
const two = (cabinId: number, genderId = male) => ({ cabinId, spaces: [{ genderId }, { genderId }] });
/** The hold's departure, three months after the clock. */
const onTime = { clock: Date.parse("2027-01-01T12:00:00Z"), departure: { startDate: "2027-04-01", scheduled: true } };

/** A held agency reservation owing US$ 3,780, nothing paid (its deposit due: 30 %, US$ 1,134), four months out. */
const unpaid: ConfirmFacts = {
  dueCents: 378_000,
  payments: [],
  policy: defaultMoneyPolicy,
  type: "general",
  startDate: "2027-05-01",
  creditCents: 0,
  otherBalancesCents: [],
  role: "sales",
};

/** Raw facts, each making one rule refuse (or none), as the server would load them. */
const facts: ReadonlyArray<ReservationFacts> = [
  noReservationFacts,
  { ...noReservationFacts, ...yacht, ...onTime, request: asking([two(3)]) },
  { ...noReservationFacts, fieldProblem: "required" },
  { ...noReservationFacts, fieldProblem: "invalid" },
  { ...noReservationFacts, ...onTime, departure: { startDate: "2027-04-01", scheduled: false } },
  { ...noReservationFacts, ...onTime, clock: Date.parse("2027-04-02T00:00:00Z") },
  { ...noReservationFacts, ...yacht, live: [another(4, male, true)], request: asking([two(3), two(4)], true) },
  { ...noReservationFacts, ...yacht, live: [another(4, male)], request: asking([two(3), two(4)], true) },
  { ...noReservationFacts, ...yacht, request: asking([two(3)], true) },
  { ...noReservationFacts, ...yacht, live: [another(3, male), another(4, male), another(4, male)], request: asking([two(3)]) },
  { ...noReservationFacts, ...yacht, live: [another(3, male)], request: asking([two(3)]) },
  { ...noReservationFacts, ...yacht, live: [another(4, female)], request: asking([{ cabinId: 4, spaces: [{ genderId: female }] }]) },
  { ...noReservationFacts, ...yacht, live: [another(3, female)], request: asking([{ cabinId: 3, spaces: [{ genderId: male }] }]) },
  { ...noReservationFacts, ...yacht, request: asking([{ cabinId: 3, spaces: [{ genderId: child }] }]) },
  { ...noReservationFacts, ...yacht, request: asking([two(4)]) },
  { ...noReservationFacts, agencyRateKinds: ["contract"] },
  { ...noReservationFacts, pricing: "rateMissing" },
  { ...noReservationFacts, ...onTime, clock: Date.parse("2027-03-04T00:00:00Z") },
  { ...noReservationFacts, ...onTime, currentTimeLimit: Date.parse("2027-03-04T00:00:00Z") },
  { ...noReservationFacts, ...onTime, clock: Date.parse("2027-03-02T12:00:00Z") - 10 * DAY },
  { ...noReservationFacts, caller: "agency", agencyExtensions: 2 },
  { ...noReservationFacts, caller: "agency", agencyExtensions: 1 },
  { ...noReservationFacts, caller: "staff", agencyExtensions: 5 },
  { ...noReservationFacts, clock: 2_000, currentTimeLimit: 1_000 },
  { ...noReservationFacts, clock: 1_000, currentTimeLimit: 2_000 },
  { ...noReservationFacts, spaces: [{ id: 1, cabinId: 3, genderId: male, passengerId: null }, { id: 2, cabinId: 3, genderId: male, passengerId: 5 }] },
  { ...noReservationFacts, spaces: [{ id: 1, cabinId: 3, genderId: male, passengerId: 4 }], wanted: [] },
  { ...noReservationFacts, spaces: [{ id: 1, cabinId: 3, genderId: male, passengerId: 4 }], wanted: [two(3)] },
  // confirming: an agency without credit, one whose open balance leaves too little, one whose credit covers it, a deposit received
  { ...noReservationFacts, ...onTime, money: unpaid },
  { ...noReservationFacts, ...onTime, money: { ...unpaid, creditCents: 500_000, otherBalancesCents: [300_000, 100_000] } },
  { ...noReservationFacts, ...onTime, money: { ...unpaid, creditCents: 500_000, otherBalancesCents: [300_000] } },
  { ...noReservationFacts, ...onTime, money: { ...unpaid, creditCents: null, role: "admin" } },
  { ...noReservationFacts, ...onTime, money: { ...unpaid, payments: [{ kind: "payment", state: "recorded", amountCents: 113_400 }] } },
  { ...noReservationFacts, childTypes: [child], spaces: [{ id: 1, cabinId: 3, genderId: male, passengerId: null }, { id: 2, cabinId: 3, genderId: child, passengerId: null }] },
];

export const fixtures = domainFixtures({
  id: "domain.reservation",
  machine: reservationMachine,
  events: [
    { type: "reservation.hold", ...opening },
    { type: "reservation.hold", ...opening, reservationType: "familyRoom" },
    { type: "reservation.hold", ...opening, reservationType: "contract" },
    { type: "reservation.waitlist", ...opening, timeLimit: null },
    { type: "reservation.waitlist", ...opening, timeLimit: null, reservationType: "familyRoom" },
    { type: "reservation.waitlist", ...opening, timeLimit: null, reservationType: "ikarus" },
    { type: "reservation.confirm", terms: { ...defaultMoneyPolicy, confirmedOn: "2027-01-01" } },
    // an admin confirming a direct client's reservation before its deposit, for the reason given
    { type: "reservation.confirm", terms: { ...defaultMoneyPolicy, confirmedOn: "2027-01-01" }, reason: "Cliente habitual: paga al embarcar" },
    { type: "reservation.extend", timeLimit: "2027-03-03T17:00:00.000Z" },
    { type: "reservation.remind" },
    { type: "reservation.expire" },
    { type: "reservation.promote", timeLimit: "2027-03-05T17:00:00.000Z" },
    { type: "reservation.cancel", reason: "El cliente desistió", penaltyCents: 113_400 },
    { type: "space.cancel", spaceId: 1, reason: "Un pasajero desistió", last: false, penaltyCents: 56_700 },
    // refused with no facts' balance or kept penalty (noReservationFacts), accepted as replayed
    { type: "reservation.remindBalance", reminder: "weekBefore", balanceCents: 264_600 },
    { type: "reservation.waivePenalty", reason: "Cliente frecuente: se condona", waivedCents: 113_400 },
    { type: "space.assign", spaceId: 1, passengerId: 3 },
    { type: "space.assign", spaceId: 0, passengerId: 3 },
    {
      type: "reservation.update",
      notes: "Dos cabinas",
      added: [{ id: 3, cabinId: 4, genderId: 1 }],
      removedCabins: [],
      price: { totalCents: 630000, commissionCents: 63000, netCents: 567000 },
      lines: [],
    },
    { type: "space.cancel", spaceId: 2, reason: "El último pasajero desistió", last: true },
    { type: "reservation.delete" },
  ],
  facts,
});
