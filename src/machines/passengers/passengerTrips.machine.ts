import { Schema } from "effect";
import { assign, fromPromise, raise, setup } from "xstate";
import type { CatalogueEndpoints, CatalogueItem } from "../../api/catalogues.ts";
import type { ApiClient } from "../../api/client.ts";
import { fieldProblemMessages } from "../../api/fields.ts";
import { PassengerFlightId, PassengerId } from "../../api/ids.ts";
import {
  createPassengerFlight,
  deletePassengerFlight,
  getPassenger,
  legProblem,
  type PassengerFlightDraft,
  type PassengerRecord,
} from "../../api/passengers.ts";
import { assignFailure, feedbackActions, notify, retryable, showError, tellAnswer } from "../shared/actions.ts";
import { keptPress } from "../shared/keptPress.ts";
import { machineTypes } from "../shared/machineTypes.ts";
import { confirmation, isConfirmed } from "../shared/confirmation.ts";

export interface PassengerTripsInput {
  readonly client: ApiClient;
  readonly passengerId: number;
  /** The flights' list call, for the leg form's choices. */
  readonly flights: CatalogueEndpoints["list"];
}

export interface PassengerTripsContext extends PassengerTripsInput {
  readonly passenger: PassengerRecord | null;
  readonly flightChoices: ReadonlyArray<CatalogueItem>;
  /** The leg being booked, or the one whose removal is asked. */
  readonly leg: PassengerFlightDraft | null;
  readonly removing: number | null;
  /** A leg booked or removed while the departures were fetched again: pressed again once they show (decision 112). */
  readonly pressedMeanwhile: TripPress | null;
  readonly message: string | null;
  readonly error: string | null;
}

export type PassengerTripsEvent =
  | { readonly type: "leg.book"; readonly leg: PassengerFlightDraft }
  | { readonly type: "leg.remove"; readonly legId: number; readonly title: string }
  | { readonly type: "retry" }
  | { readonly type: "passenger.changed" };

/** The presses on a departure's legs: kept when they come while the departures are fetched again. */
export type TripPress = Extract<PassengerTripsEvent, { readonly type: "leg.book" | "leg.remove" }>;

const passengerId = Schema.decodeSync(PassengerId);
const legId = Schema.decodeSync(PassengerFlightId);

interface Loaded {
  readonly passenger: PassengerRecord;
  readonly flightChoices: ReadonlyArray<CatalogueItem>;
}

/**
 * A passenger's departures and flight legs (DOMAIN.md section 7), on the passenger's page: a leg
 * is booked for one of their departures (outbound or return, a flight, a day, a time unless the
 * flight's), checked by the contract's leg rule before it is sent and judged by the passenger
 * machine on the server; a leg is removed after a confirmation.
 */
export const passengerTripsMachine = setup({
  types: machineTypes<PassengerTripsInput, PassengerTripsContext, PassengerTripsEvent, "processing">(),
  actions: {
    ...feedbackActions<PassengerTripsContext, PassengerTripsEvent>(),
    notify,
    assignLoaded: assign((_, params: Loaded) => params),
    assignLeg: assign({ leg: (_, params: { leg: PassengerFlightDraft }) => params.leg }),
    assignRemoving: assign({ removing: (_, params: { legId: number }) => params.legId }),
    clearPending: assign({ leg: null, removing: null }),
    keepPress: assign({ pressedMeanwhile: (_, params: { press: TripPress }) => params.press }),
    forgetPress: assign({ pressedMeanwhile: null }),
    /** The leg's own problem as the banner's message, before anything is sent. */
    assignLegProblem: assign({
      error: (_, params: { leg: PassengerFlightDraft }) => {
        const problem = legProblem(params.leg);
        return problem === null ? null : fieldProblemMessages[problem];
      },
    }),
  },
  guards: {
    hasLegProblem: (_, params: { leg: PassengerFlightDraft }) => legProblem(params.leg) !== null,
    wasPressedMeanwhile: ({ context }) => context.pressedMeanwhile !== null,
    isConfirmed,
  },
  actors: {
    fetchTrips: fromPromise<Loaded, PassengerTripsInput>(async ({ input }) => {
      const [passenger, flightChoices] = await Promise.all([
        input.client.call(getPassenger, { params: { id: passengerId(input.passengerId) } }),
        input.client.call(input.flights),
      ]);
      return { passenger, flightChoices };
    }),
    bookLeg: fromPromise<string, { readonly client: ApiClient; readonly leg: PassengerFlightDraft }>(({ input }) =>
      input.client.call(createPassengerFlight, { body: input.leg }),
    ),
    askRemoval: fromPromise<boolean, { readonly title: string }>(async () => false),
    removeLeg: fromPromise<string, { readonly client: ApiClient; readonly legId: number }>(({ input }) =>
      input.client.call(deletePassengerFlight, { params: { id: legId(input.legId) } }),
    ),
  },
}).createMachine({
  id: "passengerTrips",
  description: "A passenger's departures with their flight legs: a leg booked for a departure (checked, then judged by the server), a leg removed after asking.",
  context: ({ input }) => ({ ...input, passenger: null, flightChoices: [], leg: null, removing: null, pressedMeanwhile: null, message: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      description: "The passenger's departures and legs, and the flights to choose from, are being fetched.",
      invoke: {
        id: "fetchTrips",
        src: "fetchTrips",
        input: ({ context }) => ({ client: context.client, passengerId: context.passengerId, flights: context.flights }),
        onDone: { target: "ready", actions: { type: "assignLoaded", params: ({ event }) => event.output }, description: "The departures and legs show." },
        onError: showError("failed", "They could not be fetched: the message shows with a retry."),
      },
      on: {
        "passenger.changed": {
          target: "loading",
          reenter: true,
          description: "The passenger was saved while the departures were being fetched (perhaps before the save): they are fetched again.",
        },
        "leg.book": keptPress<TripPress>("A leg was booked while the departures were fetched again: it is booked once they show."),
        "leg.remove": keptPress<TripPress>("A leg's remove button was pressed while the departures were fetched again: it is asked once they show."),
      },
    },
    ready: {
      description: "The departures show, each with its legs and a form to book one.",
      always: {
        guard: "wasPressedMeanwhile",
        actions: [raise(({ context }) => context.pressedMeanwhile ?? { type: "passenger.changed" }), "forgetPress"],
        description: "A leg was booked or removed while the departures were fetched again: it is pressed again now, on the departures as they are.",
      },
      on: {
        "leg.book": [
          {
            guard: { type: "hasLegProblem", params: ({ event }) => ({ leg: event.leg }) },
            actions: ["clearFeedback", { type: "assignLegProblem", params: ({ event }) => ({ leg: event.leg }) }],
            description: "No flight or day, or a day or time that is none: the banner says so and nothing is sent.",
          },
          {
            target: "booking",
            actions: ["clearFeedback", { type: "assignLeg", params: ({ event }) => ({ leg: event.leg }) }],
            description: "The leg is sent.",
          },
        ],
        "leg.remove": {
          target: "askingRemoval",
          actions: ["clearFeedback", { type: "assignRemoving", params: ({ event }) => ({ legId: event.legId }) }],
          description: "A leg's remove button was pressed.",
        },
        "passenger.changed": { target: "loading", description: "The passenger was saved: the departures are fetched again." },
      },
    },
    booking: {
      tags: "processing",
      description: "Waiting for the server to judge the leg.",
      invoke: {
        id: "bookLeg",
        src: "bookLeg",
        input: ({ context }) => {
          if (context.leg === null) throw new Error("no leg to book");
          return { client: context.client, leg: context.leg };
        },
        onDone: { target: "loading", actions: [...tellAnswer, "clearPending"], description: "Booked: the legs are fetched again." },
        onError: {
          target: "ready",
          actions: [assignFailure, "clearPending"],
          description: "Refused (inside the cruise, no fare, not aboard): its message shows above the departures.",
        },
      },
    },
    askingRemoval: {
      description: "A dialog asks whether to remove the leg.",
      invoke: {
        id: "askRemoval",
        src: "askRemoval",
        input: ({ event }) => ({ title: event.type === "leg.remove" ? event.title : "" }),
        ...confirmation(
          { target: "removing", description: "Confirmed." },
          { target: "ready", actions: "clearPending", description: "Cancelled: nothing is removed." },
          "The dialog could not be shown: nothing is removed.",
        ),
      },
    },
    removing: {
      tags: "processing",
      description: "Waiting for the server to remove the leg.",
      invoke: {
        id: "removeLeg",
        src: "removeLeg",
        input: ({ context }) => ({ client: context.client, legId: context.removing ?? 0 }),
        onDone: { target: "loading", actions: [...tellAnswer, "clearPending"], description: "Removed: the legs are fetched again." },
        onError: { target: "ready", actions: [assignFailure, "clearPending"], description: "Refused: its message shows above the departures." },
      },
    },
    failed: {
      ...retryable("loading", "clearFeedback", "The departures could not be fetched; the message shows with a retry button."),
      entry: "forgetPress",
    },
  },
});
