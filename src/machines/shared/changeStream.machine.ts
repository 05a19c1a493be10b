import { assign, fromCallback, setup } from "xstate";
import type { Change } from "../../api/changes.ts";
import { changeStream, MAX_REPLAY_MS } from "../../api/changes.ts";
import type { ApiClient } from "../../api/client.ts";

export interface ChangeStreamInput {
  readonly client: ApiClient;
}

interface ChangeStreamContext extends ChangeStreamInput {
  /**
   * When (the page's clock, `performance.now()`) the stream last dropped: what changed since then
   * was not heard. null before the first opening, when the screens have just been read.
   */
  readonly droppedAt: number | null;
}

export type ChangeStreamEvent =
  | { readonly type: "change.received"; readonly change: Change }
  | { readonly type: "stream.ended"; readonly at: number }
  | { readonly type: "stream.failed"; readonly at: number };

/**
 * What a stream opening asks to be told again, beyond the time it was not listening: the way to
 * the server (the API client's first load included, a slow phone network), counted from the
 * opening, and the server's interval between two looks at the log. A change told twice only
 * reads a screen again.
 */
const REPLAY_MARGIN_MS = 10_000;

/**
 * Listens to the server's live changes until stopped: every change is sent back, then how the
 * stream ended. It first asks for the changes it may have missed: since the stream dropped, or, at
 * the first opening, those committed between the screens' reads and the server's listening.
 */
const listen = fromCallback<ChangeStreamEvent, ChangeStreamContext>(({ input, sendBack }) => {
  const controller = new AbortController();
  const openedAt = performance.now();
  const missed = input.droppedAt === null ? 0 : Math.max(0, openedAt - input.droppedAt);
  const replay = Math.min(MAX_REPLAY_MS, Math.ceil(missed) + REPLAY_MARGIN_MS);
  input.client
    .listen(changeStream, (change) => sendBack({ type: "change.received", change }), controller.signal, { replay })
    .then(
      () => {
        if (!controller.signal.aborted) sendBack({ type: "stream.ended", at: performance.now() });
      },
      () => sendBack({ type: "stream.failed", at: performance.now() }),
    );
  return () => controller.abort();
});

/**
 * The panel's live changes (issue 17 item 2): while someone is signed in, the server's stream of
 * departures, reservations and leads that changed is listened to, and each change is handed to
 * the screens showing them (`deliver`), which fetch again. A stream that ends or fails is opened
 * again after a pause, so a restarted server or a dropped network heals by itself; each opening
 * first hears what changed while nobody listened (decision 094).
 */
export const changeStreamMachine = setup({
  types: {
    input: {} as ChangeStreamInput,
    context: {} as ChangeStreamContext,
    events: {} as ChangeStreamEvent,
  },
  actions: {
    /** Hands one change to the screens listening for it; the view provides it. */
    deliver: (_, _params: { readonly change: Change }) => {},
    /** Remembers when the stream dropped: the next opening asks for what changed since. */
    rememberDrop: assign({ droppedAt: (_, params: { readonly at: number }) => params.at }),
  },
  actors: { listen },
  delays: { reconnectDelay: 3_000 },
}).createMachine({
  id: "changeStream",
  description: "The live changes of departures, reservations and leads, listened to while signed in, handed to the screens, and listened to again after a pause when the stream drops.",
  context: ({ input }) => ({ ...input, droppedAt: null }),
  initial: "listening",
  states: {
    listening: {
      description: "The stream is open, having first heard what changed while nobody listened (since the screens were read, or since it dropped): each change is handed to the screens.",
      invoke: { id: "listen", src: "listen", input: ({ context }) => context },
      on: {
        "change.received": {
          actions: { type: "deliver", params: ({ event }) => ({ change: event.change }) },
          description: "Something changed: the screens showing it fetch it again.",
        },
        "stream.ended": {
          target: "pausing",
          actions: { type: "rememberDrop", params: ({ event }) => ({ at: event.at }) },
          description: "The server closed the stream (it restarted): listen again after a pause, asking for what changed meanwhile.",
        },
        "stream.failed": {
          target: "pausing",
          actions: { type: "rememberDrop", params: ({ event }) => ({ at: event.at }) },
          description: "The network failed or the session ended: try again after a pause, asking for what changed meanwhile.",
        },
      },
    },
    pausing: {
      description: "Waiting a moment before listening again.",
      after: { reconnectDelay: { target: "listening", description: "The pause is over: the stream is opened again." } },
    },
  },
});
