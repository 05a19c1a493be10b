import { assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../../api/client.ts";
import { type Quote, type QuoteDraft, quoteReservation } from "../../api/quote.ts";
import type { ReservationDraft } from "../../api/reservations.ts";
import { errorMessage } from "../shared/fields.ts";
import { machineTypes } from "../shared/machineTypes.ts";

export interface DraftQuoteInput {
  readonly client: ApiClient;
}

export interface DraftQuoteContext extends DraftQuoteInput {
  /** The draft last asked for: what the quote shown, or being fetched, prices. */
  readonly draft: QuoteDraft | null;
  /** The answer to `draft`, and to no other: cleared when a refusal comes instead. */
  readonly quote: Quote | null;
  /** The server's refusal of `draft` ('rate not defined'...), translated by the view. */
  readonly error: string | null;
}

export type DraftQuoteEvent = { readonly type: "draft.change"; readonly draft: ReservationDraft };

/**
 * What of a hold form's draft the quote prices: its departure, agency, charter or not, and the
 * cabins given at least one space (a cabin just picked has none yet); null while there is nothing
 * to price (no such cabin and no charter).
 */
export const quotableDraft = (draft: ReservationDraft): QuoteDraft | null => {
  const charter = draft.type === "charter";
  const cabins = charter ? [] : draft.cabins.filter((cabin) => cabin.spaces.length > 0);
  if (!charter && cabins.length === 0) return null;
  return { cruiseId: draft.cruiseId, agencyId: draft.agencyId, charter, cabins };
};

const sameDraft = (a: QuoteDraft | null, b: QuoteDraft | null): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The price of the hold form's draft as it is edited (issue 37, item 3; decision 079): each change
 * waits `quoteDelay` for the next one, then asks `POST /rates/quote`. A change while an answer is
 * awaited leaves that request behind (its actor is stopped, its answer never lands), so the quote
 * shown is always the latest draft's; the previous quote stays, marked as being updated, until
 * the new one arrives. A change that leaves the priced draft as it was (the notes, the time limit)
 * asks nothing.
 */
export const draftQuoteMachine = setup({
  types: machineTypes<DraftQuoteInput, DraftQuoteContext, DraftQuoteEvent, "updating">(),
  delays: {
    quoteDelay: 400,
  },
  actions: {
    assignDraft: assign({ draft: (_, params: { draft: QuoteDraft | null }) => params.draft }),
    clearQuote: assign({ quote: null, error: null }),
    assignQuote: assign({ quote: (_, params: { quote: Quote }) => params.quote, error: null }),
    assignError: assign({ quote: null, error: (_, params: { error: unknown }) => errorMessage(params.error) }),
  },
  guards: {
    isUnchanged: ({ context, event }) => sameDraft(context.draft, quotableDraft(event.draft)),
    isNothingToPrice: ({ event }) => quotableDraft(event.draft) === null,
  },
  actors: {
    priceDraft: fromPromise<Quote, { readonly client: ApiClient; readonly draft: QuoteDraft }>(({ input }) =>
      input.client.call(quoteReservation, { body: input.draft }),
    ),
  },
}).createMachine({
  id: "draftQuote",
  description: "The hold form's draft priced as it is edited: every line at the rack price, each discount and the commission on its own line, the total and the net due.",
  context: ({ input }) => ({ ...input, draft: null, quote: null, error: null }),
  initial: "empty",
  on: {
    "draft.change": [
      { guard: "isUnchanged", description: "The change leaves the priced draft as it was (notes, time limit, a cabin picked without spaces): nothing is asked." },
      {
        guard: "isNothingToPrice",
        target: ".empty",
        actions: [{ type: "assignDraft", params: { draft: null } }, "clearQuote"],
        description: "No cabin has a space any more (and it is no charter): the quote goes and the panel says what to do.",
      },
      {
        target: ".waiting",
        reenter: true,
        actions: { type: "assignDraft", params: ({ event }) => ({ draft: quotableDraft(event.draft) }) },
        description: "The draft changed: the wait for the next change starts again; a request under way is left behind.",
      },
    ],
  },
  states: {
    empty: {
      description: "Nothing to price yet: the panel asks for cabins and their spaces.",
    },
    waiting: {
      tags: "updating",
      description: "The draft is being edited; the last quote shows marked as being updated.",
      after: {
        quoteDelay: { target: "pricing", description: "The editing paused: the draft is priced." },
      },
    },
    pricing: {
      tags: "updating",
      description: "The server prices the latest draft.",
      invoke: {
        id: "priceDraft",
        src: "priceDraft",
        input: ({ context }) => {
          if (context.draft === null) throw new Error("nothing to price");
          return { client: context.client, draft: context.draft };
        },
        onDone: { target: "priced", actions: { type: "assignQuote", params: ({ event }) => ({ quote: event.output }) }, description: "The quote of the latest draft shows." },
        onError: {
          target: "refused",
          actions: { type: "assignError", params: ({ event }) => ({ error: event.error }) },
          description: "The draft cannot be priced ('rate not defined', no connection): the message shows in the user's language.",
        },
      },
    },
    priced: {
      description: "The panel shows the latest draft's lines, discounts, subtotal, total, commission and net due.",
    },
    refused: {
      description: "The latest draft could not be priced: the message shows; the next change asks again.",
    },
  },
});
