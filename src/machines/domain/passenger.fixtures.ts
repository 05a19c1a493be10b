import { domainFixtures } from "../shared/fixtures.ts";
import { noPassengerFacts, type PassengerFacts, type PassengerFields, passengerMachine } from "./passenger.machine.ts";

const fields: PassengerFields = {
  agencyId: null,
  firstName: "María",
  lastName: "Andrade",
  identificationTypeId: 1,
  identification: "1712345678",
  birthday: "1985-04-12",
  countryId: 1,
  gender: "female",
  details: { vegetarian: true },
};

const facts: ReadonlyArray<PassengerFacts> = [
  noPassengerFacts,
  { ...noPassengerFacts, fieldProblem: "required" },
  { ...noPassengerFacts, fieldProblem: "invalid" },
  { ...noPassengerFacts, fieldProblem: "invalidEmail" },
  { ...noPassengerFacts, identificationTaken: true },
  { ...noPassengerFacts, notOnCruise: true },
  { ...noPassengerFacts, flightTimeMissing: true },
  { ...noPassengerFacts, legDuringCruise: true },
  { ...noPassengerFacts, legOnWrongSide: true },
  { ...noPassengerFacts, returnLegNotHomeward: true },
  { ...noPassengerFacts, flightRateMissing: true },
];

export const fixtures = domainFixtures({
  id: "domain.passenger",
  machine: passengerMachine,
  events: [
    { type: "passenger.register", ...fields },
    { type: "passenger.edit", ...fields, lastName: "Andrade Vega" },
    {
      type: "passenger.flight.book",
      legId: 1,
      cruiseId: 1,
      reservationId: 1,
      direction: "outbound",
      flightId: 1,
      date: "2027-03-05",
      time: "09:30",
      line: null,
    },
    { type: "passenger.flight.remove", legId: 1 },
  ],
  facts,
});
