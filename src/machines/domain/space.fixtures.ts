import { domainFixtures } from "../shared/fixtures.ts";
import { spaceMachine } from "./space.machine.ts";

export const fixtures = domainFixtures({
  id: "domain.space",
  machine: spaceMachine,
  events: [
    { type: "space.hold" },
    { type: "space.wait" },
    { type: "space.confirm" },
    { type: "space.promote" },
    { type: "space.expire" },
    { type: "space.cancel", reason: "El pasajero enfermó" },
    { type: "space.assign", passengerId: 7 },
  ],
  facts: [
    { fieldProblem: null },
    { fieldProblem: "required" },
    { fieldProblem: "invalid" },
    { fieldProblem: null, passenger: { gender: "male", birthday: "1980-05-01", otherSpacesOnDeparture: 0 }, spaceType: { sex: "female", child: false }, departureDay: "2027-03-04" },
    { fieldProblem: null, passenger: { gender: "female", birthday: "2015-03-05", otherSpacesOnDeparture: 0 }, spaceType: { sex: "female", child: false }, departureDay: "2027-03-04" },
    { fieldProblem: null, passenger: { gender: "female", birthday: "2015-03-04", otherSpacesOnDeparture: 0 }, spaceType: { sex: "", child: true }, departureDay: "2027-03-04" },
    { fieldProblem: null, passenger: { gender: "female", birthday: "1980-05-01", otherSpacesOnDeparture: 1 }, spaceType: { sex: "female", child: false }, departureDay: "2027-03-04" },
    { fieldProblem: null, passenger: { gender: "female", birthday: "1980-05-01", otherSpacesOnDeparture: 0 }, spaceType: { sex: "female", child: false }, departureDay: "2027-03-04" },
  ],
});
