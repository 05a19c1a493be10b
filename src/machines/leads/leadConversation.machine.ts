import type { LeadId, UserId } from "../../api/ids.ts";
import { assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../../api/client.ts";
import type { FieldProblem } from "../../api/fields.ts";
import { commentProblems, createNote, getLead, type Lead } from "../../api/leads.ts";
import { type ClientInput, errorActions, notify, notifyAnswer, showError } from "../shared/actions.ts";
import { machineTypes } from "../shared/machineTypes.ts";

export interface LeadConversationInput extends ClientInput {
  readonly leadId: LeadId;
  /** The signed-in user's id: the server takes a comment only from its own author. */
  readonly userId: UserId;
}

export interface LeadConversationContext extends ClientInput {
  readonly leadId: LeadId;
  readonly userId: UserId;
  readonly lead: Lead | null;
  /** What the comment box holds. */
  readonly draft: string;
  readonly problem: FieldProblem | null;
  readonly error: string | null;
}

export type LeadConversationEvent =
  | { readonly type: "comment.change"; readonly text: string }
  | { readonly type: "comment.submit" }
  | { readonly type: "lead.reload" };

/**
 * What is wrong with a draft (src/api/leads.ts `commentProblems`, the rule the server's lead
 * machine refuses with too): empty or blank (SPEC.md section 5), or longer than a note may be.
 */
export const commentProblem = (draft: string): FieldProblem | null => commentProblems({ comments: draft }).comments ?? null;

/** The input of `fetchLead`: the lead on screen. */
const leadRequest = ({ context }: { readonly context: LeadConversationContext }) => ({
  client: context.client,
  leadId: context.leadId,
});

/**
 * /panel/leads/{id}: the lead, its follow-up notes and the add-comment box. Only the first of
 * several submits is sent (the others arrive while `sending`, which ignores them); on success the
 * box empties and the lead is fetched again with the new note.
 */
export const leadConversationMachine = setup({
  types: machineTypes<LeadConversationInput, LeadConversationContext, LeadConversationEvent, "fetching" | "processing">(),
  actions: {
    assignLead: assign({ lead: (_, params: { lead: Lead }) => params.lead }),
    assignDraft: assign({ draft: (_, params: { text: string }) => params.text, problem: null }),
    clearDraft: assign({ draft: "" }),
    assignProblem: assign({ problem: ({ context }) => commentProblem(context.draft) }),
    ...errorActions<LeadConversationContext, LeadConversationEvent>(),
    notify,
  },
  guards: {
    isDraftSendable: ({ context }) => commentProblem(context.draft) === null,
  },
  actors: {
    fetchLead: fromPromise<Lead, { client: ApiClient; leadId: LeadId }>(({ input }) =>
      input.client.call(getLead, { params: { id: input.leadId } }),
    ),
    sendComment: fromPromise<string, { client: ApiClient; leadId: LeadId; userId: UserId; comments: string }>(
      ({ input }) =>
        input.client.call(createNote, {
          body: { userId: input.userId, leadId: input.leadId, comments: input.comments },
        }),
    ),
  },
}).createMachine({
  id: "leadConversation",
  description: "A lead's message, details and follow-up notes, with the add-comment box.",
  context: ({ input }) => ({
    client: input.client,
    leadId: input.leadId,
    userId: input.userId,
    lead: null,
    draft: "",
    problem: null,
    error: null,
  }),
  initial: "loading",
  states: {
    loading: {
      tags: "fetching",
      description: "Fetching the lead; the spinner shows.",
      invoke: {
        id: "fetchLead",
        src: "fetchLead",
        input: leadRequest,
        onDone: {
          target: "ready",
          actions: { type: "assignLead", params: ({ event }) => ({ lead: event.output }) },
          description: "The lead arrived: its message, details and notes show.",
        },
        onError: showError("failed", "The lead could not be loaded ('resource not found', ...): the banner shows."),
      },
    },
    failed: {
      type: "final",
      description: "The lead cannot be shown; the banner and the way back to the list show.",
    },
    ready: {
      description: "The lead shows and the comment box takes a draft.",
      on: {
        "lead.reload": {
          target: "reloading",
          description: "The lead changed from this page (assigned to an agent): it is fetched again.",
        },
        "comment.change": {
          actions: { type: "assignDraft", params: ({ event }) => ({ text: event.text }) },
          description: "Typing in the comment box; a shown 'required' message goes away.",
        },
        "comment.submit": [
          {
            guard: "isDraftSendable",
            target: "sending",
            actions: "clearError",
            description: "The draft holds text, no longer than a note may be: it is sent.",
          },
          {
            actions: "assignProblem",
            description:
              "The draft is empty or blank ('Información requerida'), or too long: the message shows and nothing is sent.",
          },
        ],
      },
    },
    sending: {
      tags: "processing",
      description: "Waiting for the server to add the note; the box is read-only.",
      invoke: {
        id: "sendComment",
        src: "sendComment",
        input: ({ context }) => ({
          client: context.client,
          leadId: context.leadId,
          userId: context.userId,
          comments: context.draft.trim(),
        }),
        onDone: {
          target: "reloading",
          actions: ["clearDraft", notifyAnswer],
          description: "The note was added: the box empties and the lead is fetched again.",
        },
        onError: showError("ready", "The server refused: its message shows and the draft stays for another try."),
      },
      on: {
        "comment.submit": { description: "A second submit while sending is ignored: only the first draft goes." },
      },
    },
    reloading: {
      tags: "processing",
      description: "Fetching the lead again (with a new note, or a new agent); the old one stays on screen, the box waits.",
      invoke: {
        id: "refetchLead",
        src: "fetchLead",
        input: leadRequest,
        onDone: {
          target: "ready",
          actions: { type: "assignLead", params: ({ event }) => ({ lead: event.output }) },
          description: "The lead as it is now shows.",
        },
        onError: showError("ready", "The reload failed: the note was saved, the banner says why it is not shown yet."),
      },
    },
  },
});
