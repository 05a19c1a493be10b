import { messages } from "../../api/messages.ts";
import { generalRates } from "../../records/rates.ts";
import { dialogAnswers, machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { yearCopyFormMachine } from "./yearCopyForm.machine.ts";

const endpoint = generalRates.api.yearCopy;
if (endpoint === null) throw new Error("the general rates have no year copy");

export const fixtures = machineFixtures({
  id: "yearCopyForm",
  machine: yearCopyFormMachine,
  inputs: [{ client: unusedClient, endpoint }],
  events: [
    { type: "copy.submit", draft: { year: 2027, increase: 5 } },
    { type: "copy.submit", draft: { year: 2027, increase: 150 } },
    { type: "copy.submit", draft: { year: null, increase: 5 } },
    ...dialogAnswers("confirmCopy"),
    { type: "xstate.done.actor.copyYear", output: { copied: 64, year: 2028 } },
    { type: "xstate.error.actor.copyYear", error: refused(409, messages.yearHasRates) },
  ],
});
