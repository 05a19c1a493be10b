import { Schema } from "effect";
import { assign, fromPromise, raise, setup } from "xstate";
import type { ApiClient } from "../../api/client.ts";
import type { CatalogueItem } from "../../api/catalogues.ts";
import { currentSession } from "../../api/auth.ts";
import { type DepartureAvailability, departureAvailability } from "../../api/availability.ts";
import { type Cruise, getCruise } from "../../api/cruises.ts";
import { isApiError } from "../../api/errors.ts";
import { CruiseId } from "../../api/ids.ts";
import { type Message, messages } from "../../api/messages.ts";
import {
  type CruiseCabin,
  createReservation,
  cruiseCabins,
  missingSpaces,
  type ReservationDraft,
  type ReservationSummary,
} from "../../api/reservations.ts";
import { agencies, genders } from "../../records/referenceData.ts";
import { errorMessage } from "../shared/fields.ts";
import { keptPress } from "../shared/keptPress.ts";
import { checkedDraft, errorActions, retryable, showError } from "../shared/actions.ts";
import { type BerthPick, isFreeBerth, isPicked, reseatPicks, retypePick, togglePick, withPicks } from "./berthPicks.ts";
import { machineTypes } from "../shared/machineTypes.ts";

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
  /** For an agency user: the departure as the availability shows it (its code, yacht, itinerary, dates and berths). */
  readonly departure: DepartureAvailability | null;
  readonly cabins: ReadonlyArray<CruiseCabin>;
  /** The agencies to sell for: every live one for staff, an agency user's own. */
  readonly agencies: ReadonlyArray<{ readonly id: number; readonly name: string }>;
  readonly spaceTypes: ReadonlyArray<CatalogueItem>;
}

/**
 * The server's refusal of the last hold, shown beside the Hold button rather than in the banner
 * at the top of a long page: its message, the picked cabins it concerns (marked on the plan) and
 * whether the waiting list is offered in its place.
 */
export interface HoldRefusal {
  readonly message: string;
  readonly cabinIds: ReadonlyArray<number>;
  readonly waitlistOffered: boolean;
  /** The refusal the server kept, which says why (decision 071); null when it kept none. */
  readonly refusalId: number | null;
}

export interface HoldFormContext extends HoldFormInput, HoldChoices {
  /** The cabins picked on the plan, in the order they were picked (a cabin whose berths are picked among them). */
  readonly chosen: ReadonlyArray<number>;
  /** The free berths picked on the plan, each with the space type it takes, in the order they were picked. */
  readonly picks: ReadonlyArray<BerthPick>;
  /** The space type the next berth picked takes (the first type, an adult's, until the seller chooses another); null while there are none. */
  readonly pickType: number | null;
  readonly draft: ReservationDraft | null;
  readonly missing: boolean;
  /** A failure to load the plan: the banner at the top. */
  readonly error: string | null;
  readonly refusal: HoldRefusal | null;
  /** Hold or the waiting list pressed while the plan was fetched again: pressed again once it shows (decision 112). */
  readonly pressedMeanwhile: HoldPress | null;
}

export type HoldFormEvent =
  | { readonly type: "cabin.toggle"; readonly cabinId: number }
  | { readonly type: "berth.toggle"; readonly cabinId: number; readonly berth: number }
  | { readonly type: "berth.retype"; readonly cabinId: number; readonly berth: number; readonly genderId: number }
  | { readonly type: "pickType.choose"; readonly genderId: number }
  | { readonly type: "hold.submit"; readonly draft: ReservationDraft }
  | { readonly type: "hold.waitlist" }
  | { readonly type: "retry" }
  | { readonly type: "cabins.changed" };

/** The presses that send the draft: kept when they come while the plan is fetched again. */
export type HoldPress = Extract<HoldFormEvent, { readonly type: "hold.submit" | "hold.waitlist" }>;

/**
 * Which refusals say where to look and what to do next. The wire carries only the message (the
 * server's guard name stays in its log), so the panel routes by message: this is where the form
 * shows a refusal, not a rule of the reservation, which the server's guards keep.
 */
const fullRefusals: ReadonlyArray<Message> = [messages.cruiseFull, messages.cabinNotAvailable];
const cabinRefusals: ReadonlyArray<Message> = [
  messages.cabinNotAvailable,
  messages.familyRoomTaken,
  messages.genderNotAllowed,
  messages.familyRoomTypeUnfit,
];
const refusedWith = (refusals: ReadonlyArray<string>, error: unknown): boolean => isApiError(error) && refusals.includes(error.message);

const cruiseId = Schema.decodeSync(CruiseId);

/** `assignRefusal` on the hold's error event, with what the guards made of it. */
const refusal = (concernsCabins: boolean, waitlistOffered: boolean) =>
  ({
    type: "assignRefusal",
    params: ({ event }: { readonly event: { readonly error: unknown } }) => ({ error: event.error, concernsCabins, waitlistOffered }),
  }) as const;

type Edit<Type extends HoldFormEvent["type"]> = { readonly event: Extract<HoldFormEvent, { readonly type: Type }> };

/**
 * The draft's edits on the plan and in the form: taken while the plan is fetched again after a
 * change elsewhere as well (another seller's hold on the same departure), since the plan stays
 * shown meanwhile and a click on it must not be lost (decision 112).
 */
const planEdits = {
  "cabin.toggle": {
    actions: [{ type: "toggleCabin", params: ({ event }: Edit<"cabin.toggle">) => ({ cabinId: event.cabinId }) }, "clearRefusal"],
    description: "A cabin on the plan is picked, or let go with the berths picked in it: the last refusal was about another draft and goes.",
  },
  "berth.toggle": [
    {
      guard: { type: "isPickedBerth", params: ({ event }: Edit<"berth.toggle">) => ({ cabinId: event.cabinId, berth: event.berth }) },
      actions: [{ type: "toggleBerth", params: ({ event }: Edit<"berth.toggle">) => ({ cabinId: event.cabinId, berth: event.berth }) }, "clearRefusal"],
      description: "A picked berth is pressed again: it leaves the draft, and its cabin with its last berth; the last refusal goes.",
    },
    {
      guard: { type: "isPickableBerth", params: ({ event }: Edit<"berth.toggle">) => ({ cabinId: event.cabinId, berth: event.berth }) },
      actions: [{ type: "toggleBerth", params: ({ event }: Edit<"berth.toggle">) => ({ cabinId: event.cabinId, berth: event.berth }) }, "clearRefusal"],
      description: "A free berth on the plan is pressed: it joins the draft as one space of the type chosen for picking, its cabin with it; the last refusal goes.",
    },
  ],
  "berth.retype": {
    guard: { type: "isKnownSpaceType", params: ({ event }: Edit<"berth.retype">) => ({ genderId: event.genderId }) },
    actions: [{ type: "retypeBerth", params: ({ event }: Edit<"berth.retype">) => ({ cabinId: event.cabinId, berth: event.berth, genderId: event.genderId }) }, "clearRefusal"],
    description: "A picked berth's space type is changed in the form: the last refusal was about another draft and goes.",
  },
  "pickType.choose": {
    guard: { type: "isKnownSpaceType", params: ({ event }: Edit<"pickType.choose">) => ({ genderId: event.genderId }) },
    actions: { type: "choosePickType", params: ({ event }: Edit<"pickType.choose">) => ({ genderId: event.genderId }) },
    description: "The space type the next berths picked take is chosen.",
  },
} as const;

/**
 * Holding berths on a departure from its cabins' plan (DOMAIN.md sections 4 and 5): the user picks
 * cabins, says how many spaces of each type each takes, the agency, the type, an optional time
 * limit and whether to wait when full; the server holds and the reservation's page opens
 * (`reportHeld`), or refuses with the spec's message, which shows beside the Hold button and on the
 * cabins it concerns, with focus on it; a full departure or cabin offers the waiting list there.
 */
export const holdFormMachine = setup({
  types: machineTypes<HoldFormInput, HoldFormContext, HoldFormEvent, "processing">(),
  actions: {
    ...errorActions<HoldFormContext, HoldFormEvent>(),
    keepPress: assign({ pressedMeanwhile: (_, params: { press: HoldPress }) => params.press }),
    forgetPress: assign({ pressedMeanwhile: null }),
    assignChoices: assign((_, params: HoldChoices) => ({ ...params, pickType: params.spaceTypes[0]?.id ?? null })),
    // the berths picked follow the plan as it is now: one taken meanwhile moves to a free one of its cabin, or goes
    assignCabins: assign(({ context }, params: { cabins: ReadonlyArray<CruiseCabin> }) => {
      const picks = reseatPicks(params.cabins, context.picks);
      const lost = context.picks.filter((pick) => !picks.some((kept) => kept.cabinId === pick.cabinId)).map((pick) => pick.cabinId);
      return { cabins: params.cabins, picks, chosen: context.chosen.filter((cabinId) => !lost.includes(cabinId) || picks.some((pick) => pick.cabinId === cabinId)) };
    }),
    // a cabin picked or let go changes the draft: the last check's message no longer holds; let go, its berths go with it
    toggleCabin: assign(({ context }, params: { cabinId: number }) =>
      context.chosen.includes(params.cabinId)
        ? { chosen: context.chosen.filter((id) => id !== params.cabinId), picks: context.picks.filter((pick) => pick.cabinId !== params.cabinId), missing: false }
        : { chosen: [...context.chosen, params.cabinId], missing: false },
    ),
    // a berth picked joins the draft with the type chosen for picking, its cabin with it; its cabin's last berth let go takes the cabin out
    toggleBerth: assign(({ context }, params: { cabinId: number; berth: number }) => {
      const picks = togglePick(context.picks, { ...params, genderId: context.pickType ?? 0 });
      const hasPicks = picks.some((pick) => pick.cabinId === params.cabinId);
      const chosen = context.chosen.filter((cabinId) => cabinId !== params.cabinId);
      return { picks, chosen: hasPicks ? (context.chosen.includes(params.cabinId) ? context.chosen : [...chosen, params.cabinId]) : chosen, missing: false };
    }),
    retypeBerth: assign({
      picks: ({ context }, params: { cabinId: number; berth: number; genderId: number }) => retypePick(context.picks, params.cabinId, params.berth, params.genderId),
    }),
    choosePickType: assign({ pickType: (_, params: { genderId: number }) => params.genderId }),
    assignDraft: assign(({ context }, params: { draft: ReservationDraft }) => {
      const draft = withPicks(params.draft, context.picks);
      return { draft, missing: missingSpaces(draft.cabins, draft.type === "charter") };
    }),
    assignRefusal: assign({
      refusal: ({ context }, params: { error: unknown; concernsCabins: boolean; waitlistOffered: boolean }) => ({
        message: errorMessage(params.error),
        cabinIds: params.concernsCabins ? (context.draft?.cabins.map((cabin) => cabin.cabinId) ?? []) : [],
        waitlistOffered: params.waitlistOffered,
        refusalId: isApiError(params.error) ? params.error.refusalId : null,
      }),
    }),
    clearRefusal: assign({ refusal: null }),
    // the draft the server refused for want of berths, sent again to wait for them
    waitlistDraft: assign({ draft: ({ context }) => (context.draft === null ? null : { ...context.draft, waitlist: true }) }),
    /** Moves focus to the refusal beside the Hold button (and so scrolls it into view); the view provides it. */
    focusRefusal: () => {},
    /** Opens the new reservation's page; the view provides it. */
    reportHeld: (_, _params: ReservationSummary) => {},
  },
  guards: {
    isMissingSpaces: ({ context }) => context.missing,
    isPickedBerth: ({ context }, params: { cabinId: number; berth: number }) => isPicked(context.picks, params.cabinId, params.berth),
    isPickableBerth: ({ context }, params: { cabinId: number; berth: number }) =>
      context.pickType !== null && isFreeBerth(context.cabins, params.cabinId, params.berth),
    isKnownSpaceType: ({ context }, params: { genderId: number }) => context.spaceTypes.some((type) => type.id === params.genderId),
    isFullRefusal: (_, params: { error: unknown }) => refusedWith(fullRefusals, params.error),
    isCabinRefusal: (_, params: { error: unknown }) => refusedWith(cabinRefusals, params.error),
    isFullCabinRefusal: (_, params: { error: unknown }) => refusedWith(fullRefusals, params.error) && refusedWith(cabinRefusals, params.error),
    hasWaitlistOffer: ({ context }) => context.refusal?.waitlistOffered === true,
    wasPressedMeanwhile: ({ context }) => context.pressedMeanwhile !== null,
  },
  actors: {
    fetchChoices: fromPromise<HoldChoices, HoldFormInput>(async ({ input }) => {
      const [cruise, departure, cabins, agencyItems, spaceTypes] = await Promise.all([
        input.withAgencies ? input.client.call(getCruise, { params: { id: cruiseId(input.cruiseId) } }) : Promise.resolve(null),
        input.withAgencies ? Promise.resolve(null) : input.client.call(departureAvailability, { params: { id: cruiseId(input.cruiseId) } }),
        input.client.call(cruiseCabins, { params: { id: cruiseId(input.cruiseId) } }),
        input.withAgencies
          ? input.client.call(agencies.api.list).then((items) => items.filter((agency) => agency.active))
          : input.client.call(currentSession).then((user) => (user.agency === null ? [] : [user.agency])),
        input.client.call(genders.api.list),
      ]);
      // adults first: a child travels with one
      const types = spaceTypes.filter((type) => type.active).sort((a, b) => Number(a.child === true) - Number(b.child === true));
      return { cruise, departure, cabins, agencies: agencyItems, spaceTypes: types };
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
  description: "Hold berths on a departure: cabins or free berths picked on its plan, spaces by type, the agency and time limit; held or put on the waiting list by the server, and the reservation opened.",
  context: ({ input }) => ({ ...input, cruise: null, departure: null, cabins: [], agencies: [], spaceTypes: [], chosen: [], picks: [], pickType: null, draft: null, missing: false, error: null, refusal: null, pressedMeanwhile: null }),
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
      on: {
        "cabins.changed": {
          target: "loading",
          reenter: true,
          description: "The departure's berths changed elsewhere while they were being fetched (perhaps before the change): they are fetched again.",
        },
      },
    },
    editing: {
      description: "The plan shows each cabin's berths; the form, the cabins picked.",
      always: {
        guard: "wasPressedMeanwhile",
        actions: [raise(({ context }) => context.pressedMeanwhile ?? { type: "cabins.changed" }), "forgetPress"],
        description: "Hold or the waiting list was pressed while the plan was fetched again: it is pressed again now, on the plan as it is.",
      },
      on: {
        ...planEdits,
        "cabins.changed": { target: "refreshing", description: "The departure's berths changed elsewhere: the plan is fetched again." },
        "hold.submit": {
          target: "checking",
          actions: ["clearError", "clearRefusal", { type: "assignDraft", params: ({ event }) => ({ draft: event.draft }) }],
          description: "Hold was pressed.",
        },
        "hold.waitlist": {
          guard: "hasWaitlistOffer",
          target: "holding",
          actions: ["clearRefusal", "waitlistDraft"],
          description: "'Put on the waiting list' was pressed beside a 'cruise full' or 'cabin not available': the same draft is sent again, to wait.",
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
      on: {
        ...planEdits,
        "hold.submit": keptPress<HoldPress>("Hold was pressed while the plan was fetched again: it is pressed again once the plan shows."),
        "hold.waitlist": keptPress<HoldPress>("'Put on the waiting list' was pressed while the plan was fetched again: it is pressed again once the plan shows."),
        "cabins.changed": {
          target: "refreshing",
          reenter: true,
          description: "They changed again while being fetched (perhaps after the answer was read): they are fetched again.",
        },
      },
    },
    checking: checkedDraft("The draft is checked: at least one cabin, each with a space.", {
      refused: { guard: "isMissingSpaces", description: "No cabin, or one without spaces: the message shows and nothing is sent." },
      passed: { target: "holding", description: "Every cabin has its spaces: the server decides." },
    }),
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
        onError: [
          {
            guard: { type: "isFullCabinRefusal", params: ({ event }) => ({ error: event.error }) },
            target: "editing",
            actions: [refusal(true, true), "focusRefusal"],
            description: "'cabin not available': the message shows beside Hold and on the cabins picked, with the waiting list offered; focus moves to it.",
          },
          {
            guard: { type: "isFullRefusal", params: ({ event }) => ({ error: event.error }) },
            target: "editing",
            actions: [refusal(false, true), "focusRefusal"],
            description: "'cruise full': the message shows beside Hold with the waiting list offered; focus moves to it.",
          },
          {
            guard: { type: "isCabinRefusal", params: ({ event }) => ({ error: event.error }) },
            target: "editing",
            actions: [refusal(true, false), "focusRefusal"],
            description: "A refusal about the cabins picked ('gender not allowed', a family room...): the message shows beside Hold and on those cabins; focus moves to it.",
          },
          {
            target: "editing",
            actions: [refusal(false, false), "focusRefusal"],
            description: "Any other refusal ('time limit not allowed', a charter...): the message shows beside Hold; focus moves to it.",
          },
        ],
      },
    },
    failed: retryable("loading", "clearError", "The cabins could not be fetched; the message shows with a retry button."),
  },
});
