import { messages } from "../../api/messages.ts";
import { availabilitySearchMachine } from "./availabilitySearch.machine.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";

const form = { from: "2027-03-01", to: "2027-05-31", yachtId: "", passengers: "2" };

export const fixtures = machineFixtures({
  id: "availabilitySearch",
  machine: availabilitySearchMachine,
  inputs: [{ client: unusedClient, form }],
  events: [
    { type: "xstate.done.actor.search", output: [] },
    { type: "xstate.error.actor.search", error: refused(400, messages.datesRequired) },
    { type: "search.submit", form: { ...form, from: "" } },
    { type: "form.sync", form: { ...form, yachtId: "1" } },
    { type: "departures.changed" },
  ],
});
