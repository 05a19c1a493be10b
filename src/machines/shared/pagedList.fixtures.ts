import type { CatalogueItem } from "../../api/catalogues.ts";
import { messages } from "../../api/messages.ts";
import { feeding } from "../../records/feeding.ts";
import { agencies } from "../../records/referenceData.ts";
import { catalogueListMachine, listSourceOf } from "../catalogues/catalogues.ts";
import { destinationListMachine, destinationListSource } from "../catalogues/itineraries.ts";
import { agencyUsersSource, RESET_PASSWORD, userListMachine, userListSource } from "../users/users.ts";
import { dialogAnswers, type MachineFixtures, machineFixtures, reasonAnswers, refused, unusedClient } from "./fixtures.ts";
import { initialQuery, type ListQueryDefaults, parseListQuery } from "./listQuery.ts";
import { type BulkCommandName, createPagedListMachine, EXPORT_MAX } from "./pagedList.machine.ts";
import { type ListSource, listQueryDefaults, type RecordListMachine } from "./recordRows.ts";
import { catalogueItemId, sampleItinerary, sampleUser } from "./samples.ts";
import { type KeptMeanwhile, keptMeanwhile } from "./listFixtures.ts";

const file = "src/machines/shared/pagedList.machine.ts";

/** A list of named rows declared on the engine alone: its fetch is never called, the fixtures answer for it. */
const defaults: ListQueryDefaults = { pageSize: 20, sort: null, direction: "asc", sortKeys: ["name"], filterNames: ["kind"] };

const row = { id: 1, name: "Uno" };

const machine = createPagedListMachine<typeof row, null, null>({
  id: "pagedList",
  description: "The one list engine, declared with a sample list: pages (a total that may be 'more than N'), sort, search, filters, address, ticks, export and a bulk command.",
  defaults,
  fetch: async () => ({ rows: [], total: 0, extras: null }),
  bulk: { confirm: { title: (sample) => sample.name, send: async () => messages.updated } },
});

// the guards read the ticks and how many rows: states differing in them are kept apart
const contextKey = (context: unknown) => {
  const list = context as KeptMeanwhile & { selected: ReadonlyArray<unknown>; total: number; totalIsAtLeast: boolean };
  return [list.selected.length > 0, list.total > EXPORT_MAX, list.totalIsAtLeast, keptMeanwhile(list)];
};

/** The events every list answers, whatever its rows (here about `sample`). */
const listEvents = <Row extends { readonly id: number }>(sample: Row, bulk: ReadonlyArray<BulkCommandName>) => [
  { type: "xstate.error.actor.fetchPage", error: refused(503, messages.serverError) },
  { type: "retry" },
  { type: "page.go", page: 2 },
  { type: "page.go", page: 9_999 },
  { type: "pageSize.change", pageSize: 50 },
  { type: "sort.toggle", column: "name" },
  { type: "search.change", text: "uno" },
  { type: "search.submit" },
  { type: "filter.change", name: "kind", value: "a" },
  { type: "list.changed" },
  { type: "row.select", id: sample.id, selected: true },
  { type: "row.select", id: sample.id, selected: false },
  { type: "page.select", selected: true },
  { type: "selection.clear" },
  { type: "list.export", format: "xlsx" },
  { type: "list.export", format: "csv", ticked: true },
  { type: "xstate.done.actor.collectExport", output: [sample] },
  { type: "xstate.error.actor.collectExport", error: refused(503, messages.serverError) },
  { type: "xstate.done.actor.saveExport", output: undefined },
  { type: "xstate.error.actor.saveExport", error: new Error("disk full") },
  ...bulk.map((command) => ({ type: "bulk.ask" as const, command })),
  { type: "xstate.done.actor.askBulk", output: "" },
  { type: "xstate.done.actor.askBulk", output: null },
  { type: "xstate.error.actor.askBulk", error: new Error("no dialog") },
  { type: "xstate.done.actor.runBulk", output: { action: bulk[0] ?? "confirm", succeeded: 0, refused: [{ id: sample.id, title: "T", message: messages.stale }] } },
  { type: "xstate.error.actor.runBulk", error: refused(503, messages.serverError) },
  { type: "report.dismiss" },
  { type: "query.sync", query: { ...initialQuery(defaults), page: 2 } },
] as const;

/** A record list's own events: a row's delete and commands (one offered, one not), their dialogs and outcomes. */
const rowEvents = <Row extends { readonly id: number }>(sample: Row) => [
  { type: "row.delete", id: sample.id, title: "¿Eliminar el registro?" },
  { type: "row.command", command: RESET_PASSWORD, id: sample.id, title: "¿Enviar una contraseña temporal?" },
  { type: "row.command", command: "archive", id: sample.id, title: "¿Archivar?" },
  ...dialogAnswers("confirmDelete"),
  ...reasonAnswers("confirmCommand"),
  { type: "xstate.done.actor.runRowCommand", output: messages.deleted },
  { type: "xstate.error.actor.runRowCommand", error: refused(409, messages.itemInUse) },
] as const;

/** Each row's page as the fetch answers it: three pages (the second exists), or more than can be exported at once. */
const pages = <Row extends { readonly id: number }>(sample: Row) => [
  { type: "xstate.done.actor.fetchPage", output: { rows: [sample], total: 45, extras: { rows: [sample] } } },
  { type: "xstate.done.actor.fetchPage", output: { rows: [sample], total: EXPORT_MAX + 1, extras: null } },
] as const;

/** A command for sources that offer none, so their entry takes the branch the users' list takes. */
const someCommand = { [RESET_PASSWORD]: { run: async () => messages.temporaryPasswordSent } };

/** A source that deletes nothing and has no active flag (an agency's own users): the bulk commands and the delete are refused. */
const readOnly = <Row extends { readonly id: number }>({ list, view }: ListSource<Row>): ListSource<Row> => ({
  list,
  view: { sortKeys: view.sortKeys, searchText: view.searchText, title: view.title },
});

/** A record list's machine run over each of `sources` (its rows read whole, or paged on the server). */
const recordList = <Row extends { readonly id: number }>(
  id: string,
  listMachine: RecordListMachine<Row>,
  sources: ReadonlyArray<ListSource<Row>>,
  sample: Row,
): MachineFixtures =>
  machineFixtures({
    id,
    file,
    machine: listMachine,
    contextKey,
    inputs: sources.map((source) => ({ client: unusedClient, query: parseListQuery("q=ana&page=2", listQueryDefaults(source)), scope: source })),
    events: [...pages(sample), ...listEvents(sample, ["delete", "activate", "deactivate"]), ...rowEvents(sample)],
  });

export const fixtures: ReadonlyArray<MachineFixtures> = [
  machineFixtures({
    id: "pagedList",
    machine,
    inputs: [{ client: unusedClient, query: initialQuery(defaults), scope: null }],
    contextKey,
    events: [
      ...pages(row).map((event) => ({ ...event, output: { ...event.output, extras: null } })),
      // a total known only as "more than 40"
      { type: "xstate.done.actor.fetchPage", output: { rows: [row], total: 40, totalIsAtLeast: true, extras: null } },
      ...listEvents(row, ["confirm", "extend"]),
    ],
  }),
  recordList(
    "catalogueList",
    catalogueListMachine,
    [listSourceOf(feeding), { ...listSourceOf(feeding), commands: someCommand }, listSourceOf(agencies), readOnly(listSourceOf(feeding))],
    { id: catalogueItemId(3), name: "Desayuno", active: true, version: 1 } as CatalogueItem,
  ),
  recordList("userList", userListMachine, [userListSource, agencyUsersSource], sampleUser),
  recordList(
    "destinationList",
    destinationListMachine,
    [destinationListSource("national"), { ...destinationListSource("international"), commands: someCommand }, readOnly(destinationListSource("national"))],
    sampleItinerary,
  ),
];
