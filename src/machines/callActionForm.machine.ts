import { assertEvent, assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../api/client.ts";
import {
  type CallAction,
  type CallActionPayload,
  createCallAction,
  getCallAction,
  updateCallAction,
} from "../api/home.ts";
import { errorMessage } from "./fields.ts";

/** Why a call-to-action field is refused: missing, or a link that is not http(s) ('Invalid URL'). */
export type CallActionProblem = "required" | "invalidUrl";
export type CallActionProblems = Readonly<Partial<Record<keyof CallActionDraft, CallActionProblem>>>;

/** The form as the user filled it in. */
export interface CallActionDraft {
  readonly title: string;
  readonly text: string;
  readonly buttonLabel: string;
  readonly link: string;
  readonly active: boolean;
}

/** The URL rule of SPEC.md section 5: an absolute http or https address with a host. */
export const isHttpUrl = (text: string): boolean => {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
};

/** Title, text, button label and link required; the link must also pass the URL rule. */
export const callActionProblems = (draft: CallActionDraft): CallActionProblems => {
  const problems: Partial<Record<keyof CallActionDraft, CallActionProblem>> = {};
  if (draft.title.trim() === "") problems.title = "required";
  if (draft.text.trim() === "") problems.text = "required";
  if (draft.buttonLabel.trim() === "") problems.buttonLabel = "required";
  const link = draft.link.trim();
  if (link === "") problems.link = "required";
  else if (!isHttpUrl(link)) problems.link = "invalidUrl";
  return problems;
};

export const callActionPayload = (draft: CallActionDraft): CallActionPayload => ({
  title: draft.title.trim(),
  text: draft.text.trim(),
  buttonLabel: draft.buttonLabel.trim(),
  link: draft.link.trim(),
  active: draft.active,
});

export interface CallActionFormInput {
  readonly client: ApiClient;
  /** The call to action of /panel/home/call_action/{id}, or null on /panel/home/call_action_new. */
  readonly id: number | null;
}

export interface CallActionFormContext {
  readonly client: ApiClient;
  readonly id: number | null;
  readonly callAction: CallAction | null;
  readonly problems: CallActionProblems;
  readonly error: string | null;
}

export type CallActionFormEvent = { readonly type: "callAction.submit"; readonly draft: CallActionDraft };

export interface SaveCallActionInput {
  readonly client: ApiClient;
  readonly id: number | null;
  readonly payload: CallActionPayload;
}

/** /panel/home/call_action_new and /panel/home/call_action/{id}; a save goes back to /panel/home. */
export const callActionFormMachine = setup({
  types: {
    input: {} as CallActionFormInput,
    context: {} as CallActionFormContext,
    events: {} as CallActionFormEvent,
    tags: {} as "fetching" | "processing",
  },
  actions: {
    clearError: assign({ error: null }),
    assignCallAction: assign({ callAction: (_, params: { callAction: CallAction | null }) => params.callAction }),
    assignProblems: assign({ problems: (_, params: { draft: CallActionDraft }) => callActionProblems(params.draft) }),
    clearProblems: assign({ problems: {} }),
    assignError: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error) }),
    notify: (_, _params: { message: string }) => {},
    goToList: () => {},
  },
  guards: {
    isComplete: (_, params: { draft: CallActionDraft }) => Object.keys(callActionProblems(params.draft)).length === 0,
  },
  actors: {
    loadCallAction: fromPromise<CallAction | null, { client: ApiClient; id: number | null }>(({ input }) =>
      input.id === null ? Promise.resolve(null) : input.client.call(getCallAction, { params: { id: input.id } }),
    ),
    saveCallAction: fromPromise<string, SaveCallActionInput>(({ input }) =>
      input.id === null
        ? input.client.call(createCallAction, { body: input.payload })
        : input.client.call(updateCallAction, { params: { id: input.id }, body: input.payload }),
    ),
  },
}).createMachine({
  id: "callActionForm",
  description: "Creates or edits the home page's call to action: title, text, button label, an http(s) link, active.",
  context: ({ input }) => ({ client: input.client, id: input.id, callAction: null, problems: {}, error: null }),
  initial: "loading",
  states: {
    loading: {
      tags: "fetching",
      description: "Fetching the call to action when editing; a new one opens empty.",
      invoke: {
        id: "loadCallAction",
        src: "loadCallAction",
        input: ({ context }) => ({ client: context.client, id: context.id }),
        onDone: {
          target: "editing",
          actions: { type: "assignCallAction", params: ({ event }) => ({ callAction: event.output }) },
          description: "The call to action arrived (or none, for a new one): the form opens.",
        },
        onError: {
          target: "unavailable",
          actions: { type: "assignError", params: ({ event }) => ({ error: event.error }) },
          description: "It could not be loaded: the red banner shows why.",
        },
      },
    },
    unavailable: {
      type: "final",
      description: "The form cannot open; the red banner and the way back show.",
    },
    editing: {
      description: "The form is open.",
      on: {
        "callAction.submit": [
          {
            guard: { type: "isComplete", params: ({ event }) => ({ draft: event.draft }) },
            target: "saving",
            actions: "clearProblems",
            description: "Every field is there and the link is http(s): it is sent.",
          },
          {
            actions: { type: "assignProblems", params: ({ event }) => ({ draft: event.draft }) },
            description: "A field is missing or the link is not http(s) ('Invalid URL'): nothing is sent.",
          },
        ],
      },
    },
    saving: {
      tags: "processing",
      description: "Sending the call to action.",
      entry: "clearError",
      invoke: {
        id: "saveCallAction",
        src: "saveCallAction",
        input: ({ context, event }) => {
          assertEvent(event, "callAction.submit");
          return { client: context.client, id: context.id, payload: callActionPayload(event.draft) };
        },
        onDone: {
          target: "saved",
          actions: [{ type: "notify", params: ({ event }) => ({ message: event.output }) }, "goToList"],
          description: "Saved: the toast shows and the user goes back to /panel/home.",
        },
        onError: {
          target: "editing",
          actions: { type: "assignError", params: ({ event }) => ({ error: event.error }) },
          description: "The server refused: its message shows, the form stays filled in.",
        },
      },
      on: {
        "callAction.submit": { description: "A second submit while saving is ignored." },
      },
    },
    saved: {
      type: "final",
      description: "Saved; the user has been sent back to /panel/home.",
    },
  },
});
