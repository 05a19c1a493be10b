import { listFixtures } from "../shared/listFixtures.ts";
import { samplePassenger } from "../shared/samples.ts";
import { passengersListMachine, passengersQueryDefaults } from "./passengersList.machine.ts";

export const fixtures = listFixtures({
  id: "passengersList",
  machine: passengersListMachine,
  defaults: passengersQueryDefaults,
  scope: { agencies: null },
  row: samplePassenger,
  extras: { agencies: [] },
  sortColumn: "birthday",
  searchText: "Andrade",
  filter: { name: "agency", value: "3" },
  bulk: false,
});
