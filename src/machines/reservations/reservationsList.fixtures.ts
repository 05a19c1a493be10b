import { listFixtures } from "../shared/listFixtures.ts";
import { sampleReservation } from "../shared/samples.ts";
import { reservationsListMachine, reservationsQueryDefaults } from "./reservationsList.machine.ts";

export const fixtures = listFixtures({
  id: "reservationsList",
  machine: reservationsListMachine,
  defaults: reservationsQueryDefaults,
  scope: { cruiseId: null, withAgencies: true },
  row: sampleReservation,
  extras: { agencies: [] },
  sortColumn: "departure",
  searchText: "RES-0001",
  filter: { name: "state", value: "reserved" },
  bulk: true,
});
