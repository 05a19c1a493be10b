import { assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../api/client.ts";
import { assignFailure, feedbackActions, notify, showError, tellAnswer } from "./shared.ts";

/** A row command besides edit and delete (the users' temporary password): it answers the server's message. */
export type RowCommand<Id extends number = number> = (client: ApiClient, id: Id) => Promise<string>;

/**
 * Where a list screen's rows come from and how one is deleted, built from a record's endpoints
 * in src/api. `commands` are the row commands this list offers, by name (`resetPassword`); a
 * command the source does not name is ignored.
 */
export interface ListSource<Row extends { readonly id: number }> {
  readonly list: (client: ApiClient) => Promise<ReadonlyArray<Row>>;
  readonly remove: (client: ApiClient, id: Row["id"]) => Promise<string>;
  readonly commands?: Readonly<Record<string, RowCommand<Row["id"]>>>;
}

export interface RecordListInput<Row extends { readonly id: number }> {
  readonly client: ApiClient;
  readonly source: ListSource<Row>;
}

/** The row a confirmation is open for (by the id of its record), and the command asked for (null for a delete). */
export interface RowTarget<Id extends number = number> {
  readonly id: Id;
  readonly title: string;
  readonly command: string | null;
}

export interface RecordListContext<Row extends { readonly id: number }> extends RecordListInput<Row> {
  readonly rows: ReadonlyArray<Row>;
  readonly target: RowTarget<Row["id"]> | null;
  /** The flow message of the last request ('resource deleted successfully', ...). */
  readonly message: string | null;
  /** The server's message of the last refused request, for the red banner. */
  readonly error: string | null;
}

export type RecordListEvent<Id extends number = number> =
  | { readonly type: "list.reload" }
  | { readonly type: "row.delete"; readonly id: Id; readonly title: string }
  | { readonly type: "row.command"; readonly command: string; readonly id: Id; readonly title: string };

/** What a delete dialog is asked. */
export interface DeleteConfirmation {
  readonly title: string;
}

/** What a row command's dialog is asked: its title, and which command it confirms. */
export interface CommandConfirmation {
  readonly title: string;
  readonly command: string;
}

/** What a request about one row needs. */
interface RowRequest<Row extends { readonly id: number }> {
  readonly client: ApiClient;
  readonly source: ListSource<Row>;
  readonly target: RowTarget<Row["id"]> | null;
}

/** The row a request is about; the machine asks only while a confirmation names one. */
const targetId = <Id extends number>(target: RowTarget<Id> | null): Id => {
  if (target === null) throw new Error("no row was chosen");
  return target.id;
};

/** The input of `removeRow` and `runCommand`: the row the confirmation was open for. */
const rowRequest = <Row extends { readonly id: number }>({
  context,
}: {
  readonly context: RecordListContext<Row>;
}): RowRequest<Row> => ({ client: context.client, source: context.source, target: context.target });

/**
 * The list half of every record screen (users, feeding, activities, courtesies, destinations...):
 * rows, reload, delete with a confirmation, and the source's row commands with theirs. The
 * dialogs are actors the view provides (SweetAlert2); their defaults answer "not confirmed", so
 * nothing is deleted or sent without one. The toast is the named action `notify`.
 */
export const createRecordListMachine = <Row extends { readonly id: number }>() =>
  setup({
    types: {
      input: {} as RecordListInput<Row>,
      context: {} as RecordListContext<Row>,
      events: {} as RecordListEvent<Row["id"]>,
      tags: {} as "fetching" | "processing",
    },
    actions: {
      ...feedbackActions<RecordListContext<Row>, RecordListEvent<Row["id"]>>(),
      assignRows: assign({ rows: (_, params: { rows: ReadonlyArray<Row> }) => params.rows }),
      assignTarget: assign({ target: (_, params: RowTarget<Row["id"]>) => params }),
      forgetTarget: assign({ target: null }),
      /** The view shows the message as a translated toast. */
      notify,
    },
    guards: {
      hasCommand: ({ context }, params: { command: string }) => context.source.commands?.[params.command] !== undefined,
      isConfirmed: (_, params: { confirmed: boolean }) => params.confirmed,
    },
    actors: {
      fetchRows: fromPromise<ReadonlyArray<Row>, RecordListInput<Row>>(({ input }) => input.source.list(input.client)),
      removeRow: fromPromise<string, RowRequest<Row>>(({ input }) =>
        input.source.remove(input.client, targetId(input.target)),
      ),
      runCommand: fromPromise<string, RowRequest<Row>>(async ({ input }) => {
        const run = input.target?.command == null ? undefined : input.source.commands?.[input.target.command];
        if (run === undefined) throw new Error("this list offers no such command");
        return run(input.client, targetId(input.target));
      }),
      confirmDelete: fromPromise<boolean, DeleteConfirmation>(async () => false),
      confirmCommand: fromPromise<boolean, CommandConfirmation>(async () => false),
    },
  }).createMachine({
    id: "recordList",
    description:
      "A record's list: its rows, reload, delete after a confirmation, and the row commands its source offers (the users' temporary password), each after its own confirmation.",
    context: ({ input }) => ({
      client: input.client,
      source: input.source,
      rows: [],
      target: null,
      message: null,
      error: null,
    }),
    initial: "loading",
    states: {
      loading: {
        tags: "fetching",
        description: "Fetching the rows; the spinner shows.",
        entry: "clearFeedback",
        invoke: {
          id: "fetchRows",
          src: "fetchRows",
          input: ({ context }) => ({ client: context.client, source: context.source }),
          onDone: {
            target: "listed",
            actions: { type: "assignRows", params: ({ event }) => ({ rows: event.output }) },
            description: "The rows arrived and show in the table.",
          },
          onError: showError("listed", "The server refused: its message shows in the red banner."),
        },
      },
      listed: {
        description: "The table shows the rows with their actions.",
        on: {
          "list.reload": { target: "loading", description: "The rows are fetched again." },
          "row.delete": {
            target: "confirmingDelete",
            actions: {
              type: "assignTarget",
              params: ({ event }) => ({ id: event.id, title: event.title, command: null }),
            },
            description: "A row's delete button asks for confirmation.",
          },
          "row.command": [
            {
              guard: { type: "hasCommand", params: ({ event }) => ({ command: event.command }) },
              target: "confirmingCommand",
              actions: {
                type: "assignTarget",
                params: ({ event }) => ({ id: event.id, title: event.title, command: event.command }),
              },
              description: "A row command this list offers (a user's changePass) asks for confirmation.",
            },
            { description: "This list offers no such command: nothing happens." },
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
          id: "removeRow",
          src: "removeRow",
          input: rowRequest,
          onDone: {
            target: "loading",
            actions: ["forgetTarget", ...tellAnswer],
            description: "'resource deleted successfully': the toast shows and the list reloads.",
          },
          onError: {
            target: "listed",
            actions: ["forgetTarget", assignFailure],
            description: "The server refused (last admin, item in use, ...): its message shows.",
          },
        },
      },
      confirmingCommand: {
        description: "The dialog asks whether to run the row command (mail a temporary password, ...).",
        invoke: {
          id: "confirmCommand",
          src: "confirmCommand",
          input: ({ context }) => ({ title: context.target?.title ?? "", command: context.target?.command ?? "" }),
          onDone: [
            {
              guard: { type: "isConfirmed", params: ({ event }) => ({ confirmed: event.output }) },
              target: "runningCommand",
              description: "The user confirmed.",
            },
            {
              target: "listed",
              actions: "forgetTarget",
              description: "The user cancelled: nothing is sent.",
            },
          ],
          onError: {
            target: "listed",
            actions: "forgetTarget",
            description: "The dialog could not be shown: nothing is sent.",
          },
        },
      },
      runningCommand: {
        tags: "processing",
        description: "Waiting for the server to run the row command.",
        entry: "clearFeedback",
        invoke: {
          id: "runCommand",
          src: "runCommand",
          input: rowRequest,
          onDone: {
            target: "listed",
            actions: ["forgetTarget", ...tellAnswer],
            description: "Done ('temporary password sent'): the toast shows.",
          },
          onError: {
            target: "listed",
            actions: ["forgetTarget", assignFailure],
            description: "The server refused: its message shows.",
          },
        },
      },
    },
  });

/** The list machine typed for one kind of row. */
export type RecordListMachine<Row extends { readonly id: number }> = ReturnType<typeof createRecordListMachine<Row>>;
