import { domainFixtures } from "../fixtures.ts";
import { catalogueItemMachine } from "./catalogueItem.machine.ts";

const decided = { fieldProblem: null, isInUse: false } as const;

export const fixtures = domainFixtures({
  id: "domain.catalogueItem",
  machine: catalogueItemMachine,
  events: [
    { type: "catalogueItem.create", name: "Desayuno", active: true },
    { type: "catalogueItem.create", name: "Box lunch", active: false },
    { type: "catalogueItem.rename", name: "Desayuno buffet" },
    { type: "catalogueItem.activate" },
    { type: "catalogueItem.deactivate" },
    { type: "catalogueItem.delete" },
  ],
  facts: [
    decided,
    { ...decided, fieldProblem: "required" },
    { ...decided, isInUse: true },
  ],
});
