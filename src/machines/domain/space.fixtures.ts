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
  ],
  facts: [{ fieldProblem: null }, { fieldProblem: "required" }, { fieldProblem: "invalid" }],
});
