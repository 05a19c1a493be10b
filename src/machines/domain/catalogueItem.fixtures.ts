import { machineFixtures, withFacts } from "../fixtures.ts";
import { catalogueItemMachine } from "./catalogueItem.machine.ts";

const decided = { fieldProblem: null, isInUse: false } as const;

export const fixtures = machineFixtures({
  id: "domain.catalogueItem",
  file: "src/machines/domain/catalogueItem.machine.ts",
  machine: catalogueItemMachine,
  inputs: [undefined],
  events: withFacts(
    catalogueItemMachine,
    [
    { type: "catalogueItem.create", name: "Desayuno", active: true },
    { type: "catalogueItem.create", name: "Box lunch", active: false },
    { type: "catalogueItem.rename", name: "Desayuno buffet" },
    { type: "catalogueItem.activate" },
    { type: "catalogueItem.deactivate" },
    { type: "catalogueItem.delete" },
    ],
    [
      decided,
      { ...decided, fieldProblem: "required" },
      { ...decided, isInUse: true },
    ],
  ),
});
