import { assertEvent, assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../api/client.ts";
import { listRoles, type Role, type User, type UserPayload } from "../api/users.ts";
import { type FieldProblems, hasNoProblems, userContract, userProblems } from "./catalogue.machine.ts";
import { errorMessage } from "./fields.ts";

export interface UserFormInput {
  readonly client: ApiClient;
  /** The user of /panel/users/{id}, or null for /panel/users_new. */
  readonly userId: number | null;
}

export interface UserFormContext {
  readonly client: ApiClient;
  readonly userId: number | null;
  readonly roles: ReadonlyArray<Role>;
  readonly user: User | null;
  readonly problems: FieldProblems;
  readonly message: string | null;
  readonly error: string | null;
}

export type UserFormEvent = { readonly type: "user.submit"; readonly payload: UserPayload };

/** What the form needs before it can open: the roles to choose from and, when editing, the user. */
export interface UserFormData {
  readonly roles: ReadonlyArray<Role>;
  readonly user: User | null;
}

/** /panel/users_new and /panel/users/{id}. Navigation and the toast are actions the view provides. */
export const userFormMachine = setup({
  types: {
    input: {} as UserFormInput,
    context: {} as UserFormContext,
    events: {} as UserFormEvent,
    tags: {} as "fetching" | "processing",
  },
  actions: {
    clearFeedback: assign({ message: null, error: null }),
    assignData: assign({
      roles: (_, params: { data: UserFormData }) => params.data.roles,
      user: (_, params: { data: UserFormData }) => params.data.user,
    }),
    assignProblems: assign({ problems: (_, params: { payload: UserPayload }) => userProblems(params.payload) }),
    clearProblems: assign({ problems: {} }),
    assignMessage: assign({ message: (_, params: { message: string }) => params.message }),
    assignError: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error) }),
    notify: (_, _params: { message: string }) => {},
    goToList: () => {},
  },
  guards: {
    isValid: (_, params: { payload: UserPayload }) => hasNoProblems(userProblems(params.payload)),
  },
  actors: {
    loadForm: fromPromise<UserFormData, { client: ApiClient; userId: number | null }>(async ({ input }) => {
      const [roles, user] = await Promise.all([
        input.client.call(listRoles),
        input.userId === null ? null : userContract.get(input.client, input.userId),
      ]);
      return { roles, user };
    }),
    saveUser: fromPromise<string, { client: ApiClient; userId: number | null; payload: UserPayload }>(
      ({ input }) =>
        input.userId === null
          ? userContract.create(input.client, input.payload)
          : userContract.update(input.client, input.userId, input.payload),
    ),
  },
}).createMachine({
  id: "userForm",
  description: "Creates a user or edits one: names, email, role from GET /roles, and access.",
  context: ({ input }) => ({
    client: input.client,
    userId: input.userId,
    roles: [],
    user: null,
    problems: {},
    message: null,
    error: null,
  }),
  initial: "loading",
  states: {
    loading: {
      tags: "fetching",
      description: "Fetching the roles and, when editing, the user; the spinner shows.",
      entry: "clearFeedback",
      invoke: {
        id: "loadForm",
        src: "loadForm",
        input: ({ context }) => ({ client: context.client, userId: context.userId }),
        onDone: {
          target: "editing",
          actions: { type: "assignData", params: ({ event }) => ({ data: event.output }) },
          description: "The roles (and the user) arrived: the form opens.",
        },
        onError: {
          target: "unavailable",
          actions: { type: "assignError", params: ({ event }) => ({ error: event.error }) },
          description: "The roles or the user could not be loaded: the message shows.",
        },
      },
    },
    unavailable: {
      type: "final",
      description: "The form cannot open; the banner and the way back show.",
    },
    editing: {
      description: "The form is open.",
      on: {
        "user.submit": [
          {
            guard: { type: "isValid", params: ({ event }) => ({ payload: event.payload }) },
            target: "saving",
            actions: "clearProblems",
            description: "Names, a valid email and a role are given: the user is sent.",
          },
          {
            actions: { type: "assignProblems", params: ({ event }) => ({ payload: event.payload }) },
            description: "A field is missing or the email is malformed: the messages show, nothing is sent.",
          },
        ],
      },
    },
    saving: {
      tags: "processing",
      description: "Waiting for the server to create or update the user.",
      entry: "clearFeedback",
      invoke: {
        id: "saveUser",
        src: "saveUser",
        input: ({ context, event }) => {
          assertEvent(event, "user.submit");
          return { client: context.client, userId: context.userId, payload: event.payload };
        },
        onDone: {
          target: "saved",
          actions: [
            { type: "assignMessage", params: ({ event }) => ({ message: event.output }) },
            { type: "notify", params: ({ event }) => ({ message: event.output }) },
            "goToList",
          ],
          description: "Created or updated: back to /panel/users with the message.",
        },
        onError: {
          target: "editing",
          actions: { type: "assignError", params: ({ event }) => ({ error: event.error }) },
          description: "The server refused (email in use, last admin, ...): its message shows.",
        },
      },
      on: {
        "user.submit": { description: "A second submit while saving is ignored." },
      },
    },
    saved: {
      type: "final",
      description: "The user is saved and the admin has been sent back to the list.",
    },
  },
});
