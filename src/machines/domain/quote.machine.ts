import { setup } from "xstate";
import { messages } from "../../api/messages.ts";
import type { Pricing } from "./pricing.ts";
import { domainContext, domainSetup, type FieldFacts, fieldGuardsOf, final, holds, refusal, refuseIncomplete, refuseMalformed } from "./rules.ts";

/**
 * A quote (`POST /rates/quote`) writes nothing: the machine judges one pricing of a reservation
 * draft, so that its refusals are named guards like every other rule. The facts are the draft's
 * field problem (an unknown yacht, a cabin of another yacht) and what the pricing function
 * (pricing.ts) made of it.
 */
export type QuoteEvent = { readonly type: "quote.price" };

export interface QuoteFacts extends FieldFacts {
  readonly pricing: Pricing["kind"];
}

export const quoteMachine = setup({
  ...domainSetup<QuoteEvent, QuoteFacts>(),
  guards: {
    ...fieldGuardsOf("isIncomplete", "hasMalformedField"),
    isRateMissing: ({ event }) => holds(event, (facts) => facts.pricing === "rateMissing"),
    isFlightRateMissing: ({ event }) => holds(event, (facts) => facts.pricing === "flightRateMissing"),
  },
}).createMachine({
  id: "quote",
  description: "A reservation draft priced line by line (which rate, which season, which discount), with its total, the agency's commission and the operator's net; nothing is stored.",
  context: domainContext,
  initial: "draft",
  states: {
    draft: {
      description: "A yacht, a cruise length and start, an agency, cabins with their spaces and flight legs, not yet priced.",
      on: {
        "quote.price": [
          refuseIncomplete("Refused: the yacht, length, start, agency or a cabin is missing ('required_information')."),
          refuseMalformed("Refused: an unknown or inactive yacht, agency, cabin, space type or flight, a cabin of another yacht, a date that is none ('invalid information')."),
          refusal("isRateMissing", 409, messages.rateNotDefined, "Refused: a cabin or space has no active rate for the yacht, length, season and category, nor a contract or Ikarus rate of the agency ('rate not defined')."),
          refusal("isFlightRateMissing", 409, messages.flightRateNotDefined, "Refused: a flight leg has no air ticket rate for the year ('flight rate not defined')."),
          { target: "priced", description: "Every line has its rate: the quote answers the lines, total, commission and net." },
        ],
      },
    },
    priced: final("Priced: answered to whoever asked, and forgotten."),
  },
});
