import { listFixtures } from "../shared/listFixtures.ts";
import { sampleCruise } from "../shared/samples.ts";
import { departuresListDefaults, departuresListMachine } from "./departuresList.machine.ts";

export const fixtures = listFixtures({
  id: "departuresList",
  machine: departuresListMachine,
  defaults: departuresListDefaults,
  scope: null,
  row: sampleCruise,
  extras: { yachts: [] },
  sortColumn: "free",
  searchText: "GEX",
  filter: { name: "yacht", value: "2" },
  bulk: false,
});
