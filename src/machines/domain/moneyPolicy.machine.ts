import { Schema } from "effect";
import { setup } from "xstate";
import { messages } from "../../api/messages.ts";
import { MoneyPolicy } from "../../api/money.ts";
import { isPenaltyScheduleWhole } from "./money.ts";
import { domainContext, domainSetup, holds, refusal } from "./rules.ts";

/**
 * The company's money policy (DOMAIN.md section 10, decision 062): one record (stream id
 * 'company'), each `set` the whole policy, so the last event alone says what is in force.
 */
export const MoneyPolicySet = Schema.Struct({ type: Schema.Literal("moneyPolicy.set"), ...MoneyPolicy.fields });
export type MoneyPolicyEvent = typeof MoneyPolicySet.Type;

/**
 * Nothing beyond the event: the policy's rules read the policy itself. An empty set of facts
 * still tells a decision from a replay, which judges nothing.
 */
export type MoneyPolicyFacts = Readonly<Record<string, never>>;

/** A penalty schedule that leaves a day without a step, or names a day twice. */
const isScheduleBroken = ({ event }: { readonly event: MoneyPolicyEvent & { readonly facts?: MoneyPolicyFacts } }) =>
  holds(event, () => !isPenaltyScheduleWhole(event.penalties.general) || !isPenaltyScheduleWhole(event.penalties.charter));

const set = (description: string) =>
  [
    refusal("isScheduleBroken", 400, messages.invalidInput, "Refused: a penalty schedule without a step at 0 days, or naming a day twice ('invalid information')."),
    { target: "set", description },
  ] as const;

export const moneyPolicyMachine = setup({
  ...domainSetup<MoneyPolicyEvent, MoneyPolicyFacts>(),
  guards: { isScheduleBroken },
}).createMachine({
  id: "moneyPolicy",
  description: "The company's payment terms: deposit, balance days and cancellation penalties, edited by an admin.",
  context: domainContext,
  initial: "absent",
  states: {
    absent: {
      description: "Never edited: DOMAIN.md's defaults are in force.",
      on: { "moneyPolicy.set": set("The first policy is set in place of the defaults.") },
    },
    set: {
      description: "The policy an admin set is in force.",
      on: { "moneyPolicy.set": set("The policy is replaced.") },
    },
  },
});
