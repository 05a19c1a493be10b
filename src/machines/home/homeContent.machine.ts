import { assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../../api/client.ts";
import { adminContent, deleteBanner, deleteCallAction, type HomeContent } from "../../api/home.ts";
import type { BannerId, CallActionId } from "../../api/ids.ts";
import type { DeleteConfirmation } from "../shared/pagedList.machine.ts";
import { assignFailure, clientInput, type ClientInput, feedbackActions, notify, showError, tellAnswer } from "../shared/actions.ts";
import { machineTypes } from "../shared/machineTypes.ts";
import { confirmation, isConfirmed } from "../shared/confirmation.ts";

/** A banner or a call to action the user asked to delete, with the title the dialog names. */
export type ContentTarget =
  | { readonly kind: "banner"; readonly id: BannerId; readonly title: string }
  | { readonly kind: "call_action"; readonly id: CallActionId; readonly title: string };

export interface HomeContentContext extends ClientInput {
  readonly content: HomeContent | null;
  readonly target: ContentTarget | null;
  /** The flow message of the last delete ('resource deleted successfully'). */
  readonly message: string | null;
  readonly error: string | null;
}

export type HomeContentEvent =
  | { readonly type: "content.reload" }
  | { readonly type: "content.delete"; readonly target: ContentTarget };

/** The target a confirmation or a delete is about; the machine asks only while one is chosen. */
const chosen = (target: ContentTarget | null): ContentTarget => {
  if (target === null) throw new Error("no banner or call to action was chosen");
  return target;
};

/**
 * /panel/home: every banner, call to action and recommendation, as the panel edits them; a banner
 * or a call to action is deleted after a confirmation naming it (the dialog is an actor the view
 * provides; its default answers "not confirmed").
 */
export const homeContentMachine = setup({
  types: machineTypes<ClientInput, HomeContentContext, HomeContentEvent, "fetching" | "processing">(),
  actions: {
    ...feedbackActions<HomeContentContext, HomeContentEvent>(),
    assignContent: assign({ content: (_, params: { content: HomeContent }) => params.content }),
    assignTarget: assign({ target: (_, params: { target: ContentTarget }) => params.target }),
    forgetTarget: assign({ target: null }),
    /** The view shows the message as a translated toast. */
    notify,
  },
  guards: {
    isConfirmed,
  },
  actors: {
    fetchContent: fromPromise<HomeContent, ClientInput>(({ input }) => input.client.call(adminContent)),
    confirmDelete: fromPromise<boolean, DeleteConfirmation>(async () => false),
    removeContent: fromPromise<string, { client: ApiClient; target: ContentTarget }>(({ input: { client, target } }) =>
      target.kind === "banner"
        ? client.call(deleteBanner, { params: { id: target.id } })
        : client.call(deleteCallAction, { params: { id: target.id } }),
    ),
  },
}).createMachine({
  id: "homeContent",
  description:
    "The home page's content for the panel: banners with their carousels, the call to action, the recommendations; a banner or a call to action can be deleted after a confirmation.",
  context: ({ input }) => ({ client: input.client, content: null, target: null, message: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      tags: "fetching",
      description: "Fetching GET /homeScreen/adminContent; the spinner shows.",
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
      description: "The banners, the call to action and the recommendations show, each with its edit link; banners and calls to action with a delete button.",
      on: {
        "content.reload": { target: "loading", actions: "clearFeedback", description: "Fetch the content again." },
        "content.delete": {
          target: "confirming",
          actions: ["clearFeedback", { type: "assignTarget", params: ({ event }) => ({ target: event.target }) }],
          description: "The delete button of a banner or a call to action was pressed: the confirmation opens.",
        },
      },
    },
    confirming: {
      description: "The dialog asks whether to delete the banner or call to action it names.",
      invoke: {
        id: "confirmDelete",
        src: "confirmDelete",
        input: ({ context }) => ({ title: chosen(context.target).title }),
        ...confirmation(
          { target: "deleting", description: "Confirmed with 'Eliminar'." },
          { target: "ready", actions: "forgetTarget", description: "Cancelled: nothing is deleted." },
          "The dialog closed without an answer: nothing is deleted.",
        ),
      },
    },
    deleting: {
      tags: "processing",
      description: "Sending the delete; the row's buttons wait.",
      invoke: {
        id: "removeContent",
        src: "removeContent",
        input: ({ context }) => ({ client: context.client, target: chosen(context.target) }),
        onDone: {
          target: "loading",
          actions: [...tellAnswer, "forgetTarget"],
          description: "Deleted ('resource deleted successfully'): the toast shows and the content is fetched again.",
        },
        onError: {
          target: "ready",
          actions: [assignFailure, "forgetTarget"],
          description: "The server refused (already deleted, no permission...): its message shows.",
        },
      },
    },
    failed: {
      description: "Nothing to show but the error; the user may try again.",
      on: {
        "content.reload": { target: "loading", actions: "clearFeedback", description: "Try loading the content again." },
      },
    },
  },
});
