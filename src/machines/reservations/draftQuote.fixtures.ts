import { messages } from "../../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { draftQuoteMachine } from "./draftQuote.machine.ts";

const draft = { cruiseId: 1, agencyId: 2, type: "general" as const, cabins: [{ cabinId: 3, spaces: [{ genderId: 1 }] }] };

export const fixtures = machineFixtures({
  id: "draftQuote",
  machine: draftQuoteMachine,
  inputs: [{ client: unusedClient }],
  events: [
    { type: "draft.change", draft },
    { type: "draft.change", draft: { ...draft, cabins: [{ cabinId: 3, spaces: [] }] } },
    {
      type: "xstate.done.actor.priceDraft",
      output: { lines: [], total: 0, commission: 0, net: 0, subtotalCents: 0, totalCents: 0, commissionCents: 0, netCents: 0 },
    },
    { type: "xstate.error.actor.priceDraft", error: refused(409, messages.rateNotDefined) },
  ],
});
