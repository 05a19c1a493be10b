import { fromCallback, setup } from "xstate";
import type { Change } from "../../api/changes.ts";
import { changeStream } from "../../api/changes.ts";
import type { ApiClient } from "../../api/client.ts";

export interface ChangeStreamInput {
  readonly client: ApiClient;
}

export type ChangeStreamEvent =
  | { readonly type: "change.received"; readonly change: Change }
  | { readonly type: "stream.ended" }
  | { readonly type: "stream.failed" };

/** Listens to the server's live changes until stopped: every change is sent back, then how the stream ended. */
const listen = fromCallback<ChangeStreamEvent, ChangeStreamInput>(({ input, sendBack }) => {
  const controller = new AbortController();
  input.client
    .listen(changeStream, (change) => sendBack({ type: "change.received", change }), controller.signal)
    .then(
      () => {
        if (!controller.signal.aborted) sendBack({ type: "stream.ended" });
      },
      () => sendBack({ type: "stream.failed" }),
    );
  return () => controller.abort();
});

/**
 * The panel's live changes (issue 17 item 2): while someone is signed in, the server's stream of
 * departures, reservations and leads that changed is listened to, and each change is handed to
 * the screens showing them (`deliver`), which fetch again. A stream that ends or fails is opened
 * again after a pause, so a restarted server or a dropped network heals by itself.
 */
export const changeStreamMachine = setup({
  types: {
    input: {} as ChangeStreamInput,
    context: {} as ChangeStreamInput,
    events: {} as ChangeStreamEvent,
  },
  actions: {
    /** Hands one change to the screens listening for it; the view provides it. */
    deliver: (_, _params: { readonly change: Change }) => {},
  },
  actors: { listen },
  delays: { reconnectDelay: 3_000 },
}).createMachine({
  id: "changeStream",
  description: "The live changes of departures, reservations and leads, listened to while signed in, handed to the screens, and listened to again after a pause when the stream drops.",
  context: ({ input }) => input,
  initial: "listening",
  states: {
    listening: {
      description: "The stream is open: each change is handed to the screens.",
      invoke: { id: "listen", src: "listen", input: ({ context }) => context },
      on: {
        "change.received": {
          actions: { type: "deliver", params: ({ event }) => ({ change: event.change }) },
          description: "Something changed: the screens showing it fetch it again.",
        },
        "stream.ended": { target: "pausing", description: "The server closed the stream (it restarted): listen again after a pause." },
        "stream.failed": { target: "pausing", description: "The network failed or the session ended: try again after a pause." },
      },
    },
    pausing: {
      description: "Waiting a moment before listening again.",
      after: { reconnectDelay: { target: "listening", description: "The pause is over: the stream is opened again." } },
    },
  },
});
