import { machineFixtures } from "./fixtures.ts";
import { themeMachine } from "./theme.machine.ts";

export const fixtures = machineFixtures({
  id: "theme",
  machine: themeMachine,
  inputs: [{ stored: "system" }, { stored: "light" }, { stored: "dark" }],
  events: [
    { type: "theme.choose", choice: "dark" },
    { type: "theme.choose", choice: "light" },
    { type: "theme.choose", choice: "system" },
  ],
});
