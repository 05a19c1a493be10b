import { assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../api/client.ts";
import { type PublicHomeContent, publicContent } from "../api/home.ts";
import { errorMessage } from "./fields.ts";

export interface LandingContentInput {
  readonly client: ApiClient;
}

export interface LandingContentContext {
  readonly client: ApiClient;
  readonly content: PublicHomeContent | null;
  readonly error: string | null;
}

export type LandingContentEvent = { readonly type: "content.retry" };

/** The public landing page's content (active banners, call to action, recommendations); no session. */
export const landingContentMachine = setup({
  types: {
    input: {} as LandingContentInput,
    context: {} as LandingContentContext,
    events: {} as LandingContentEvent,
    tags: {} as "fetching",
  },
  actions: {
    clearError: assign({ error: null }),
    assignContent: assign({ content: (_, params: { content: PublicHomeContent }) => params.content }),
    assignError: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error) }),
  },
  actors: {
    fetchContent: fromPromise<PublicHomeContent, { client: ApiClient }>(({ input }) =>
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
        input: ({ context }) => ({ client: context.client }),
        onDone: {
          target: "ready",
          actions: { type: "assignContent", params: ({ event }) => ({ content: event.output }) },
          description: "The content arrived: banners, call to action and recommended destinations show.",
        },
        onError: {
          target: "failed",
          actions: { type: "assignError", params: ({ event }) => ({ error: event.error }) },
          description: "The content could not be loaded: the contact form still works, a retry is offered.",
        },
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
