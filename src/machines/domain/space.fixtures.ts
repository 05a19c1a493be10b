import { domainFixtures } from "../fixtures.ts";
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
    { fieldProblem: null, genderMismatch: true },
    { fieldProblem: null, ageMismatch: true },
    { fieldProblem: null, alreadyOnCruise: true },
  ],
});
