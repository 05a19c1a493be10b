import { assertEvent, assign, fromPromise, setup } from "xstate";
import type { CatalogueEndpoints, CatalogueItem, CatalogueItemPayload } from "../api/catalogues.ts";
import type { ApiClient } from "../api/client.ts";
import {
  createUser,
  deleteUser,
  getUser,
  listUsers,
  resetUserPassword,
  type User,
  type UserPayload,
  updateUser,
} from "../api/users.ts";
import { emailProblem, errorMessage, type FieldProblem } from "./fields.ts";

/**
 * Why each field of a form is refused before anything is sent, by field name; an empty record
 * means valid. Keyed by string rather than by the payload's keys so one machine serves every form.
 */
export type FieldProblems = Readonly<Record<string, FieldProblem>>;

/**
 * One resource's calls, built from its endpoints in src/api, and the field rules its form checks.
 * Machines take it as input so every list/form screen runs the same flow.
 */
export interface CatalogueContract<Item extends { readonly id: number }, Payload> {
  readonly list: (client: ApiClient) => Promise<ReadonlyArray<Item>>;
  readonly get: (client: ApiClient, id: number) => Promise<Item>;
  readonly create: (client: ApiClient, payload: Payload) => Promise<string>;
  readonly update: (client: ApiClient, id: number, payload: Payload) => Promise<string>;
  readonly remove: (client: ApiClient, id: number) => Promise<string>;
  /** The users table's changePass action; the other catalogues have none. */
  readonly resetPassword: ((client: ApiClient, id: number) => Promise<string>) | null;
  readonly problems: (payload: Payload) => FieldProblems;
}

export const hasNoProblems = (problems: FieldProblems): boolean => Object.keys(problems).length === 0;

/** Feeding, activities and courtesies: a required name and the active flag (SPEC.md section 5). */
export const catalogueContract = (
  endpoints: CatalogueEndpoints,
): CatalogueContract<CatalogueItem, CatalogueItemPayload> => {
  const trimmed = (payload: CatalogueItemPayload) => ({ ...payload, name: payload.name.trim() });
  return {
    list: (client) => client.call(endpoints.list),
    get: (client, id) => client.call(endpoints.get, { params: { id } }),
    create: (client, payload) => client.call(endpoints.create, { body: trimmed(payload) }),
    update: (client, id, payload) => client.call(endpoints.update, { params: { id }, body: trimmed(payload) }),
    remove: (client, id) => client.call(endpoints.remove, { params: { id } }),
    resetPassword: null,
    problems: (payload): FieldProblems => (payload.name.trim() === "" ? { name: "required" } : {}),
  };
};

/** The user form's rules (SPEC.md section 5); a role id that is not positive means none was chosen. */
export const userProblems = (payload: UserPayload): FieldProblems => {
  const problems: Record<string, FieldProblem> = {};
  if (payload.firstName.trim() === "") problems.firstName = "required";
  if (payload.lastName.trim() === "") problems.lastName = "required";
  const email = emailProblem(payload.email);
  if (email !== null) problems.email = email;
  if (!(payload.roleId > 0)) problems.roleId = "required";
  return problems;
};

const trimmedUser = (payload: UserPayload): UserPayload => ({
  ...payload,
  firstName: payload.firstName.trim(),
  lastName: payload.lastName.trim(),
  email: payload.email.trim(),
});

/** Staff users, with the password reset of the changePass row action. */
export const userContract: CatalogueContract<User, UserPayload> = {
  list: (client) => client.call(listUsers),
  get: (client, id) => client.call(getUser, { params: { id } }),
  create: (client, payload) => client.call(createUser, { body: trimmedUser(payload) }),
  update: (client, id, payload) => client.call(updateUser, { params: { id }, body: trimmedUser(payload) }),
  remove: (client, id) => client.call(deleteUser, { params: { id } }),
  resetPassword: (client, id) => client.call(resetUserPassword, { params: { id } }),
  problems: userProblems,
};

/** Which screen the machine serves: the list, the blank form or the form of one item. */
export type CatalogueMode =
  | { readonly kind: "list" }
  | { readonly kind: "new" }
  | { readonly kind: "edit"; readonly id: number };

export interface CatalogueInput<Item extends { readonly id: number }, Payload> {
  readonly client: ApiClient;
  readonly contract: CatalogueContract<Item, Payload>;
  readonly mode: CatalogueMode;
}

export interface CatalogueContext<Item extends { readonly id: number }, Payload> {
  readonly client: ApiClient;
  readonly contract: CatalogueContract<Item, Payload>;
  readonly mode: CatalogueMode;
  readonly list: ReadonlyArray<Item>;
  /** The item being edited, once loaded. */
  readonly item: Item | null;
  /** The row a confirmation is open for. */
  readonly target: { readonly id: number; readonly title: string } | null;
  readonly problems: FieldProblems;
  /** The flow message of the last request ('resource created successfully', ...). */
  readonly message: string | null;
  /** The server's message of the last refused request, for the red banner. */
  readonly error: string | null;
}

export type CatalogueEvent<Payload> =
  | { readonly type: "list.reload" }
  | { readonly type: "item.delete"; readonly id: number; readonly title: string }
  | { readonly type: "item.resetPassword"; readonly id: number; readonly title: string }
  | { readonly type: "item.submit"; readonly payload: Payload };

/**
 * Builds the catalogue flow for one kind of record: the same states for users, feeding, activities
 * and courtesies, typed by their item and payload. Confirmations are actors the view provides
 * (SweetAlert2); their defaults answer "not confirmed", so nothing is deleted without a dialog.
 */
export const createCatalogueMachine = <Item extends { readonly id: number }, Payload>() =>
  setup({
    types: {
      input: {} as CatalogueInput<Item, Payload>,
      context: {} as CatalogueContext<Item, Payload>,
      events: {} as CatalogueEvent<Payload>,
      tags: {} as "fetching" | "processing",
    },
    actions: {
      clearFeedback: assign({ message: null, error: null }),
      assignList: assign({ list: (_, params: { list: ReadonlyArray<Item> }) => params.list }),
      assignItem: assign({ item: (_, params: { item: Item }) => params.item }),
      assignTarget: assign({
        target: (_, params: { id: number; title: string }) => ({ id: params.id, title: params.title }),
      }),
      forgetTarget: assign({ target: null }),
      assignProblems: assign({
        problems: ({ context }, params: { payload: Payload }) => context.contract.problems(params.payload),
      }),
      clearProblems: assign({ problems: {} }),
      assignMessage: assign({ message: (_, params: { message: string }) => params.message }),
      assignError: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error) }),
      notify: (_, _params: { message: string }) => {},
      goToList: () => {},
    },
    guards: {
      isListMode: ({ context }) => context.mode.kind === "list",
      isEditMode: ({ context }) => context.mode.kind === "edit",
      hasPasswordReset: ({ context }) => context.contract.resetPassword !== null,
      isConfirmed: (_, params: { confirmed: boolean }) => params.confirmed,
      isComplete: ({ context }, params: { payload: Payload }) =>
        hasNoProblems(context.contract.problems(params.payload)),
    },
    actors: {
      fetchList: fromPromise<
        ReadonlyArray<Item>,
        { client: ApiClient; contract: CatalogueContract<Item, Payload> }
      >(({ input }) => input.contract.list(input.client)),
      fetchItem: fromPromise<Item, { client: ApiClient; contract: CatalogueContract<Item, Payload>; id: number }>(
        ({ input }) => input.contract.get(input.client, input.id),
      ),
      saveItem: fromPromise<
        string,
        { client: ApiClient; contract: CatalogueContract<Item, Payload>; mode: CatalogueMode; payload: Payload }
      >(({ input }) =>
        input.mode.kind === "edit"
          ? input.contract.update(input.client, input.mode.id, input.payload)
          : input.contract.create(input.client, input.payload),
      ),
      removeItem: fromPromise<string, { client: ApiClient; contract: CatalogueContract<Item, Payload>; id: number }>(
        ({ input }) => input.contract.remove(input.client, input.id),
      ),
      resetPassword: fromPromise<
        string,
        { client: ApiClient; contract: CatalogueContract<Item, Payload>; id: number }
      >(async ({ input }) => {
        if (input.contract.resetPassword === null) throw new Error("this resource has no password reset");
        return input.contract.resetPassword(input.client, input.id);
      }),
      confirmDelete: fromPromise<boolean, { title: string }>(async () => false),
      confirmPasswordReset: fromPromise<boolean, { title: string }>(async () => false),
    },
  }).createMachine({
    id: "catalogue",
    description: "A resource's list with delete (and the users' password reset), or its create/edit form.",
    context: ({ input }) => ({
      client: input.client,
      contract: input.contract,
      mode: input.mode,
      list: [],
      item: null,
      target: null,
      problems: {},
      message: null,
      error: null,
    }),
    initial: "starting",
    states: {
      starting: {
        description: "Choosing the screen the route asked for.",
        always: [
          { guard: "isListMode", target: "loadingList", description: "The list route: load the rows." },
          { guard: "isEditMode", target: "loadingItem", description: "A detail route: load the item to edit." },
          { target: "editing", description: "The _new route: an empty form." },
        ],
      },
      loadingList: {
        tags: "fetching",
        description: "Fetching the rows; the spinner shows.",
        entry: "clearFeedback",
        invoke: {
          id: "fetchList",
          src: "fetchList",
          input: ({ context }) => ({ client: context.client, contract: context.contract }),
          onDone: {
            target: "listed",
            actions: { type: "assignList", params: ({ event }) => ({ list: event.output }) },
            description: "The rows arrived and show in the table.",
          },
          onError: {
            target: "listed",
            actions: { type: "assignError", params: ({ event }) => ({ error: event.error }) },
            description: "The server refused: its message shows in the red banner.",
          },
        },
      },
      listed: {
        description: "The table shows the rows with their actions.",
        on: {
          "list.reload": { target: "loadingList", description: "The rows are fetched again." },
          "item.delete": {
            target: "confirmingDelete",
            actions: {
              type: "assignTarget",
              params: ({ event }) => ({ id: event.id, title: event.title }),
            },
            description: "A row's delete button asks for confirmation.",
          },
          "item.resetPassword": [
            {
              guard: "hasPasswordReset",
              target: "confirmingPasswordReset",
              actions: {
                type: "assignTarget",
                params: ({ event }) => ({ id: event.id, title: event.title }),
              },
              description: "A user's changePass button asks before mailing a temporary password.",
            },
            { description: "This resource has no password reset: nothing happens." },
          ],
        },
      },
      confirmingDelete: {
        description: "The warning dialog with 'Delete' and 'Cancel' is open.",
        invoke: {
          id: "confirmDelete",
          src: "confirmDelete",
          input: ({ context }) => ({ title: context.target?.title ?? "" }),
          onDone: [
            {
              guard: { type: "isConfirmed", params: ({ event }) => ({ confirmed: event.output }) },
              target: "deleting",
              description: "The user pressed 'Delete'.",
            },
            {
              target: "listed",
              actions: "forgetTarget",
              description: "The user pressed 'Cancel' or closed the dialog: nothing is deleted.",
            },
          ],
          onError: {
            target: "listed",
            actions: "forgetTarget",
            description: "The dialog could not be shown: nothing is deleted.",
          },
        },
      },
      deleting: {
        tags: "processing",
        description: "Waiting for the server to delete the row.",
        entry: "clearFeedback",
        invoke: {
          id: "removeItem",
          src: "removeItem",
          input: ({ context }) => ({ client: context.client, contract: context.contract, id: context.target?.id ?? 0 }),
          onDone: {
            target: "loadingList",
            actions: [
              "forgetTarget",
              { type: "assignMessage", params: ({ event }) => ({ message: event.output }) },
              { type: "notify", params: ({ event }) => ({ message: event.output }) },
            ],
            description: "'resource deleted successfully': the message shows and the list reloads.",
          },
          onError: {
            target: "listed",
            actions: ["forgetTarget", { type: "assignError", params: ({ event }) => ({ error: event.error }) }],
            description: "The server refused (last admin, item in use, ...): its message shows.",
          },
        },
      },
      confirmingPasswordReset: {
        description: "The dialog asks whether to mail the user a temporary password.",
        invoke: {
          id: "confirmPasswordReset",
          src: "confirmPasswordReset",
          input: ({ context }) => ({ title: context.target?.title ?? "" }),
          onDone: [
            {
              guard: { type: "isConfirmed", params: ({ event }) => ({ confirmed: event.output }) },
              target: "resettingPassword",
              description: "The user confirmed.",
            },
            {
              target: "listed",
              actions: "forgetTarget",
              description: "The user cancelled: no password is sent.",
            },
          ],
          onError: {
            target: "listed",
            actions: "forgetTarget",
            description: "The dialog could not be shown: no password is sent.",
          },
        },
      },
      resettingPassword: {
        tags: "processing",
        description: "Waiting for the server to mail a temporary password.",
        entry: "clearFeedback",
        invoke: {
          id: "resetPassword",
          src: "resetPassword",
          input: ({ context }) => ({ client: context.client, contract: context.contract, id: context.target?.id ?? 0 }),
          onDone: {
            target: "listed",
            actions: [
              "forgetTarget",
              { type: "assignMessage", params: ({ event }) => ({ message: event.output }) },
              { type: "notify", params: ({ event }) => ({ message: event.output }) },
            ],
            description: "'temporary password sent': the message shows.",
          },
          onError: {
            target: "listed",
            actions: ["forgetTarget", { type: "assignError", params: ({ event }) => ({ error: event.error }) }],
            description: "The server refused: its message shows.",
          },
        },
      },
      loadingItem: {
        tags: "fetching",
        description: "Fetching the item to edit; the spinner shows.",
        entry: "clearFeedback",
        invoke: {
          id: "fetchItem",
          src: "fetchItem",
          input: ({ context }) => ({
            client: context.client,
            contract: context.contract,
            id: context.mode.kind === "edit" ? context.mode.id : 0,
          }),
          onDone: {
            target: "editing",
            actions: { type: "assignItem", params: ({ event }) => ({ item: event.output }) },
            description: "The item arrived: the form opens with its values.",
          },
          onError: {
            target: "unavailable",
            actions: { type: "assignError", params: ({ event }) => ({ error: event.error }) },
            description: "The item could not be loaded (e.g. 'resource not found').",
          },
        },
      },
      unavailable: {
        type: "final",
        description: "The item to edit could not be loaded; the banner and a way back show.",
      },
      editing: {
        description: "The form is open.",
        on: {
          "item.submit": [
            {
              guard: { type: "isComplete", params: ({ event }) => ({ payload: event.payload }) },
              target: "saving",
              actions: "clearProblems",
              description: "Every required field is filled in: the item is sent.",
            },
            {
              actions: { type: "assignProblems", params: ({ event }) => ({ payload: event.payload }) },
              description: "A required field is missing: the messages show and nothing is sent.",
            },
          ],
        },
      },
      saving: {
        tags: "processing",
        description: "Waiting for the server to create or update the item.",
        entry: "clearFeedback",
        invoke: {
          id: "saveItem",
          src: "saveItem",
          input: ({ context, event }) => {
            assertEvent(event, "item.submit");
            return { client: context.client, contract: context.contract, mode: context.mode, payload: event.payload };
          },
          onDone: {
            target: "saved",
            actions: [
              { type: "assignMessage", params: ({ event }) => ({ message: event.output }) },
              { type: "notify", params: ({ event }) => ({ message: event.output }) },
              "goToList",
            ],
            description: "Created or updated: back to the list with the message.",
          },
          onError: {
            target: "editing",
            actions: { type: "assignError", params: ({ event }) => ({ error: event.error }) },
            description: "The server refused: its message shows and the form stays filled in.",
          },
        },
        on: {
          "item.submit": { description: "A second submit while saving is ignored." },
        },
      },
      saved: {
        type: "final",
        description: "The item is saved and the user has been sent back to the list.",
      },
    },
  });

/** The users list (and, in tests, its form mode). */
export const userCatalogueMachine = createCatalogueMachine<User, UserPayload>();

/** Feeding, activities and courtesies: one machine, three contracts. */
export const itemCatalogueMachine = createCatalogueMachine<CatalogueItem, CatalogueItemPayload>();
