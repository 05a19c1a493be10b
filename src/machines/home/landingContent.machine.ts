import { assign, fromPromise, setup } from "xstate";
import { type PublicHomeContent, publicContent } from "../../api/home.ts";
import { clientInput, type ClientInput, errorActions, showError } from "../shared/actions.ts";

export interface LandingContentContext extends ClientInput {
  readonly content: PublicHomeContent | null;
  readonly error: string | null;
}

export type LandingContentEvent = { readonly type: "content.retry" };

/** The public landing page's content (active banners, call to action, recommendations); no session. */
export const landingContentMachine = setup({
  types: {
    input: {} as ClientInput,
    context: {} as LandingContentContext,
    events: {} as LandingContentEvent,
    tags: {} as "fetching",
  },
  actions: {
    ...errorActions<LandingContentContext, LandingContentEvent>(),
    assignContent: assign({ content: (_, params: { content: PublicHomeContent }) => params.content }),
  },
  actors: {
    fetchContent: fromPromise<PublicHomeContent, ClientInput>(({ input }) =>
      input.client.call(publicContent),
    ),
  },
}).createMachine({
  id: "landingContent",
  description: "Loads what the public landing page shows from GET /homeScreen/content.",
  context: ({ input }) => ({ client: input.client, content: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      tags: "fetching",
      description: "Fetching the public content; the page's frame and the contact form show meanwhile.",
      entry: "clearError",
      invoke: {
        id: "fetchContent",
        src: "fetchContent",
        input: clientInput,
        onDone: {
          target: "ready",
          actions: { type: "assignContent", params: ({ event }) => ({ content: event.output }) },
          description: "The content arrived: banners, call to action and recommended destinations show.",
        },
        onError: showError("failed", "The content could not be loaded: the contact form still works, a retry is offered."),
      },
    },
    ready: {
      type: "final",
      description: "The content shows.",
    },
    failed: {
      description: "The content is missing; the visitor may try again.",
      on: {
        "content.retry": { target: "loading", description: "Try loading the content again." },
      },
    },
  },
});
