import type { LeadId, UserId } from "../../api/ids.ts";
import { assertEvent, assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../../api/client.ts";
import { assignLead } from "../../api/leads.ts";
import { listSalesUsers, type User } from "../../api/staffUsers.ts";
import { clientInput, type ClientInput, errorActions, notify, notifyAnswer, showError } from "../shared/actions.ts";
import { machineTypes } from "../shared/machineTypes.ts";

/** The lead a row's menu was opened for. */
export interface AssignmentTarget {
  readonly leadId: LeadId;
  readonly name: string;
  /** The user the lead is assigned to now, or null ('sin asignar'). */
  readonly agentId: UserId | null;
}

export interface LeadAssignmentContext extends ClientInput {
  readonly target: AssignmentTarget | null;
  /** The active sales users, fetched the first time a menu opens and kept for the others. */
  readonly salesUsers: ReadonlyArray<User> | null;
  readonly error: string | null;
}

export type LeadAssignmentEvent =
  | { readonly type: "menu.open"; readonly target: AssignmentTarget }
  | { readonly type: "menu.close" }
  | { readonly type: "agent.choose"; readonly userId: UserId };

/**
 * The assign menu of the leads table: one menu for the whole list, opened for one row at a time.
 * On success the flow message is toasted (`notify`) and the list is told to reload
 * (`reportAssigned`); both are actions the screen provides.
 */
export const leadAssignmentMachine = setup({
  types: machineTypes<ClientInput, LeadAssignmentContext, LeadAssignmentEvent, "fetching" | "processing">(),
  actions: {
    assignTarget: assign({ target: (_, params: { target: AssignmentTarget }) => params.target }),
    forgetTarget: assign({ target: null }),
    assignSalesUsers: assign({ salesUsers: (_, params: { users: ReadonlyArray<User> }) => params.users }),
    ...errorActions<LeadAssignmentContext, LeadAssignmentEvent>(),
    notify,
    reportAssigned: () => {},
  },
  guards: {
    hasSalesUsers: ({ context }) => context.salesUsers !== null,
  },
  actors: {
    fetchSalesUsers: fromPromise<ReadonlyArray<User>, ClientInput>(({ input }) =>
      input.client.call(listSalesUsers),
    ),
    // The menu is open for a lead whenever a user can be chosen: without one there is nothing to assign.
    assignAgent: fromPromise<string, { client: ApiClient; target: AssignmentTarget | null; userId: UserId }>(
      async ({ input }) => {
        if (input.target === null) throw new Error("no lead was chosen");
        return input.client.call(assignLead, { params: { leadId: input.target.leadId }, body: { userId: input.userId } });
      },
    ),
  },
}).createMachine({
  id: "leadAssignment",
  description: "A row's assign menu: choose an active sales user, assign, and have the list reload.",
  context: ({ input }) => ({ client: input.client, target: null, salesUsers: null, error: null }),
  initial: "closed",
  states: {
    closed: {
      description: "No menu is open.",
      on: {
        "menu.open": [
          {
            guard: "hasSalesUsers",
            target: "choosing",
            actions: ["clearError", { type: "assignTarget", params: ({ event }) => ({ target: event.target }) }],
            description: "The sales users are known: the menu lists them at once.",
          },
          {
            target: "loadingUsers",
            actions: ["clearError", { type: "assignTarget", params: ({ event }) => ({ target: event.target }) }],
            description: "The first menu opened: the sales users are fetched.",
          },
        ],
      },
    },
    loadingUsers: {
      tags: "fetching",
      description: "The menu is open and fetches the active sales users.",
      invoke: {
        id: "fetchSalesUsers",
        src: "fetchSalesUsers",
        input: clientInput,
        onDone: {
          target: "choosing",
          actions: { type: "assignSalesUsers", params: ({ event }) => ({ users: event.output }) },
          description: "The sales users arrived and show in the menu.",
        },
        onError: showError("failed", "The sales users could not be loaded: the message shows in the menu."),
      },
      on: {
        "menu.close": { target: "closed", actions: "forgetTarget", description: "Closed before the list came." },
      },
    },
    choosing: {
      description: "The menu lists the sales users.",
      on: {
        "agent.choose": { target: "assigning", description: "A sales user was chosen: the lead is assigned." },
        "menu.close": { target: "closed", actions: "forgetTarget", description: "Closed without choosing." },
      },
    },
    assigning: {
      tags: "processing",
      description: "Waiting for the server to assign the lead.",
      invoke: {
        id: "assignAgent",
        src: "assignAgent",
        input: ({ context, event }) => {
          assertEvent(event, "agent.choose");
          return { client: context.client, target: context.target, userId: event.userId };
        },
        onDone: {
          target: "closed",
          actions: ["forgetTarget", notifyAnswer, "reportAssigned"],
          description: "Assigned: the menu closes, the message shows and the list reloads.",
        },
        onError: showError("failed", "The server refused (not an active sales user, ...): the message shows in the menu."),
      },
      on: {
        "agent.choose": { description: "A second choice while assigning is ignored." },
      },
    },
    failed: {
      description: "The menu shows why the users could not be loaded or the lead not assigned.",
      on: {
        "agent.choose": {
          guard: "hasSalesUsers",
          target: "assigning",
          actions: "clearError",
          description: "Another try with a listed sales user.",
        },
        "menu.close": { target: "closed", actions: "forgetTarget", description: "The menu is closed." },
      },
    },
  },
});
