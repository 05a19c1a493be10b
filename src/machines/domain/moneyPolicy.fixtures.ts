import { defaultMoneyPolicy } from "../../api/money.ts";
import { domainFixtures } from "../shared/fixtures.ts";
import { moneyPolicyMachine } from "./moneyPolicy.machine.ts";

export const fixtures = domainFixtures({
  id: "domain.moneyPolicy",
  machine: moneyPolicyMachine,
  events: [
    { type: "moneyPolicy.set", ...defaultMoneyPolicy },
    // no step at 0 days: a late cancellation would find no penalty
    { type: "moneyPolicy.set", ...defaultMoneyPolicy, penalties: { ...defaultMoneyPolicy.penalties, charter: [{ daysBefore: 120, keptPercent: null }] } },
  ],
  facts: [{}],
});
