import { domainFixtures } from "../shared/fixtures.ts";
import { formFacts } from "./catalogueItem.fixtures.ts";
import { ikarusRateMachine } from "./ikarusRate.machine.ts";

export const fixtures = domainFixtures({
  id: "domain.ikarusRate",
  machine: ikarusRateMachine,
  events: [
    { type: "catalogueItem.create", name: "Ikarus 2027 · 8 días · 10-16", active: false, details: { passengersFrom: 10, passengersTo: 16 } },
    { type: "catalogueItem.edit", name: "Ikarus 2027 · 8 días · 10-20", details: { passengersFrom: 10, passengersTo: 20 } },
    { type: "ikarusRate.activate" },
    { type: "ikarusRate.deactivate", reason: "El mayorista renegoció sus tarifas" },
    { type: "catalogueItem.delete" },
  ],
  facts: formFacts,
});
