import { machineFixtures } from "./fixtures.ts";
import { sidebarMachine } from "./sidebar.machine.ts";

export const fixtures = machineFixtures({
  id: "sidebar",
  machine: sidebarMachine,
  inputs: [undefined],
  events: [{ type: "sidebar.toggle" }, { type: "sidebar.dismiss" }, { type: "sidebar.choose", to: "/panel/leads" }, { type: "sidebar.point", to: "/panel/reservations" }],
});
