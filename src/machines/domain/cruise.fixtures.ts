import { domainFixtures } from "../shared/fixtures.ts";
import { type CruiseFacts, cruiseMachine, type CruiseFields, noCruiseFacts } from "./cruise.machine.ts";

const fields: CruiseFields = {
  code: "ANA-20270305",
  yachtId: 1,
  cruiseItineraryId: 1,
  startDate: "2027-03-05",
  endDate: "2027-03-12",
  guideIds: [1],
  languageIds: [1, 2],
  captainId: 1,
  hotelierId: null,
  notes: "",
};

const facts: ReadonlyArray<CruiseFacts> = [
  noCruiseFacts,
  { ...noCruiseFacts, fieldProblem: "required" },
  { ...noCruiseFacts, fieldProblem: "invalid" },
  { ...noCruiseFacts, isItineraryOfAnotherYacht: true },
  { ...noCruiseFacts, clock: Date.parse("2027-03-05T12:00:00Z") },
  { ...noCruiseFacts, clock: Date.parse("2027-03-05T12:00:00Z"), currentStartDate: "2027-03-05" },
  { ...noCruiseFacts, clock: Date.parse("2027-03-01T12:00:00Z"), oneByOne: true },
  { ...noCruiseFacts, overlapsAnotherDeparture: true },
  { ...noCruiseFacts, movesSoldBerths: true },
];

export const fixtures = domainFixtures({
  id: "domain.cruise",
  machine: cruiseMachine,
  events: [
    { type: "cruise.schedule", ...fields },
    { type: "cruise.schedule", ...fields, guideIds: [] },
    { type: "cruise.edit", ...fields, notes: "Guía bilingüe" },
    { type: "cruise.edit", ...fields, guideIds: [] },
    { type: "cruise.cancel", reason: "Mantenimiento del yate" },
  ],
  facts,
});
