import { assign, fromPromise, setup } from "xstate";
import { adminContent, type HomeContent } from "../api/home.ts";
import { clientInput, type ClientInput, errorActions, showError } from "./shared.ts";

export interface HomeContentContext extends ClientInput {
  readonly content: HomeContent | null;
  readonly error: string | null;
}

export type HomeContentEvent = { readonly type: "content.reload" };

/** /panel/home: every banner, call to action and recommendation, as the panel edits them. */
export const homeContentMachine = setup({
  types: {
    input: {} as ClientInput,
    context: {} as HomeContentContext,
    events: {} as HomeContentEvent,
    tags: {} as "fetching",
  },
  actions: {
    ...errorActions<HomeContentContext, HomeContentEvent>(),
    assignContent: assign({ content: (_, params: { content: HomeContent }) => params.content }),
  },
  actors: {
    fetchContent: fromPromise<HomeContent, ClientInput>(({ input }) => input.client.call(adminContent)),
  },
}).createMachine({
  id: "homeContent",
  description: "The home page's content for the panel: banners with their carousels, the call to action, the recommendations.",
  context: ({ input }) => ({ client: input.client, content: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      tags: "fetching",
      description: "Fetching GET /homeScreen/adminContent; the spinner shows.",
      entry: "clearError",
      invoke: {
        id: "fetchContent",
        src: "fetchContent",
        input: clientInput,
        onDone: {
          target: "ready",
          actions: { type: "assignContent", params: ({ event }) => ({ content: event.output }) },
          description: "The content arrived: the table shows it.",
        },
        onError: showError("failed", "The content could not be loaded: the red banner shows why."),
      },
    },
    ready: {
      description: "The banners, the call to action and the recommendations show, each with its edit link.",
      on: {
        "content.reload": { target: "loading", description: "Fetch the content again." },
      },
    },
    failed: {
      description: "Nothing to show but the error; the user may try again.",
      on: {
        "content.reload": { target: "loading", description: "Try loading the content again." },
      },
    },
  },
});
