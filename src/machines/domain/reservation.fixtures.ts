import { domainFixtures } from "../fixtures.ts";
import { noReservationFacts, type ReservationFacts, type ReservationOpening, reservationMachine } from "./reservation.machine.ts";

const opening: ReservationOpening = {
  code: "R-000001",
  cruiseId: 1,
  agencyId: 2,
  reservationType: "general",
  executiveId: 1,
  timeLimit: "2027-03-01T17:00:00.000Z",
  notes: "",
  price: { total: 4200, commission: 420, net: 3780 },
  lines: [],
  spaces: [
    { id: 1, cabinId: 3, genderId: 1 },
    { id: 2, cabinId: 3, genderId: 1 },
  ],
};

const facts: ReadonlyArray<ReservationFacts> = [
  noReservationFacts,
  { ...noReservationFacts, everySpaceFilled: true },
  { ...noReservationFacts, bookingHasSpaces: true },
  { ...noReservationFacts, fieldProblem: "required" },
  { ...noReservationFacts, fieldProblem: "invalid" },
  { ...noReservationFacts, cruiseClosed: true },
  { ...noReservationFacts, berthProblem: "charterTaken" },
  { ...noReservationFacts, berthProblem: "charterBlocked" },
  { ...noReservationFacts, berthProblem: "cruiseFull" },
  { ...noReservationFacts, berthProblem: "cabinNotAvailable" },
  { ...noReservationFacts, berthProblem: "familyRoomTaken" },
  { ...noReservationFacts, berthProblem: "genderNotAllowed" },
  { ...noReservationFacts, pricing: "rateMissing" },
  { ...noReservationFacts, timeLimitRefused: true },
  { ...noReservationFacts, tooManyExtensions: true },
  { ...noReservationFacts, timeLimitPassed: true },
  { ...noReservationFacts, liveSpaces: 2 },
];

export const fixtures = domainFixtures({
  id: "domain.reservation",
  machine: reservationMachine,
  events: [
    { type: "reservation.hold", ...opening },
    { type: "reservation.waitlist", ...opening, timeLimit: null },
    { type: "reservation.confirm" },
    { type: "reservation.extend", timeLimit: "2027-03-03T17:00:00.000Z" },
    { type: "reservation.remind" },
    { type: "reservation.expire" },
    { type: "reservation.promote", timeLimit: "2027-03-05T17:00:00.000Z" },
    { type: "reservation.cancel", reason: "El cliente desistió" },
    { type: "space.cancel", spaceId: 1, reason: "Un pasajero desistió", last: false },
    { type: "space.assign", spaceId: 1, passengerId: 3 },
    {
      type: "reservation.update",
      notes: "Dos cabinas",
      added: [{ id: 3, cabinId: 4, genderId: 1 }],
      removedCabins: [],
      price: { total: 6300, commission: 630, net: 5670 },
      lines: [],
    },
    { type: "space.cancel", spaceId: 2, reason: "El último pasajero desistió", last: true },
    { type: "reservation.delete" },
  ],
  facts,
});
