import { assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../../api/client.ts";
import { errorMessage } from "./fields.ts";
import {
  ACTIVE_FILTER,
  initialQuery,
  type ListQuery,
  type ListQueryDefaults,
  matchingRows,
  pagesOf,
  type RowView,
  toggledSort,
  withFilter,
  withPageSize,
  withSearch,
  withTicked,
} from "./listQuery.ts";
import { assignFailure, feedbackActions, notify, showError, tellAnswer } from "./actions.ts";

/**
 * A row command besides edit and delete (the users' temporary password, an Ikarus rate's
 * activation): it answers the server's message. `asksReason`: its dialog asks for the reason the
 * command is sent with (a deactivation's).
 */
export interface RowCommand<Id extends number = number> {
  readonly run: (client: ApiClient, id: Id, reason: string) => Promise<string>;
  readonly asksReason?: boolean;
}

/**
 * Where a list screen's rows come from and how one is deleted, built from a record's endpoints
 * in src/api. `commands` are the row commands this list offers, by name (`resetPassword`); a
 * command the source does not name is ignored. `view` says how the rows sort, search and filter;
 * `setActive` (for a record with an active flag) saves one row's flag with the row's version.
 */
export interface ListSource<Row extends { readonly id: number }> {
  readonly list: (client: ApiClient) => Promise<ReadonlyArray<Row>>;
  /**
   * For a record that grows (the agencies): one page of the rows the query selects, searched,
   * filtered and sorted on the server, and how many match. The list then fetches at every query
   * change and exports page after page; without it the rows are held whole and the panel pages.
   */
  readonly page?: (client: ApiClient, query: ListQuery) => Promise<ServerPage<Row>>;
  /** Deletes a row; none for a list its readers cannot change (an agency's users, read by the agency). */
  readonly remove?: (client: ApiClient, id: Row["id"]) => Promise<string>;
  readonly commands?: Readonly<Record<string, RowCommand<Row["id"]>>>;
  readonly view: RowView<Row>;
  readonly setActive?: (client: ApiClient, row: Row, active: boolean) => Promise<string>;
}

/** A page the server answered and the total its query matches. */
export interface ServerPage<Row> {
  readonly rows: ReadonlyArray<Row>;
  readonly total: number;
}

/** The page size an export of a server-paged list reads with: the largest a list call answers. */
export const EXPORT_PAGE_SIZE = 200;

/** Every row a server-paged list's query selects, page after page, in its order. */
export const everyPageOf = async <Row extends { readonly id: number }>(
  source: ListSource<Row>,
  client: ApiClient,
  query: ListQuery,
): Promise<ReadonlyArray<Row>> => {
  if (source.page === undefined) throw new Error("this list is held whole");
  const collected: Row[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await source.page(client, { ...query, page, pageSize: EXPORT_PAGE_SIZE });
    collected.push(...answer.rows);
    if (answer.rows.length < EXPORT_PAGE_SIZE || collected.length >= answer.total) return collected;
  }
};

/**
 * The query's page of a server-paged list; past the last page (an old address, the last row of the
 * last page deleted) the last page, as a list held whole shows it.
 */
const serverPage = async <Row extends { readonly id: number }>({ source, client, query }: FetchRequest<Row>): Promise<ServerPage<Row>> => {
  if (source.page === undefined) throw new Error("this list is held whole");
  const answer = await source.page(client, query);
  const last = pagesOf(answer.total, query.pageSize);
  return answer.rows.length === 0 && query.page > last ? source.page(client, { ...query, page: last }) : answer;
};

/** What the rows' fetch asks: the whole list, or the query's page of a server-paged one. */
interface FetchRequest<Row extends { readonly id: number }> {
  readonly client: ApiClient;
  readonly source: ListSource<Row>;
  readonly query: ListQuery;
}

export interface RecordListInput<Row extends { readonly id: number }> {
  readonly client: ApiClient;
  readonly source: ListSource<Row>;
  /** What the address asks for (page, sort, search, filters); the defaults when it says nothing. */
  readonly query?: ListQuery;
}

/** Rows per page of a list held whole in the panel, unless its address asks for another size. */
export const LIST_PAGE_SIZE = 20;

/**
 * A list's defaults: its own order, 20 rows a page, its sortable columns, the active filter when
 * the record has the flag, and its choice filters (a cabin's yacht).
 */
export const listQueryDefaults = <Row extends { readonly id: number }>(source: ListSource<Row>): ListQueryDefaults => ({
  pageSize: LIST_PAGE_SIZE,
  sort: null,
  direction: "asc",
  sortKeys: Object.keys(source.view.sortKeys),
  filterNames: [...(source.view.active === undefined ? [] : [ACTIVE_FILTER]), ...(source.view.choiceFilters ?? []).map(({ name }) => name)],
});

/** What a bulk action does to each chosen row. */
export type BulkAction = "delete" | "activate" | "deactivate";

/** A row the server refused in a bulk action, with its message ('the item is in use', ...). */
export interface BulkRefusal {
  readonly id: number;
  readonly title: string;
  readonly message: string;
}

/** How a bulk action went: how many rows it changed, and which were refused and why. */
export interface BulkReport {
  /** What was done: a list's bulk action, the leads' assignment, or a command a paged list declares (`confirm`, `extend`). */
  readonly action: BulkAction | "assign" | "confirm" | "extend";
  readonly succeeded: number;
  readonly refused: ReadonlyArray<BulkRefusal>;
  /** The rows done, each with the server's answer, when the list shows every row's outcome. */
  readonly done?: ReadonlyArray<BulkRefusal>;
}

/** The file formats a list exports to. */
export type ExportFormat = "csv" | "xlsx";

/** What an export saves: every row the list's query selects, in its order, not just the page. */
export interface ExportRequest<Row> {
  readonly rows: ReadonlyArray<Row>;
  readonly format: ExportFormat;
}

/** What a bulk action needs: the rows chosen and what to do to each. */
interface BulkRequest<Row extends { readonly id: number }> {
  readonly client: ApiClient;
  readonly source: ListSource<Row>;
  readonly rows: ReadonlyArray<Row>;
  readonly action: BulkAction;
}

/** What the bulk delete dialog is asked: how many rows. */
export interface BulkConfirmation {
  readonly count: number;
}

/** The source's delete; a list without one refuses (its screen offers no delete). */
const removeWith = async <Row extends { readonly id: number }>(source: ListSource<Row>, client: ApiClient, id: Row["id"]): Promise<string> => {
  if (source.remove === undefined) throw new Error("this list deletes nothing");
  return source.remove(client, id);
};

/**
 * Runs a bulk action as one call of the record's own endpoint per row, one after the other, so
 * each is judged by the server's rules as if it were made alone (the last active admin, an item
 * in use). A row already in the asked state is counted as done without a call.
 */
export const runBulkAction = async <Row extends { readonly id: number }>(request: BulkRequest<Row>): Promise<BulkReport> => {
  const { client, source, rows, action } = request;
  let succeeded = 0;
  const refused: BulkRefusal[] = [];
  for (const row of rows) {
    try {
      if (action === "delete") await removeWith(source, client, row.id);
      else if (source.view.active?.(row) !== (action === "activate")) {
        if (source.setActive === undefined) throw new Error("this list has no active flag");
        await source.setActive(client, row, action === "activate");
      }
      succeeded += 1;
    } catch (error) {
      refused.push({ id: row.id, title: source.view.title(row), message: errorMessage(error) });
    }
  }
  return { action, succeeded, refused };
};

/**
 * The row a confirmation is open for (by the id of its record), the command asked for (null for a
 * delete), and the reason its dialog was given ("" until then, or when it asks none).
 */
export interface RowTarget<Id extends number = number> {
  readonly id: Id;
  readonly title: string;
  readonly command: string | null;
  readonly reason: string;
}

export interface RecordListContext<Row extends { readonly id: number }> {
  readonly client: ApiClient;
  readonly source: ListSource<Row>;
  readonly defaults: ListQueryDefaults;
  readonly query: ListQuery;
  /** Every row of the record, as the server answered them; the query chooses what shows. A server-paged list: the page. */
  readonly rows: ReadonlyArray<Row>;
  /** How many rows a server-paged list's query matches; null for a list held whole. */
  readonly total: number | null;
  /** The export asked for, and the rows a server-paged list's export collected (null until then). */
  readonly exportFormat: ExportFormat;
  readonly exportRows: ReadonlyArray<Row> | null;
  /** The rows ticked for a bulk action; a new page, sort, search or filter clears them. */
  readonly selected: ReadonlyArray<Row["id"]>;
  /** The last bulk action's outcome, until the next one. */
  readonly report: BulkReport | null;
  readonly bulk: BulkAction | null;
  readonly target: RowTarget<Row["id"]> | null;
  /** The flow message of the last request ('resource deleted successfully', ...). */
  readonly message: string | null;
  /** The server's message of the last refused request, for the red banner. */
  readonly error: string | null;
}

export type RecordListEvent<Id extends number = number> =
  | { readonly type: "list.reload" }
  | { readonly type: "row.delete"; readonly id: Id; readonly title: string }
  | { readonly type: "row.command"; readonly command: string; readonly id: Id; readonly title: string }
  | { readonly type: "page.go"; readonly page: number }
  | { readonly type: "pageSize.change"; readonly pageSize: number }
  | { readonly type: "sort.toggle"; readonly column: string }
  | { readonly type: "search.change"; readonly text: string }
  | { readonly type: "filter.change"; readonly name: string; readonly value: string }
  | { readonly type: "query.sync"; readonly query: ListQuery }
  | { readonly type: "row.select"; readonly id: Id; readonly selected: boolean }
  | { readonly type: "page.select"; readonly selected: boolean }
  | { readonly type: "bulk.delete" }
  | { readonly type: "bulk.activate" }
  | { readonly type: "bulk.deactivate" }
  | { readonly type: "list.export"; readonly format: ExportFormat };

/** The rows a list's query selects, in order, before paging (what an export saves); a server-paged list's page as answered. */
export const listedRows = <Row extends { readonly id: number }>(context: RecordListContext<Row>): ReadonlyArray<Row> =>
  context.total === null ? matchingRows(context.rows, context.query, context.source.view) : context.rows;

/** How many rows the query selects: counted in the panel, or the server's total. */
export const matchingCount = <Row extends { readonly id: number }>(context: RecordListContext<Row>): number =>
  context.total ?? listedRows(context).length;

/** The page shown: the query's, or the last one when the rows no longer reach it. */
export const shownPage = <Row extends { readonly id: number }>(context: RecordListContext<Row>): number =>
  Math.min(context.query.page, pagesOf(matchingCount(context), context.query.pageSize));

/** The rows of the page shown. */
export const pageRows = <Row extends { readonly id: number }>(context: RecordListContext<Row>): ReadonlyArray<Row> => {
  if (context.total !== null) return context.rows;
  const page = shownPage(context);
  return listedRows(context).slice((page - 1) * context.query.pageSize, page * context.query.pageSize);
};

/** What a delete dialog is asked. */
export interface DeleteConfirmation {
  readonly title: string;
}

/** What a row command's dialog is asked: its title, which command it confirms, and whether it asks a reason. */
export interface CommandConfirmation {
  readonly title: string;
  readonly command: string;
  readonly asksReason: boolean;
}

/** A row command's dialog's answer: null when cancelled, else the reason given ("" when it asks none). */
export type CommandAnswer = string | null;

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

/** The history entry a query change makes: a new one (Back returns to it) or the current one replaced. */
export type QueryPublication = "push" | "replace";

/**
 * A query change's actions for the event `T`: the new query kept, the ticks cleared (they were
 * about rows that may no longer show) and the query published to the address.
 */
const changeQuery = <Row extends { readonly id: number }, T extends RecordListEvent["type"]>(
  change: (query: ListQuery, event: Extract<RecordListEvent<Row["id"]>, { readonly type: T }>) => ListQuery,
  mode: QueryPublication,
) =>
  [
    {
      type: "assignQuery",
      params: ({
        context,
        event,
      }: {
        readonly context: RecordListContext<Row>;
        readonly event: Extract<RecordListEvent<Row["id"]>, { readonly type: T }>;
      }) => ({ query: change(context.query, event) }),
    },
    "clearSelection",
    {
      type: "publishQuery",
      params: ({ context }: { readonly context: RecordListContext<Row> }) => ({ query: context.query, mode }),
    },
  ] as const;

/**
 * The list half of every record screen (users, feeding, activities, courtesies, destinations...):
 * rows, reload, delete with a confirmation, and the source's row commands with theirs; the page,
 * sort, search and filters (decision 023) with the query published to the address by the named
 * action `publishQuery` (the view writes it to the URL; search typing replaces the entry, every
 * other change pushes one, so Back walks the pages); ticked rows and the bulk actions on them
 * (delete after a confirmation, activate / deactivate where the record has the flag), each row
 * judged by the server alone; and the export of every matching row. The dialogs and the file
 * saving are actors the view provides (SweetAlert2, CSV / XLSX); their defaults answer "not
 * confirmed" and save nothing. The toast is the named action `notify`.
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
      // only a server-paged list counts its rows by the server's total
      assignRows: assign(({ context }, params: ServerPage<Row> | { rows: ReadonlyArray<Row>; total: null }) => ({
        rows: params.rows,
        total: context.source.page === undefined ? null : (params.total ?? params.rows.length),
      })),
      assignExportFormat: assign({ exportFormat: (_, params: { format: ExportFormat }) => params.format, exportRows: null }),
      assignExportRows: assign({ exportRows: (_, params: { rows: ReadonlyArray<Row> }) => params.rows }),
      assignTarget: assign({ target: (_, params: RowTarget<Row["id"]>) => params }),
      forgetTarget: assign({ target: null }),
      assignReason: assign({
        target: ({ context }, params: { reason: string }) => (context.target === null ? null : { ...context.target, reason: params.reason }),
      }),
      assignQuery: assign({ query: (_, params: { query: ListQuery }) => params.query }),
      /** The view writes the query to the address (a history entry per change, so Back works). */
      publishQuery: (_, _params: { query: ListQuery; mode: QueryPublication }) => {},
      assignSelection: assign({ selected: (_, params: { selected: ReadonlyArray<Row["id"]> }) => params.selected }),
      clearSelection: assign({ selected: [] }),
      assignBulk: assign({ bulk: (_, params: { action: BulkAction }) => params.action, report: null }),
      assignReport: assign({ report: (_, params: { report: BulkReport }) => params.report, bulk: null, selected: [] }),
      forgetBulk: assign({ bulk: null }),
      /** The view shows the message as a translated toast. */
      notify,
    },
    guards: {
      hasCommand: ({ context }, params: { command: string }) => context.source.commands?.[params.command] !== undefined,
      isConfirmed: (_, params: { confirmed: boolean }) => params.confirmed,
      isAnswered: (_, params: { answer: CommandAnswer }) => params.answer !== null,
      isPageInRange: ({ context }, params: { page: number }) =>
        Number.isInteger(params.page) && params.page >= 1 && params.page <= pagesOf(matchingCount(context), context.query.pageSize),
      /** The rows are paged on the server: a query change fetches its page. */
      isPagedOnServer: ({ context }) => context.source.page !== undefined,
      /** A page that exists of a list paged on the server. */
      isServerPageInRange: ({ context }, params: { page: number }) =>
        context.source.page !== undefined &&
        Number.isInteger(params.page) &&
        params.page >= 1 &&
        params.page <= pagesOf(matchingCount(context), context.query.pageSize),
      hasSelection: ({ context }) => context.selected.length > 0,
      /** Some rows are ticked and the record has an active flag the list can save. */
      isActivatable: ({ context }) =>
        context.selected.length > 0 && context.source.setActive !== undefined && context.source.view.active !== undefined,
    },
    actors: {
      fetchRows: fromPromise<ServerPage<Row> | { rows: ReadonlyArray<Row>; total: null }, FetchRequest<Row>>(({ input }) =>
        input.source.page === undefined ? input.source.list(input.client).then((rows) => ({ rows, total: null })) : serverPage(input),
      ),
      collectExport: fromPromise<ReadonlyArray<Row>, FetchRequest<Row>>(({ input }) => everyPageOf(input.source, input.client, input.query)),
      removeRow: fromPromise<string, RowRequest<Row>>(({ input }) => removeWith(input.source, input.client, targetId(input.target))),
      runCommand: fromPromise<string, RowRequest<Row>>(async ({ input }) => {
        const run = input.target?.command == null ? undefined : input.source.commands?.[input.target.command];
        if (run === undefined) throw new Error("this list offers no such command");
        return run.run(input.client, targetId(input.target), input.target?.reason ?? "");
      }),
      runBulk: fromPromise<BulkReport, BulkRequest<Row>>(({ input }) => runBulkAction(input)),
      confirmDelete: fromPromise<boolean, DeleteConfirmation>(async () => false),
      confirmCommand: fromPromise<CommandAnswer, CommandConfirmation>(async () => null),
      confirmBulkDelete: fromPromise<boolean, BulkConfirmation>(async () => false),
      saveExport: fromPromise<void, ExportRequest<Row>>(async () => {}),
    },
  }).createMachine({
    id: "recordList",
    description:
      "A record's list: its rows paged, sorted, searched and filtered as its address says; delete after a confirmation; the row commands its source offers; bulk delete / activate / deactivate of the ticked rows; export of every matching row.",
    context: ({ input }) => {
      const defaults = listQueryDefaults(input.source);
      return {
        client: input.client,
        source: input.source,
        defaults,
        query: input.query ?? initialQuery(defaults),
        rows: [],
        total: null,
        exportFormat: "csv",
        exportRows: null,
        selected: [],
        report: null,
        bulk: null,
        target: null,
        message: null,
        error: null,
      };
    },
    on: {
      "query.sync": [
        {
          guard: "isPagedOnServer",
          target: ".loading",
          reenter: true,
          actions: [{ type: "assignQuery", params: ({ event }) => ({ query: event.query }) }, "clearSelection"],
          description: "The address changed under a list paged on the server: the page it asks for is fetched.",
        },
        {
          actions: [{ type: "assignQuery", params: ({ event }) => ({ query: event.query }) }, "clearSelection"],
          description: "The address changed under the list (Back, Forward, a link): the list shows what it asks for.",
        },
      ],
      "search.change": [
        {
          guard: "isPagedOnServer",
          target: ".loading",
          // a keystroke while the last page loads fetches again, with every letter typed
          reenter: true,
          actions: changeQuery<Row, "search.change">((query, event) => withSearch(query, event.text), "replace"),
          description: "The search box of a list paged on the server: the first page of the rows holding every word is fetched.",
        },
        {
          actions: changeQuery<Row, "search.change">((query, event) => withSearch(query, event.text), "replace"),
          description:
            "The search box, even while the rows load (nothing typed is lost): the rows holding every word show, from the first page; typing replaces the history entry.",
        },
      ],
    },
    initial: "loading",
    states: {
      loading: {
        tags: "fetching",
        description: "Fetching the rows; the spinner shows.",
        entry: "clearFeedback",
        invoke: {
          id: "fetchRows",
          src: "fetchRows",
          input: ({ context }) => ({ client: context.client, source: context.source, query: context.query }),
          onDone: {
            target: "listed",
            actions: { type: "assignRows", params: ({ event }) => event.output },
            description: "The rows arrived and show in the table.",
          },
          onError: showError("listed", "The server refused: its message shows in the red banner."),
        },
      },
      listed: {
        description: "The table shows a page of the rows the query selects, with their actions.",
        on: {
          "list.reload": { target: "loading", description: "The rows are fetched again." },
          "page.go": [
            {
              guard: { type: "isServerPageInRange", params: ({ event }) => ({ page: event.page }) },
              target: "loading",
              actions: changeQuery<Row, "page.go">((query, event) => ({ ...query, page: event.page }), "push"),
              description: "A page that exists of a list paged on the server: it is fetched, with a new history entry.",
            },
            {
              guard: { type: "isPageInRange", params: ({ event }) => ({ page: event.page }) },
              actions: changeQuery<Row, "page.go">((query, event) => ({ ...query, page: event.page }), "push"),
              description: "A page that exists: it shows, and the address gets a new history entry.",
            },
          ],
          "pageSize.change": [
            {
              guard: "isPagedOnServer",
              target: "loading",
              actions: changeQuery<Row, "pageSize.change">((query, event) => withPageSize(query, event.pageSize), "push"),
              description: "Another page size of a list paged on the server: its first page is fetched.",
            },
            {
              actions: changeQuery<Row, "pageSize.change">((query, event) => withPageSize(query, event.pageSize), "push"),
              description: "Another page size: the first page with that many rows.",
            },
          ],
          "sort.toggle": [
            {
              guard: "isPagedOnServer",
              target: "loading",
              actions: changeQuery<Row, "sort.toggle">((query, event) => toggledSort(query, event.column), "push"),
              description: "A column header of a list paged on the server: the first page in that order is fetched.",
            },
            {
              actions: changeQuery<Row, "sort.toggle">((query, event) => toggledSort(query, event.column), "push"),
              description: "A column header: sort by it, or turn its direction; from the first page.",
            },
          ],
          "filter.change": [
            {
              guard: "isPagedOnServer",
              target: "loading",
              actions: changeQuery<Row, "filter.change">((query, event) => withFilter(query, event.name, event.value), "push"),
              description: "A filter of a list paged on the server: the first page of the rows it selects is fetched.",
            },
            {
              actions: changeQuery<Row, "filter.change">((query, event) => withFilter(query, event.name, event.value), "push"),
              description: "A filter (active / inactive): the rows it selects, from the first page.",
            },
          ],
          "row.select": {
            actions: {
              type: "assignSelection",
              params: ({ context, event }) => ({ selected: withTicked(context.selected, event.id, event.selected) }),
            },
            description: "A row's tick box: the row joins or leaves the bulk selection.",
          },
          "page.select": {
            actions: {
              type: "assignSelection",
              params: ({ context, event }) => ({ selected: event.selected ? pageRows(context).map((row) => row.id) : [] }),
            },
            description: "The header's tick box: every row of the page is ticked, or none.",
          },
          "bulk.delete": {
            guard: "hasSelection",
            target: "confirmingBulkDelete",
            actions: { type: "assignBulk", params: { action: "delete" } },
            description: "Delete the ticked rows: asks for confirmation first.",
          },
          "bulk.activate": {
            guard: "isActivatable",
            target: "runningBulk",
            actions: { type: "assignBulk", params: { action: "activate" } },
            description: "Activate the ticked rows (records with an active flag).",
          },
          "bulk.deactivate": {
            guard: "isActivatable",
            target: "runningBulk",
            actions: { type: "assignBulk", params: { action: "deactivate" } },
            description: "Deactivate the ticked rows (records with an active flag).",
          },
          "list.export": [
            {
              guard: "isPagedOnServer",
              target: "collectingExport",
              actions: { type: "assignExportFormat", params: ({ event }) => ({ format: event.format }) },
              description: "Export every row a list paged on the server selects: they are read page after page first.",
            },
            {
              target: "exporting",
              actions: { type: "assignExportFormat", params: ({ event }) => ({ format: event.format }) },
              description: "Export every row the query selects (not just the page) as CSV or XLSX.",
            },
          ],
          "row.delete": {
            target: "confirmingDelete",
            actions: {
              type: "assignTarget",
              params: ({ event }) => ({ id: event.id, title: event.title, command: null, reason: "" }),
            },
            description: "A row's delete button asks for confirmation.",
          },
          "row.command": [
            {
              guard: { type: "hasCommand", params: ({ event }) => ({ command: event.command }) },
              target: "confirmingCommand",
              actions: {
                type: "assignTarget",
                params: ({ event }) => ({ id: event.id, title: event.title, command: event.command, reason: "" }),
              },
              description: "A row command this list offers (a user's changePass) asks for confirmation.",
            },
            { description: "This list offers no such command: nothing happens." },
          ],
        },
      },
      confirmingBulkDelete: {
        description: "The warning dialog asks whether to delete the ticked rows.",
        invoke: {
          id: "confirmBulkDelete",
          src: "confirmBulkDelete",
          input: ({ context }) => ({ count: context.selected.length }),
          onDone: [
            {
              guard: { type: "isConfirmed", params: ({ event }) => ({ confirmed: event.output }) },
              target: "runningBulk",
              description: "The user pressed 'Delete'.",
            },
            {
              target: "listed",
              actions: "forgetBulk",
              description: "The user pressed 'Cancel' or closed the dialog: nothing is deleted.",
            },
          ],
          onError: {
            target: "listed",
            actions: "forgetBulk",
            description: "The dialog could not be shown: nothing is deleted.",
          },
        },
      },
      runningBulk: {
        tags: "processing",
        description: "The bulk action runs, one request per ticked row, each judged by the server's rules.",
        entry: "clearFeedback",
        invoke: {
          id: "runBulk",
          src: "runBulk",
          input: ({ context }) => ({
            client: context.client,
            source: context.source,
            rows: context.rows.filter((row) => context.selected.includes(row.id)),
            action: context.bulk ?? "delete",
          }),
          onDone: {
            target: "loading",
            actions: { type: "assignReport", params: ({ event }) => ({ report: event.output }) },
            description: "Every row was tried: the report says how many were done and which were refused and why; the list reloads.",
          },
          onError: {
            target: "listed",
            actions: ["forgetBulk", assignFailure],
            description: "The bulk action stopped: its message shows.",
          },
        },
      },
      collectingExport: {
        tags: "processing",
        description: "Every row the query of a list paged on the server selects is read, page after page of 200.",
        entry: "clearFeedback",
        invoke: {
          id: "collectExport",
          src: "collectExport",
          input: ({ context }) => ({ client: context.client, source: context.source, query: context.query }),
          onDone: {
            target: "exporting",
            actions: { type: "assignExportRows", params: ({ event }) => ({ rows: event.output }) },
            description: "The rows were read: the file is written.",
          },
          onError: showError("listed", "The server refused a page: its message shows."),
        },
      },
      exporting: {
        tags: "processing",
        description: "The file of every matching row is being written and saved.",
        entry: "clearFeedback",
        invoke: {
          id: "saveExport",
          src: "saveExport",
          input: ({ context }) => ({ rows: context.exportRows ?? listedRows(context), format: context.exportFormat }),
          onDone: { target: "listed", description: "The file was saved." },
          onError: showError("listed", "The file could not be written: the message shows."),
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
        description: "The dialog asks whether to run the row command (mail a temporary password, activate a rate ...), and its reason where it needs one (deactivate a rate).",
        invoke: {
          id: "confirmCommand",
          src: "confirmCommand",
          input: ({ context }) => {
            const command = context.target?.command ?? "";
            return { title: context.target?.title ?? "", command, asksReason: context.source.commands?.[command]?.asksReason === true };
          },
          onDone: [
            {
              guard: { type: "isAnswered", params: ({ event }) => ({ answer: event.output }) },
              target: "runningCommand",
              actions: { type: "assignReason", params: ({ event }) => ({ reason: event.output ?? "" }) },
              description: "The user confirmed (and gave the reason, where the command asks one).",
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
            target: "loading",
            actions: ["forgetTarget", ...tellAnswer],
            description: "Done ('temporary password sent', 'resource updated successfully'): the toast shows and the list reloads, as the command may have changed the row.",
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
