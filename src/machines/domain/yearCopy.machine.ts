import { setup } from "xstate";
import { type Message, messages } from "../../api/messages.ts";
import { domainContext, domainSetup, factGuards, type FieldFacts, fieldGuardsOf, final, holds, refusal, refuseIncomplete, refuseMalformed } from "./rules.ts";

/**
 * Copying a year's rates of one type to the next year (`POST /rates/copyYear/{type}`): each copy
 * is then created by its own machine; this one judges the copy as a whole, with the facts the
 * server loads: the fields' problem (the increase's own message, `number 0-99`), whether the year
 * has rates to copy and whether the next year has rates already.
 */
export type YearCopyEvent = { readonly type: "yearCopy.copy" };

export interface YearCopyFacts extends FieldFacts {
  readonly declaredRefusal: Message | null;
  readonly hasNothingToCopy: boolean;
  readonly isNextYearTaken: boolean;
}

export const yearCopyMachine = setup({
  ...domainSetup<YearCopyEvent, YearCopyFacts>(),
  guards: {
    ...fieldGuardsOf("isIncomplete", "hasMalformedField"),
    isIncreaseOutOfRange: ({ event }) => holds(event, (facts) => facts.declaredRefusal === messages.numberOutOfRange),
    ...factGuards<YearCopyFacts>()("hasNothingToCopy", "isNextYearTaken"),
  },
}).createMachine({
  id: "yearCopy",
  description: "A year's rates of one type copied to the next year with their amounts raised by a percentage, all or none.",
  context: domainContext,
  initial: "asked",
  states: {
    asked: {
      description: "The year to copy and the increase, as sent.",
      on: {
        "yearCopy.copy": [
          refuseIncomplete("Refused: the year or the increase is blank ('required_information')."),
          refuseMalformed("Refused: a year outside 2000-2098 ('invalid information')."),
          refusal("isIncreaseOutOfRange", 400, messages.numberOutOfRange, "Refused: an increase outside 0-99 % or with more than two decimals ('number 0-99')."),
          refusal("hasNothingToCopy", 409, messages.noRatesToCopy, "Refused: the year has no rates of the type ('the year has no rates to copy')."),
          refusal("isNextYearTaken", 409, messages.yearHasRates, "Refused: the next year has rates of the type already; copying would double them ('the next year already has rates')."),
          { target: "copied", description: "Each live rate is created again for the next year, its amounts raised; an Ikarus rate as a draft." },
        ],
      },
    },
    copied: final("The next year's rates exist, each with its own record of changes."),
  },
});
