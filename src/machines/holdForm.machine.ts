import { Schema } from "effect";
import { assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../api/client.ts";
import type { CatalogueItem } from "../api/catalogues.ts";
import { currentSession } from "../api/auth.ts";
import { type Cruise, getCruise } from "../api/cruises.ts";
import { CruiseId } from "../api/ids.ts";
import {
  type CruiseCabin,
  createReservation,
  cruiseCabins,
  missingSpaces,
  type ReservationDraft,
  type ReservationSummary,
} from "../api/reservations.ts";
import { agencies, genders } from "../records/referenceData.ts";
import { errorActions, showError } from "./shared.ts";

export interface HoldFormInput {
  readonly client: ApiClient;
  readonly cruiseId: number;
  /** Whether the agencies are offered (staff); an agency user sells for its own. */
  readonly withAgencies: boolean;
}

/** What the form shows: the departure's cabins berth by berth, the agencies and the space types. */
export interface HoldChoices {
  /** The departure itself (null for an agency user, who reads departures through availability). */
  readonly cruise: Cruise | null;
  readonly cabins: ReadonlyArray<CruiseCabin>;
  /** The agencies to sell for: every live one for staff, an agency user's own. */
  readonly agencies: ReadonlyArray<{ readonly id: number; readonly name: string }>;
  readonly spaceTypes: ReadonlyArray<CatalogueItem>;
}

export interface HoldFormContext extends HoldFormInput, HoldChoices {
  /** The cabins picked on the plan, in the order they were picked. */
  readonly chosen: ReadonlyArray<number>;
  readonly draft: ReservationDraft | null;
  readonly missing: boolean;
  readonly error: string | null;
}

export type HoldFormEvent =
  | { readonly type: "cabin.toggle"; readonly cabinId: number }
  | { readonly type: "hold.submit"; readonly draft: ReservationDraft }
  | { readonly type: "retry" }
  | { readonly type: "cabins.changed" };

const cruiseId = Schema.decodeSync(CruiseId);

/**
 * Holding berths on a departure from its cabins' plan (DOMAIN.md sections 4 and 5): the user picks
 * cabins, says how many spaces of each type each takes, the agency, the type, an optional time
 * limit and whether to wait when full; the server holds (or refuses with the spec's message: a
 * full departure offers the waiting list) and the reservation's page opens (`reportHeld`).
 */
export const holdFormMachine = setup({
  types: {
    input: {} as HoldFormInput,
    context: {} as HoldFormContext,
    events: {} as HoldFormEvent,
    tags: {} as "processing",
  },
  actions: {
    ...errorActions<HoldFormContext, HoldFormEvent>(),
    assignChoices: assign((_, params: HoldChoices) => params),
    assignCabins: assign({ cabins: (_, params: { cabins: ReadonlyArray<CruiseCabin> }) => params.cabins }),
    // a cabin picked or let go changes the draft: the last check's message no longer holds
    toggleCabin: assign({
      chosen: ({ context }, params: { cabinId: number }) =>
        context.chosen.includes(params.cabinId) ? context.chosen.filter((id) => id !== params.cabinId) : [...context.chosen, params.cabinId],
      missing: false,
    }),
    assignDraft: assign({
      draft: (_, params: { draft: ReservationDraft }) => params.draft,
      missing: (_, params: { draft: ReservationDraft }) => missingSpaces(params.draft.cabins, params.draft.type === "charter"),
    }),
    /** Opens the new reservation's page; the view provides it. */
    reportHeld: (_, _params: ReservationSummary) => {},
  },
  guards: {
    isMissingSpaces: ({ context }) => context.missing,
  },
  actors: {
    fetchChoices: fromPromise<HoldChoices, HoldFormInput>(async ({ input }) => {
      const [cruise, cabins, agencyItems, spaceTypes] = await Promise.all([
        input.withAgencies ? input.client.call(getCruise, { params: { id: cruiseId(input.cruiseId) } }) : Promise.resolve(null),
        input.client.call(cruiseCabins, { params: { id: cruiseId(input.cruiseId) } }),
        input.withAgencies
          ? input.client.call(agencies.api.list).then((items) => items.filter((agency) => agency.active))
          : input.client.call(currentSession).then((user) => (user.agency === null ? [] : [user.agency])),
        input.client.call(genders.api.list),
      ]);
      // adults first: a child travels with one
      const types = spaceTypes.filter((type) => type.active).sort((a, b) => Number(a.child === true) - Number(b.child === true));
      return { cruise, cabins, agencies: agencyItems, spaceTypes: types };
    }),
    fetchCabins: fromPromise<ReadonlyArray<CruiseCabin>, HoldFormInput>(({ input }) =>
      input.client.call(cruiseCabins, { params: { id: cruiseId(input.cruiseId) } }),
    ),
    hold: fromPromise<ReservationSummary, { readonly client: ApiClient; readonly draft: ReservationDraft }>(({ input }) =>
      input.client.call(createReservation, { body: input.draft }),
    ),
  },
}).createMachine({
  id: "holdForm",
  description: "Hold berths on a departure: cabins picked on its plan, spaces by type, the agency and time limit; held or put on the waiting list by the server, and the reservation opened.",
  context: ({ input }) => ({ ...input, cruise: null, cabins: [], agencies: [], spaceTypes: [], chosen: [], draft: null, missing: false, error: null }),
  initial: "loading",
  states: {
    loading: {
      description: "The departure's cabins, the agencies and the space types are being fetched.",
      invoke: {
        id: "fetchChoices",
        src: "fetchChoices",
        input: ({ context }) => context,
        onDone: { target: "editing", actions: { type: "assignChoices", params: ({ event }) => event.output }, description: "The plan and the form show." },
        onError: showError("failed", "The departure's cabins could not be fetched: the message shows with a retry."),
      },
    },
    editing: {
      description: "The plan shows each cabin's berths; the form, the cabins picked.",
      on: {
        "cabin.toggle": {
          target: "editing",
          actions: { type: "toggleCabin", params: ({ event }) => ({ cabinId: event.cabinId }) },
          description: "A cabin on the plan is picked, or let go.",
        },
        "cabins.changed": { target: "refreshing", description: "The departure's berths changed elsewhere: the plan is fetched again." },
        "hold.submit": {
          target: "checking",
          actions: ["clearError", { type: "assignDraft", params: ({ event }) => ({ draft: event.draft }) }],
          description: "Hold was pressed.",
        },
      },
    },
    refreshing: {
      description: "The departure's cabins are fetched again; the cabins picked stay picked.",
      invoke: {
        id: "fetchCabins",
        src: "fetchCabins",
        input: ({ context }) => context,
        onDone: { target: "editing", actions: { type: "assignCabins", params: ({ event }) => ({ cabins: event.output }) }, description: "The plan shows the berths as they are now." },
        onError: { target: "editing", description: "They could not be fetched: the plan stays as it was until the next change." },
      },
    },
    checking: {
      description: "The draft is checked: at least one cabin, each with a space.",
      always: [
        { guard: "isMissingSpaces", target: "editing", description: "No cabin, or one without spaces: the message shows and nothing is sent." },
        { target: "holding", description: "Every cabin has its spaces: the server decides." },
      ],
    },
    holding: {
      tags: "processing",
      description: "Waiting for the server to hold the berths or put them on the waiting list.",
      invoke: {
        id: "hold",
        src: "hold",
        input: ({ context }) => {
          if (context.draft === null) throw new Error("nothing to hold");
          return { client: context.client, draft: context.draft };
        },
        onDone: { target: "editing", actions: { type: "reportHeld", params: ({ event }) => event.output }, description: "Held (or waiting): the reservation's page opens." },
        onError: showError("editing", "The server refused ('cruise full', 'cabin not available', 'gender not allowed'...): its message shows above the form."),
      },
    },
    failed: {
      description: "The cabins could not be fetched; the message shows with a retry button.",
      on: { retry: { target: "loading", actions: "clearError", description: "Retry was pressed." } },
    },
  },
});
