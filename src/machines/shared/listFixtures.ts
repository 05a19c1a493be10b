import { messages } from "../../api/messages.ts";
import { type MachineFixtures, machineFixtures, refused, unusedClient } from "./fixtures.ts";
import { initialQuery, type ListQueryDefaults } from "./listQuery.ts";
import { EXPORT_MAX, type PagedListContext, type PagedListMachine } from "./pagedList.machine.ts";

/** What sets one list built on the paged list engine apart in its fixtures; the engine's events are the same for every list. */
export interface ListFixturesDeclaration<Row extends { readonly id: number }, Scope, Extras> {
  readonly id: string;
  readonly machine: PagedListMachine<Row, Scope, Extras>;
  readonly defaults: ListQueryDefaults;
  readonly scope: Scope;
  /** A row of the list, as its pages and its export answer it. */
  readonly row: Row;
  /** The filters' choices that come with the first page. */
  readonly extras: Extras;
  /** A column it sorts by, a text to search, and a filter with a value. */
  readonly sortColumn: string;
  readonly searchText: string;
  readonly filter: { readonly name: string; readonly value: string };
  /** Whether the list declares bulk commands (confirm, extend) on its ticked rows. */
  readonly bulk: boolean;
}

/** The bulk bar's commands: asked, answered or closed, run, and their outcomes dismissed. */
const bulkEvents = (id: number) => [
  { type: "bulk.ask", command: "confirm" },
  { type: "bulk.ask", command: "extend" },
  { type: "xstate.done.actor.askBulk", output: "" },
  { type: "xstate.done.actor.askBulk", output: null },
  { type: "xstate.error.actor.askBulk", error: new Error("no dialog") },
  { type: "xstate.done.actor.runBulk", output: { action: "confirm", succeeded: 0, refused: [{ id, title: "T", message: messages.stale }], done: [] } },
  { type: "xstate.error.actor.runBulk", error: refused(503, messages.serverError) },
  { type: "report.dismiss" },
] as const;

/** A list's context as its fixtures read what it keeps for later: a press, and a change heard. */
export type KeptMeanwhile = Pick<PagedListContext<unknown, unknown, unknown>, "pressedMeanwhile" | "changedMeanwhile">;

/** What a list keeps while its page is fetched or a dialog is open (a key of its fixtures' states: each is acted on once the page shows). */
export const keptMeanwhile = (context: KeptMeanwhile): string => `${context.pressedMeanwhile?.type ?? ""} ${context.changedMeanwhile}`;

/**
 * The fixtures of a list built on the paged list engine: its pages (one of them over the export's
 * limit), paging, sort, search, filter, ticks, export and, when it has them, its bulk commands.
 */
export const listFixtures = <Row extends { readonly id: number }, Scope, Extras>(list: ListFixturesDeclaration<Row, Scope, Extras>): MachineFixtures =>
  machineFixtures({
    id: list.id,
    machine: list.machine,
    inputs: [{ client: unusedClient, query: initialQuery(list.defaults), scope: list.scope }],
    // the guards read the ticks and how many pages: states differing in them are kept apart
    contextKey: (context) => {
      const paged = context as KeptMeanwhile & { selected: ReadonlyArray<unknown>; total: number };
      return [paged.selected.length > 0, paged.total > EXPORT_MAX, keptMeanwhile(paged)];
    },
    events: [
      { type: "xstate.done.actor.fetchPage", output: { rows: [list.row], total: 45, extras: list.extras } },
      { type: "xstate.done.actor.fetchPage", output: { rows: [list.row], total: EXPORT_MAX + 1, extras: list.extras } },
      { type: "xstate.error.actor.fetchPage", error: refused(503, messages.serverError) },
      { type: "retry" },
      { type: "page.go", page: 2 },
      { type: "page.go", page: 9_999 },
      { type: "pageSize.change", pageSize: 50 },
      { type: "sort.toggle", column: list.sortColumn },
      { type: "search.change", text: list.searchText },
      { type: "search.submit" },
      { type: "filter.change", ...list.filter },
      { type: "list.changed" },
      { type: "row.select", id: list.row.id, selected: true },
      { type: "row.select", id: list.row.id, selected: false },
      { type: "page.select", selected: true },
      { type: "selection.clear" },
      { type: "list.export", format: "xlsx" },
      { type: "list.export", format: "csv", ticked: true },
      { type: "xstate.done.actor.collectExport", output: [list.row] },
      { type: "xstate.error.actor.collectExport", error: refused(503, messages.serverError) },
      { type: "xstate.done.actor.saveExport", output: undefined },
      { type: "xstate.error.actor.saveExport", error: new Error("disk full") },
      ...(list.bulk ? bulkEvents(list.row.id) : []),
      { type: "query.sync", query: { ...initialQuery(list.defaults), page: 2 } },
    ],
  });
