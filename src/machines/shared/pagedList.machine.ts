import { assign, fromPromise, raise, setup } from "xstate";
import type { ApiClient } from "../../api/client.ts";
import { assignFailure, feedbackActions, notify, showError, tellAnswer } from "./actions.ts";
import { type ListQuery, type ListQueryDefaults, pagesOf, toggledSort, withFilter, withPageSize, withSearch } from "./listQuery.ts";
import { errorMessage } from "./fields.ts";
import { isAnswered, reasonAnswer } from "./confirmation.ts";
import { keptPress } from "./keptPress.ts";

/**
 * The one list engine of the panel (decision 073): each list declares its id, its query's
 * defaults (the columns it sorts by and the filters it offers, both kept in the address, decision
 * 023) and how it fetches a page for a query (from the server, or from a small catalogue read
 * whole, src/machines/shared/recordRows.ts); the engine pages, sorts, searches as one types,
 * filters, follows Back and reload, ticks rows, runs the declared commands on the ticked rows and
 * on one row (a delete, a user's temporary password, each after its dialog) and exports every row
 * the query selects (or the ticked ones). Columns, filters' controls and the export's cells are
 * the screen's declaration (src/ui/shared/PagedList.tsx).
 */
export interface PagedListInput<Scope> {
  readonly client: ApiClient;
  readonly query: ListQuery;
  /** What narrows every page whatever the query (a departure's reservations only, a record list's source) and what the filters offer. */
  readonly scope: Scope;
}

export interface PagedRows<Row, Extras> {
  readonly rows: ReadonlyArray<Row>;
  readonly total: number;
  /**
   * `total` is only what is known to match and more may (the leads count up to a cap): the pager
   * says "more than N" and goes on while a page comes full.
   */
  readonly totalIsAtLeast?: boolean;
  /** The filters' choices (the agencies), fetched with the first page. */
  readonly extras: Extras;
  /** The page answered when the query asked for one past the last (an old address, the last row deleted): the last one. */
  readonly page?: number;
}

/** The file formats a list exports to. */
export type ExportFormat = "csv" | "xlsx";

/** What an export saves: every row the list's query selects, in its order, or the ticked rows. */
export interface ExportRequest<Row> {
  readonly rows: ReadonlyArray<Row>;
  readonly format: ExportFormat;
}

/** The history entry a query change makes: a new one (Back returns to it) or the current one replaced. */
export type QueryPublication = "push" | "replace";

/** A row a bulk command was sent for, with the server's answer or its refusal's message. */
export interface BulkRefusal {
  readonly id: number;
  readonly title: string;
  readonly message: string;
}

/** How a bulk command went: how many rows it changed, and which were refused and why. */
export interface BulkReport {
  readonly action: BulkCommandName;
  readonly succeeded: number;
  readonly refused: ReadonlyArray<BulkRefusal>;
  /** The rows done, each with the server's answer, when the list shows every row's outcome. */
  readonly done?: ReadonlyArray<BulkRefusal>;
}

/**
 * A command on one row (a delete, the users' temporary password, a rate's activation): it
 * answers the server's message. `asksReason`: its dialog asks for the reason it is sent with.
 */
export interface RowCommand<Id extends number = number> {
  readonly run: (client: ApiClient, id: Id, reason: string) => Promise<string>;
  readonly asksReason?: boolean;
}

/** The commands a list offers on one row, by name; `remove` is the delete, with its own dialog. */
export interface RowCommands<Id extends number = number> {
  readonly remove?: (client: ApiClient, id: Id) => Promise<string>;
  readonly commands?: Readonly<Record<string, RowCommand<Id>>>;
}

/**
 * The row a dialog is open for (by its record's id), the command asked for (null for a delete),
 * and the reason its dialog was given ("" until then, or when it asks none).
 */
export interface RowTarget<Id extends number = number> {
  readonly id: Id;
  readonly title: string;
  readonly command: string | null;
  readonly reason: string;
}

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

/** What a list's fetch is given: the query, the scope, and the filters' choices when already known. */
export type PagedFetchInput<Scope, Extras> = PagedListInput<Scope> & { readonly known: Extras | null };

/**
 * A command a list offers on its ticked rows: sent once a row, one after the other, through the
 * record's own endpoint, so the server's machine judges each as if it were sent alone (no rule is
 * written twice); its answer, or its refusal's message, is each row's outcome.
 */
export interface BulkCommand<Row, Scope = unknown> {
  /** The row's name in the outcome (its code). */
  readonly title: (row: Row, scope: Scope) => string;
  /** Sends the command for one row with the dialog's reply ("" when it asks nothing); answers the server's message. */
  readonly send: (client: ApiClient, row: Row, reply: string, scope: Scope) => Promise<string>;
  /** Whether the list's scope offers it (a record without an active flag offers no activation); always when absent. */
  readonly offered?: (scope: Scope) => boolean;
  /** The outcome counts the rows done (a delete, an activation) and names only the refused ones. */
  readonly countsOnly?: boolean;
}

/** The commands a list declares for its ticked rows, by name. */
export type BulkCommandName = "confirm" | "extend" | "assign" | "delete" | "activate" | "deactivate";

export interface PagedListDeclaration<Row extends { readonly id: number }, Scope, Extras> {
  readonly id: string;
  readonly description: string;
  readonly defaults: ListQueryDefaults;
  readonly fetch: (input: PagedFetchInput<Scope, Extras>) => Promise<PagedRows<Row, Extras>>;
  /** What the ticked rows can be told to do besides being exported. */
  readonly bulk?: Partial<Record<BulkCommandName, BulkCommand<Row, Scope>>>;
  /** The commands on one row the scope offers (delete, a temporary password), each after its dialog. */
  readonly rowCommands?: (scope: Scope) => RowCommands<Row["id"]>;
  /**
   * The extras hold the rows themselves (a small catalogue read whole and paged in the panel):
   * whatever may have changed them (a change, a command's outcome, a retry) reads them again.
   */
  readonly rereadsExtras?: boolean;
  /** The page size an export reads with when the list's endpoint answers fewer than EXPORT_PAGE_SIZE a page. */
  readonly exportPageSize?: number;
}

/** What the bulk dialog is asked: the command and how many rows; it answers the reply, or null when closed. */
export interface BulkQuestion {
  readonly command: BulkCommandName;
  readonly count: number;
}

/** Runs a declared command on each row, one after the other; every row's outcome is kept, a refusal with its message. */
export const runBulkCommand = async <Row extends { readonly id: number }, Scope>(
  command: BulkCommand<Row, Scope>,
  input: BulkRun<Row, Scope>,
): Promise<BulkReport> => {
  const done: BulkRefusal[] = [];
  const refused: BulkRefusal[] = [];
  for (const row of input.rows) {
    const title = command.title(row, input.scope);
    try {
      done.push({ id: row.id, title, message: await command.send(input.client, row, input.reply, input.scope) });
    } catch (error) {
      refused.push({ id: row.id, title, message: errorMessage(error) });
    }
  }
  return { action: input.name, succeeded: done.length, refused, ...(command.countsOnly === true ? {} : { done }) };
};

/** What a bulk command is run with: the ticked rows, the dialog's reply and the list's scope. */
interface BulkRun<Row, Scope> {
  readonly client: ApiClient;
  readonly rows: ReadonlyArray<Row>;
  readonly reply: string;
  readonly name: BulkCommandName;
  readonly scope: Scope;
}

/** What a row command's actor is given: the row its dialog was open for, and the scope's commands. */
interface RowRequest<Id extends number> {
  readonly client: ApiClient;
  readonly commands: RowCommands<Id>;
  readonly target: RowTarget<Id> | null;
}

/** Runs the command (or the delete) the dialog was confirmed for. */
const runRowCommand = <Id extends number>({ client, commands, target }: RowRequest<Id>): Promise<string> => {
  if (target === null) throw new Error("no row was chosen");
  const run = target.command === null ? commands.remove : commands.commands?.[target.command]?.run;
  if (run === undefined) throw new Error("this list offers no such command");
  return run(client, target.id, target.reason);
};

/** The page size an export reads with: the largest a list endpoint answers. */
export const EXPORT_PAGE_SIZE = 200;

/** The most rows one export collects (fifty pages): beyond it the list asks for narrower filters. */
export const EXPORT_MAX = 10_000;

export interface PagedListContext<Row, Scope, Extras> extends PagedListInput<Scope> {
  readonly rows: ReadonlyArray<Row>;
  readonly total: number;
  /** The total is a lower bound ("more than N"). */
  readonly totalIsAtLeast: boolean;
  readonly extras: Extras | null;
  /** The ticked rows, kept across pages and orders; a new search or filter clears them. */
  readonly selected: ReadonlyArray<Row>;
  readonly exportFormat: ExportFormat;
  /** Whether the export saves the ticked rows rather than the query's. */
  readonly exportTicked: boolean;
  /** The rows an export saves, once collected. */
  readonly exportRows: ReadonlyArray<Row>;
  /** The bulk command asked, its dialog's reply, and how the last one went (every row's outcome). */
  readonly bulkCommand: BulkCommandName | null;
  readonly bulkReply: string;
  readonly report: BulkReport | null;
  /** The row a command's dialog is open for, until it is done. */
  readonly target: RowTarget<number> | null;
  /** An export or a command pressed while the page was fetched again: pressed again once it shows (decision 112). */
  readonly pressedMeanwhile: ListPress | null;
  /** A row changed elsewhere while a dialog, an export or a command was under way: the page is fetched again after it. */
  readonly changedMeanwhile: boolean;
  readonly message: string | null;
  readonly error: string | null;
}

export type PagedListEvent =
  | { readonly type: "page.go"; readonly page: number }
  | { readonly type: "pageSize.change"; readonly pageSize: number }
  | { readonly type: "sort.toggle"; readonly column: string }
  | { readonly type: "search.change"; readonly text: string }
  /** Enter in the search box: the search runs without waiting for the pause. */
  | { readonly type: "search.submit" }
  | { readonly type: "filter.change"; readonly name: string; readonly value: string }
  | { readonly type: "query.sync"; readonly query: ListQuery }
  | { readonly type: "row.select"; readonly id: number; readonly selected: boolean }
  | { readonly type: "page.select"; readonly selected: boolean }
  | { readonly type: "selection.clear" }
  /** `ticked`: the ticked rows only (the bulk bar's export); otherwise every row the query selects. */
  | { readonly type: "list.export"; readonly format: ExportFormat; readonly ticked?: boolean }
  /** A declared command on the ticked rows (the bulk bar's buttons). */
  | { readonly type: "bulk.ask"; readonly command: BulkCommandName }
  | { readonly type: "report.dismiss" }
  | { readonly type: "retry" }
  | { readonly type: "list.changed" }
  /** A row's delete button (a list declaring row commands). */
  | { readonly type: "row.delete"; readonly id: number; readonly title: string }
  /** A row's command button (`resetPassword`, `activate`): ignored when the scope does not offer it. */
  | { readonly type: "row.command"; readonly command: string; readonly id: number; readonly title: string };

/** The presses a list answers with a file or a dialog: kept when they come while its page is fetched again. */
export type ListPress = Extract<PagedListEvent, { readonly type: "list.export" | "bulk.ask" | "row.delete" | "row.command" }>;

/** A collected export's input: the query read page after page, or the ticked rows as they are. */
interface CollectInput<Row, Scope, Extras> extends PagedFetchInput<Scope, Extras> {
  readonly selected: ReadonlyArray<Row>;
}

/**
 * Every row a query selects, page after page of `pageSize`, in the query's order; a total known
 * only as "more than N" is read on until a page comes short.
 */
export const collectRows = async <Row extends { readonly id: number }, Scope, Extras>(
  fetch: PagedListDeclaration<Row, Scope, Extras>["fetch"],
  input: PagedFetchInput<Scope, Extras>,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<ReadonlyArray<Row>> => {
  const collected: Row[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await fetch({ ...input, query: { ...input.query, page, pageSize } });
    collected.push(...answer.rows);
    if (answer.rows.length < pageSize || (answer.totalIsAtLeast !== true && collected.length >= answer.total)) return collected;
  }
};

type PageFacts = Pick<PagedListContext<unknown, unknown, unknown>, "query" | "total" | "totalIsAtLeast"> & { readonly rows: ReadonlyArray<unknown> };

/**
 * Whether a page exists: one of the pages the total makes, or the next one while the total is
 * only a lower bound and the page shown came full.
 */
export const hasPage = (context: PageFacts, page: number): boolean =>
  Number.isInteger(page) &&
  page >= 1 &&
  (page <= pagesOf(context.total, context.query.pageSize) ||
    (context.totalIsAtLeast && page === context.query.page + 1 && context.rows.length === context.query.pageSize));

/** Whether every row the query selects may be exported at once: a known total of at most EXPORT_MAX. */
export const exportsAll = (context: Pick<PageFacts, "total" | "totalIsAtLeast">): boolean => !context.totalIsAtLeast && context.total <= EXPORT_MAX;

/** The ticked rows after a tick box changed: the row joins (last) or leaves the selection. */
const ticked = <Row extends { readonly id: number }>(selected: ReadonlyArray<Row>, row: Row | undefined, tick: boolean): ReadonlyArray<Row> => {
  if (row === undefined) return selected;
  const others = selected.filter((other) => other.id !== row.id);
  return tick ? [...others, row] : others;
};

export const createPagedListMachine = <Row extends { readonly id: number }, Scope, Extras>(declaration: PagedListDeclaration<Row, Scope, Extras>) => {
  type Context = PagedListContext<Row, Scope, Extras>;
  /** A change of the query that shows its first page again, written to the address. */
  const changeQuery = <E extends PagedListEvent>(change: (query: ListQuery, event: E) => ListQuery, mode: QueryPublication) =>
    [
      { type: "assignQuery", params: ({ context, event }: { context: Context; event: E }) => ({ query: change(context.query, event) }) },
      { type: "publishQuery", params: ({ context }: { context: Context }) => ({ query: context.query, mode }) },
    ] as const;
  /** How each control that changes the query changes it, and what it then shows. */
  const pageSizeChange = {
    actions: changeQuery<{ type: "pageSize.change"; pageSize: number }>((query, event) => withPageSize(query, event.pageSize), "replace"),
    description: "Another number of rows a page, from the first page.",
  };
  const sortToggle = {
    actions: changeQuery<{ type: "sort.toggle"; column: string }>((query, event) => toggledSort(query, event.column), "push"),
    description: "A column header: the server sorts by it, or turns its direction; from the first page (the ticks stay).",
  };
  const filterChange = {
    actions: [
      "clearSelection",
      ...changeQuery<{ type: "filter.change"; name: string; value: string }>((query, event) => withFilter(query, event.name, event.value), "push"),
    ],
    description: "A filter's control changed: its rows from the first page; the ticks are cleared.",
  } as const;
  const pageGo = {
    guard: { type: "isPageInRange", params: ({ event }: { event: { type: "page.go"; page: number } }) => ({ page: event.page }) },
    actions: changeQuery<{ type: "page.go"; page: number }>((query, event) => ({ ...query, page: event.page }), "push"),
    description: "Another page (past the pages a total of 'more than N' makes while the shown page came full).",
  } as const;
  const noPage = { description: "A page that does not exist: nothing changes." };
  /**
   * The controls that change the query: answered while a page loads or a search waits as well
   * (a change of a row elsewhere may be reloading the page as the user picks a filter), the
   * fetch under way given up for the new query's.
   */
  const queryChanges = {
    "pageSize.change": { target: "loading", reenter: true, ...pageSizeChange },
    "sort.toggle": { target: "loading", reenter: true, ...sortToggle },
    "filter.change": { target: "loading", reenter: true, ...filterChange },
  } as const;
  /**
   * The same controls, and the search box, while an export, a row's command or a bulk command is
   * under way (decision 121): the query changes at once (and the address with it) and its page is
   * fetched once the work is done, as after a change heard meanwhile; the work goes on with the
   * query it started with. Taken nowhere, they were lost, and a keystroke gave up an export.
   */
  const meanwhile = <Change extends { readonly actions: ReadonlyArray<unknown>; readonly description: string }>(change: Change) => ({
    ...change,
    actions: [...change.actions, "noteChangeMeanwhile"] as const,
    description: `${change.description} Fetched once the work under way is done.`,
  });
  const queryChangesMeanwhile = {
    "page.go": [meanwhile(pageGo), noPage],
    "pageSize.change": meanwhile(pageSizeChange),
    "sort.toggle": meanwhile(sortToggle),
    "filter.change": meanwhile(filterChange),
    "search.change": meanwhile({
      actions: [
        "clearSelection",
        ...changeQuery<{ type: "search.change"; text: string }>((query, event) => withSearch(query, event.text), "replace"),
      ],
      description: "A keystroke in the search box: the rows holding every word, from the first page; the ticks are cleared.",
    } as const),
  } as const;
  type Tick<Type extends PagedListEvent["type"]> = { context: Context; event: Extract<PagedListEvent, { type: Type }> };
  /**
   * The tick boxes and the bulk bar's "clear": answered while a page loads or a search waits as
   * well, since the rows shown stay until the new ones are drawn (a change elsewhere may be
   * reloading the page as the user ticks one); a tick is never dropped.
   */
  const selectionChanges = {
    "row.select": {
      actions: {
        type: "assignSelection",
        params: ({ context, event }: Tick<"row.select">) => ({ selected: ticked(context.selected, context.rows.find((row) => row.id === event.id), event.selected) }),
      },
      description: "A row's tick box: the row joins or leaves the selection.",
    },
    "page.select": {
      actions: {
        type: "assignSelection",
        params: ({ context, event }: Tick<"page.select">) => ({
          selected: context.rows.reduce((selected, row) => ticked(selected, row, event.selected), context.selected),
        }),
      },
      description: "The header's tick box: every row of the page joins the selection, or leaves it.",
    },
    "selection.clear": { actions: "clearSelection", description: "The ticks are cleared." },
  } as const;
  type Press<Type extends ListPress["type"]> = Extract<ListPress, { readonly type: Type }>;
  /** A row's delete and commands pressed `during` some work, kept and asked `then`. */
  const rowPressesKept = (during: string, then: string) =>
    declaration.rowCommands === undefined
      ? {}
      : {
          "row.delete": keptPress<Press<"row.delete">>(`A row's delete button was pressed ${during}: it is asked ${then}.`),
          "row.command": keptPress<Press<"row.command">>(`A row's command was pressed ${during}: it is asked ${then}.`),
        };
  /**
   * An export, a bulk command or a row's command pressed while a page loads or a search waits: the
   * rows shown stay and so do their buttons (a change elsewhere may be reloading the page as the
   * user presses one), so the press is kept and made again once the page shows, judged then by the
   * rows and the total as they are; a press is never dropped (decision 112).
   */
  const pressesKept = {
    "list.export": keptPress<Press<"list.export">>("An export was pressed while the page was fetched: it is made once the page shows."),
    ...(declaration.bulk === undefined
      ? {}
      : { "bulk.ask": keptPress<Press<"bulk.ask">>("A command for the ticked rows was pressed while the page was fetched: it is asked once the page shows.") }),
    ...rowPressesKept("while the page was fetched", "once the page shows"),
  };
  /** The controls an export leaves enabled: a row's buttons (decision 121). */
  const rowPressesKeptWhileExporting = rowPressesKept("while an export was under way", "once the file is saved");
  /** The control a command under way leaves enabled: the export (decision 121). */
  const exportKeptWhileRunning = {
    "list.export": keptPress<Press<"list.export">>("An export was pressed while a command was under way: it is made once the page shows again."),
  };
  return setup({
    types: {
      input: {} as PagedListInput<Scope>,
      context: {} as Context,
      events: {} as PagedListEvent,
      tags: {} as "loading" | "exporting" | "processing" | "failed",
    },
    actions: {
      ...feedbackActions<Context, PagedListEvent>(),
      assignPage: assign(({ context }, { page, ...params }: PagedRows<Row, Extras>) => ({
        ...params,
        totalIsAtLeast: params.totalIsAtLeast === true,
        query: page === undefined ? context.query : { ...context.query, page },
      })),
      /** A list whose extras are its rows reads them again; any other keeps its filters' choices. */
      forgetStaleExtras: assign(({ context }) => ({ extras: declaration.rereadsExtras === true ? null : context.extras })),
      assignTarget: assign({ target: (_, params: RowTarget<number>) => params }),
      forgetTarget: assign({ target: null }),
      assignReason: assign({
        target: ({ context }, params: { reason: string }) => (context.target === null ? null : { ...context.target, reason: params.reason }),
      }),
      /** The view shows the message as a translated toast. */
      notify,
      assignQuery: assign({ query: (_, params: { query: ListQuery }) => params.query }),
      assignSelection: assign({ selected: (_, params: { selected: ReadonlyArray<Row> }) => params.selected }),
      clearSelection: assign({ selected: [] }),
      assignExport: assign((_, params: { format: ExportFormat; ticked: boolean }) => ({ exportFormat: params.format, exportTicked: params.ticked })),
      assignExportRows: assign({ exportRows: (_, params: { rows: ReadonlyArray<Row> }) => params.rows }),
      forgetExportRows: assign({ exportRows: [] }),
      assignBulk: assign((_, params: { command: BulkCommandName }) => ({ bulkCommand: params.command, bulkReply: "", report: null })),
      assignBulkReply: assign({ bulkReply: (_, params: { reply: string }) => params.reply }),
      /** The outcome shows; the refused rows stay ticked, to try again or export. */
      assignReport: assign(({ context }, params: { report: BulkReport }) => ({
        report: params.report,
        bulkCommand: null,
        selected: context.selected.filter((row) => params.report.refused.some((refusal) => refusal.id === row.id)),
      })),
      clearReport: assign({ report: null }),
      keepPress: assign({ pressedMeanwhile: (_, params: { press: ListPress }) => params.press }),
      forgetPress: assign({ pressedMeanwhile: null }),
      noteChangeMeanwhile: assign({ changedMeanwhile: true }),
      forgetChangeMeanwhile: assign({ changedMeanwhile: false }),
      /** Writes the query to the address; the view provides it. */
      publishQuery: (_, _params: { readonly query: ListQuery; readonly mode: QueryPublication }) => {},
    },
    guards: {
      isPageInRange: ({ context }, params: { page: number }) => hasPage(context, params.page),
      wasPressedMeanwhile: ({ context }) => context.pressedMeanwhile !== null,
      wasChangedMeanwhile: ({ context }) => context.changedMeanwhile,
      /** Some ticked rows, or at most EXPORT_MAX of the query's, known to be no more. */
      isExportable: ({ context }, params: { ticked: boolean }) => (params.ticked ? context.selected.length > 0 : exportsAll(context)),
      /** Some rows ticked, and the list declares the command. */
      isBulkOffered: ({ context }, params: { command: BulkCommandName }) => {
        const command = declaration.bulk?.[params.command];
        return context.selected.length > 0 && command !== undefined && (command.offered?.(context.scope) ?? true);
      },
      isAnswered,
      hasCommand: ({ context }, params: { command: string }) => declaration.rowCommands?.(context.scope).commands?.[params.command] !== undefined,
      canDelete: ({ context }) => declaration.rowCommands?.(context.scope).remove !== undefined,
      isConfirmed: (_, params: { confirmed: boolean }) => params.confirmed,
    },
    actors: {
      fetchPage: fromPromise<PagedRows<Row, Extras>, PagedFetchInput<Scope, Extras>>(({ input }) => declaration.fetch(input)),
      collectExport: fromPromise<ReadonlyArray<Row>, CollectInput<Row, Scope, Extras>>(async ({ input }) =>
        input.selected.length > 0 ? input.selected : collectRows(declaration.fetch, input, declaration.exportPageSize),
      ),
      /** Writes and saves the file; the view provides it, with the columns it declares. */
      saveExport: fromPromise<void, ExportRequest<Row>>(async () => {}),
      /** The bulk command's dialog (a new time limit, or only a confirmation); the view provides it. */
      askBulk: fromPromise<string | null, BulkQuestion>(async () => null),
      runBulk: fromPromise<BulkReport, BulkRun<Row, Scope>>(({ input }) => {
        const command = declaration.bulk?.[input.name];
        if (command === undefined) throw new Error(`no bulk command ${input.name}`);
        return runBulkCommand(command, input);
      }),
      /** The delete and row commands' dialogs; the view provides them, the defaults answer "not confirmed". */
      confirmDelete: fromPromise<boolean, DeleteConfirmation>(async () => false),
      confirmCommand: fromPromise<CommandAnswer, CommandConfirmation>(async () => null),
      runRowCommand: fromPromise<string, RowRequest<Row["id"]>>(({ input }) => runRowCommand(input)),
    },
    delays: {
      searchDelay: 300,
    },
  }).createMachine({
    id: declaration.id,
    description: declaration.description,
    context: ({ input }) => ({
      ...input,
      rows: [],
      total: 0,
      totalIsAtLeast: false,
      extras: null,
      selected: [],
      exportFormat: "csv",
      exportTicked: false,
      exportRows: [],
      bulkCommand: null,
      bulkReply: "",
      report: null,
      target: null,
      pressedMeanwhile: null,
      changedMeanwhile: false,
      message: null,
      error: null,
    }),
    initial: "loading",
    on: {
      "list.changed": {
        actions: "noteChangeMeanwhile",
        description: "A row changed elsewhere while a dialog, an export or a command was under way: the page is fetched again once it shows.",
      },
      "query.sync": {
        target: ".loading",
        actions: [{ type: "assignQuery", params: ({ event }) => ({ query: event.query }) }, "clearSelection"],
        description: "The address changed under the list (Back, Forward, a link): it shows what the address asks for.",
      },
      "search.change": {
        target: ".typing",
        actions: { type: "assignQuery", params: ({ context, event }) => ({ query: withSearch(context.query, event.text) }) },
        description: "A keystroke in the search box (even while a page loads, so nothing typed is lost): the search waits for the typing to pause.",
      },
    },
    states: {
      loading: {
        tags: "loading",
        description: "The page is being fetched (and the filters' choices, the first time).",
        entry: "forgetChangeMeanwhile",
        invoke: {
          id: "fetchPage",
          src: "fetchPage",
          input: ({ context }) => ({ client: context.client, query: context.query, scope: context.scope, known: context.extras }),
          onDone: { target: "ready", actions: { type: "assignPage", params: ({ event }) => event.output }, description: "The page shows." },
          onError: showError("failed", "The page could not be fetched: the message shows with a retry."),
        },
        on: {
          ...queryChanges,
          ...selectionChanges,
          ...pressesKept,
          "list.changed": {
            target: "loading",
            reenter: true,
            actions: "forgetStaleExtras",
            description: "A row changed elsewhere while the page was being fetched (perhaps before the change): it is fetched again.",
          },
        },
      },
      typing: {
        tags: "loading",
        description: "The user is typing a search; each keystroke starts the wait again.",
        after: {
          searchDelay: {
            target: "loading",
            actions: ["clearSelection", { type: "publishQuery", params: ({ context }) => ({ query: context.query, mode: "replace" }) }],
            description: "The typing paused: the rows holding every word, from the first page (the address's entry is replaced, not added).",
          },
        },
        on: {
          ...queryChanges,
          ...selectionChanges,
          ...pressesKept,
          "search.submit": {
            target: "loading",
            actions: ["clearSelection", { type: "publishQuery", params: ({ context }) => ({ query: context.query, mode: "replace" }) }],
            description: "Enter in the search box: the search runs now, from the first page, without waiting for the pause.",
          },
        },
      },
      ready: {
        description: "The page shows; the user may page, sort, search, filter, tick rows or export.",
        always: [
          {
            guard: "wasChangedMeanwhile",
            target: "loading",
            // rows a list holds for its pages (rereadsExtras) are read again too, as on a change heard in `ready`
            actions: "forgetStaleExtras",
            description: "A row changed, or the query did, while a dialog, an export or a command was under way: what shows may be older than the change, so the page is fetched again.",
          },
          {
            guard: "wasPressedMeanwhile",
            actions: [raise(({ context }) => context.pressedMeanwhile ?? { type: "report.dismiss" }), "forgetPress"],
            description: "Something was pressed while the page was fetched: it is pressed again now, on the rows as they are.",
          },
        ],
        on: {
          "page.go": [{ target: "loading", ...pageGo }, noPage],
          ...queryChanges,
          ...selectionChanges,
          "list.export": [
            {
              guard: { type: "isExportable", params: ({ event }) => ({ ticked: event.ticked === true }) },
              target: "exporting",
              actions: ["clearFeedback", { type: "assignExport", params: ({ event }) => ({ format: event.format, ticked: event.ticked === true }) }],
              description: "Export the ticked rows, or every row the search and filters select (not just the page) when they are not too many.",
            },
            { description: "Nothing ticked, or too many rows to export at once: nothing happens (the view offers no button then)." },
          ],
          "list.changed": {
            target: "loading",
            actions: ["clearFeedback", "forgetStaleExtras"],
            description: "A row changed elsewhere (or by the screen: a year's copy): the same page is fetched again.",
          },
          ...(declaration.rowCommands === undefined
            ? {}
            : {
          "row.delete": [
            {
              guard: "canDelete",
              target: "confirmingDelete",
              actions: { type: "assignTarget", params: ({ event }) => ({ id: event.id, title: event.title, command: null, reason: "" }) },
              description: "A row's delete button asks for confirmation.",
            },
            { description: "This list deletes nothing: nothing happens." },
          ],
          "row.command": [
            {
              guard: { type: "hasCommand", params: ({ event }) => ({ command: event.command }) },
              target: "confirmingCommand",
              actions: { type: "assignTarget", params: ({ event }) => ({ id: event.id, title: event.title, command: event.command, reason: "" }) },
              description: "A row command this list offers (a user's temporary password) asks for confirmation.",
            },
            { description: "This list offers no such command: nothing happens." },
          ],
              }),
          ...(declaration.bulk === undefined
            ? {}
            : {
          "bulk.ask": [
            {
              guard: { type: "isBulkOffered", params: ({ event }) => ({ command: event.command }) },
              target: "bulkAsking",
              actions: ["clearFeedback", { type: "assignBulk", params: ({ event }) => ({ command: event.command }) }],
              description: "A command for the ticked rows was pressed: its dialog asks first.",
            },
            { description: "Nothing ticked, or a command the list does not declare: nothing happens." },
          ],
              }),
          "report.dismiss": { actions: "clearReport", description: "The last bulk command's outcome is closed." },
        },
      },
      // a list without bulk commands has neither state
      ...(declaration.bulk === undefined
        ? {}
        : {
      bulkAsking: {
        description: "The bulk command's dialog is open (the new time limit of an extension, or only a confirmation).",
        invoke: {
          id: "askBulk",
          src: "askBulk",
          input: ({ context }) => ({ command: context.bulkCommand ?? "confirm", count: context.selected.length }),
          onDone: [
            {
              guard: { type: "isAnswered", params: ({ event }) => ({ reply: event.output }) },
              target: "bulkRunning",
              actions: { type: "assignBulkReply", params: ({ event }) => ({ reply: event.output ?? "" }) },
              description: "Answered: the command is sent for each ticked row.",
            },
            { target: "ready", description: "The dialog was closed: nothing is sent." },
          ],
          onError: { target: "ready", description: "The dialog could not be shown: nothing is sent." },
        },
      },
      bulkRunning: {
        tags: "processing",
        description: "The command is sent for each ticked row, one after the other, each judged by the server's machine as if sent alone.",
        invoke: {
          id: "runBulk",
          src: "runBulk",
          input: ({ context }) => ({
            client: context.client,
            rows: context.selected,
            reply: context.bulkReply,
            name: context.bulkCommand ?? "confirm",
            scope: context.scope,
          }),
          onDone: {
            target: "loading",
            actions: [{ type: "assignReport", params: ({ event }) => ({ report: event.output }) }, "forgetStaleExtras"],
            description: "Every row's outcome shows (the refused ones with their message, still ticked); the page is fetched again.",
          },
          onError: showError("ready", "The commands could not be sent: the message shows."),
        },
        on: { ...queryChangesMeanwhile, ...exportKeptWhileRunning },
      },
          }),
      exporting: {
        tags: "exporting",
        description: "The rows to export are gathered, then their file is written and saved.",
        initial: "collecting",
        // the rows shown stay, and so do their controls: nothing pressed meanwhile is lost (decision 121)
        on: { ...queryChangesMeanwhile, ...selectionChanges, ...rowPressesKeptWhileExporting },
        states: {
          collecting: {
            description: "The ticked rows as they are, or every row the query selects read page by page.",
            invoke: {
              id: "collectExport",
              src: "collectExport",
              input: ({ context }) => ({
                client: context.client,
                query: context.query,
                scope: context.scope,
                known: context.extras,
                selected: context.exportTicked ? context.selected : [],
              }),
              onDone: {
                target: "saving",
                actions: { type: "assignExportRows", params: ({ event }) => ({ rows: event.output }) },
                description: "The rows arrived: the file is written.",
              },
              onError: showError(`#${declaration.id}.ready`, "The rows could not be read: the message shows."),
            },
          },
          saving: {
            description: "The file is written with the list's declared columns and handed to the browser.",
            invoke: {
              id: "saveExport",
              src: "saveExport",
              input: ({ context }) => ({ rows: context.exportRows, format: context.exportFormat }),
              onDone: { target: `#${declaration.id}.ready`, actions: "forgetExportRows", description: "The file was saved." },
              onError: {
                target: `#${declaration.id}.ready`,
                actions: ["forgetExportRows", { type: "assignError", params: ({ event }) => ({ error: event.error }) }],
                description: "The file could not be written: the message shows.",
              },
            },
          },
        },
      },
      failed: {
        tags: "failed",
        description: "The page could not be fetched; the message shows with a retry button.",
        entry: "forgetPress",
        on: {
          ...queryChanges,
          retry: { target: "loading", actions: ["clearFeedback", "forgetStaleExtras"], description: "Retry was pressed." },
        },
      },
      // a list without row commands has none of these states
      ...(declaration.rowCommands === undefined
        ? {}
        : {
          confirmingDelete: {
            description: "The warning dialog with 'Delete' and 'Cancel' is open.",
            invoke: {
              id: "confirmDelete",
              src: "confirmDelete",
              input: ({ context }) => ({ title: context.target?.title ?? "" }),
              onDone: [
                {
                  guard: { type: "isConfirmed", params: ({ event }) => ({ confirmed: event.output }) },
                  target: "runningRowCommand",
                  description: "The user pressed 'Delete'.",
                },
                { target: "ready", actions: "forgetTarget", description: "The user pressed 'Cancel' or closed the dialog: nothing is deleted." },
              ],
              onError: { target: "ready", actions: "forgetTarget", description: "The dialog could not be shown: nothing is deleted." },
            },
          },
          confirmingCommand: {
            description: "The dialog asks whether to run the row command (mail a temporary password, activate a rate ...), and its reason where it needs one (deactivate a rate).",
            invoke: {
              id: "confirmCommand",
              src: "confirmCommand",
              input: ({ context }) => {
                const command = context.target?.command ?? "";
                const asksReason = declaration.rowCommands?.(context.scope).commands?.[command]?.asksReason === true;
                return { title: context.target?.title ?? "", command, asksReason };
              },
              ...reasonAnswer(
                { target: "runningRowCommand", description: "The user confirmed (and gave the reason, where the command asks one)." },
                { target: "ready", actions: "forgetTarget", description: "The user cancelled: nothing is sent." },
                "The dialog could not be shown: nothing is sent.",
              ),
            },
          },
          runningRowCommand: {
            tags: "processing",
            description: "Waiting for the server to delete the row or run its command.",
            entry: "clearFeedback",
            invoke: {
              id: "runRowCommand",
              src: "runRowCommand",
              input: ({ context }) => ({ client: context.client, commands: declaration.rowCommands?.(context.scope) ?? {}, target: context.target }),
              onDone: {
                target: "loading",
                actions: ["forgetTarget", ...tellAnswer, "forgetStaleExtras"],
                description: "Done ('resource deleted successfully', 'temporary password sent'): the toast shows and the page is fetched again, as the row may have changed.",
              },
              onError: {
                target: "ready",
                actions: ["forgetTarget", assignFailure],
                description: "The server refused (last admin, item in use, ...): its message shows.",
              },
            },
            on: { ...queryChangesMeanwhile, ...exportKeptWhileRunning },
          },
          }),
    },
  });
};

/** The machine a declaration makes, for the screens' actor types. */
export type PagedListMachine<Row extends { readonly id: number }, Scope, Extras> = ReturnType<typeof createPagedListMachine<Row, Scope, Extras>>;
