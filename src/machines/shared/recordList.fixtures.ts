import { messages } from "../../api/messages.ts";
import { feeding } from "../../records/feeding.ts";
import { agencies } from "../../records/referenceData.ts";
import { catalogueListMachine, listSourceOf } from "../catalogues/catalogues.ts";
import { parseListQuery } from "./listQuery.ts";
import type { ListSource } from "./recordList.machine.ts";
import { dialogAnswers, type MachineFixtures, machineFixtures, reasonAnswers, refused, unusedClient } from "./fixtures.ts";
import { destinationListMachine, destinationListSource } from "../catalogues/itineraries.ts";
import { catalogueItemId, itineraryId, sampleItinerary, sampleUser, userId } from "./samples.ts";
import { RESET_PASSWORD, userListMachine, userListSource } from "../users/users.ts";

const file = "src/machines/shared/recordList.machine.ts";

const listDefaults = { pageSize: 20, sort: null, direction: "asc", sortKeys: [], filterNames: ["active"] } as const;

/**
 * The ticks decide the bulk actions' guards, and a server-paged list's total which pages exist:
 * states differing in them are kept apart.
 */
const contextKey = (context: unknown) => {
  const { selected, total } = context as { selected: ReadonlyArray<number>; total: number | null };
  return total === null ? selected.length > 0 : [selected.length > 0, total];
};

/** A row command for sources that offer none, so their entry takes the branch the users' list takes. */
const someCommand = { [RESET_PASSWORD]: { run: async () => messages.temporaryPasswordSent } };

/** The events every list answers, whatever its rows (here about the row `id`): reload, delete, a command offered and one not. */
const listEvents = <Id extends number>(id: Id) => [
  { type: "list.reload" },
  { type: "row.delete", id, title: "¿Eliminar el registro?" },
  { type: "row.command", command: RESET_PASSWORD, id, title: "¿Enviar una contraseña temporal?" },
  { type: "row.command", command: "archive", id, title: "¿Archivar?" },
  { type: "page.go", page: 1 },
  { type: "page.go", page: 2 },
  { type: "pageSize.change", pageSize: 50 },
  { type: "sort.toggle", column: "name" },
  { type: "search.change", text: "ana" },
  { type: "filter.change", name: "active", value: "no" },
  { type: "query.sync", query: parseListQuery("q=ana&page=2", { ...listDefaults, sortKeys: ["name"] }) },
  { type: "row.select", id, selected: true },
  { type: "row.select", id, selected: false },
  { type: "page.select", selected: true },
  { type: "page.select", selected: false },
  { type: "bulk.delete" },
  { type: "bulk.activate" },
  { type: "bulk.deactivate" },
  { type: "list.export", format: "csv" },
  ...dialogAnswers("confirmDelete"),
  ...reasonAnswers("confirmCommand"),
  ...dialogAnswers("confirmBulkDelete"),
  { type: "xstate.done.actor.runBulk", output: { action: "delete", succeeded: 1, refused: [{ id, title: "Ana", message: messages.itemInUse }] } },
  { type: "xstate.error.actor.runBulk", error: refused(0, "network error") },
  { type: "xstate.done.actor.saveExport", output: undefined },
  { type: "xstate.error.actor.saveExport", error: new Error("disk full") },
  { type: "xstate.error.actor.fetchRows", error: refused(403, messages.forbidden) },
  { type: "xstate.done.actor.removeRow", output: messages.deleted },
  { type: "xstate.error.actor.removeRow", error: refused(409, messages.itemInUse) },
  { type: "xstate.done.actor.runCommand", output: messages.temporaryPasswordSent },
  { type: "xstate.error.actor.runCommand", error: refused(403, messages.forbidden) },
  { type: "xstate.done.actor.collectExport", output: [] },
  { type: "xstate.error.actor.collectExport", error: refused(400, messages.forbidden) },
] as const;

/** A source lent a server's page, so that a list held whole also takes the server-paged branches. */
const pagedOnServer = <Row extends { readonly id: number }>(source: ListSource<Row>, row: Row): ListSource<Row> => ({
  ...source,
  page: async () => ({ rows: [row], total: 40 }),
});

/** The list machine run with each kind of source: a simple catalogue, the users, the destinations. */
export const fixtures: ReadonlyArray<MachineFixtures> = [
  machineFixtures({
    id: "recordList.catalogue",
    file,
    machine: catalogueListMachine,
    contextKey,
    inputs: [
      { client: unusedClient, source: listSourceOf(feeding) },
      { client: unusedClient, source: { ...listSourceOf(feeding), commands: someCommand } },
      // a catalogue paged on the server: a query change fetches its page
      { client: unusedClient, source: listSourceOf(agencies) },
    ],
    events: [
      ...listEvents(catalogueItemId(4)),
      // two pages of 20 agencies: the second page exists
      { type: "xstate.done.actor.fetchRows", output: { rows: [{ id: catalogueItemId(3), name: "Galápagos Dreams", active: true }], total: 40 } },

      { type: "xstate.done.actor.fetchRows", output: { rows: [{ id: catalogueItemId(3), name: "Desayuno", active: true }], total: null } },
    ],
  }),
  machineFixtures({
    id: "recordList.users",
    file,
    machine: userListMachine,
    contextKey,
    inputs: [
      { client: unusedClient, source: userListSource },
      { client: unusedClient, source: pagedOnServer(userListSource, sampleUser) },
    ],
    events: [
      ...listEvents(userId(4)),
      { type: "xstate.done.actor.fetchRows", output: { rows: [sampleUser], total: null } },
      { type: "xstate.done.actor.fetchRows", output: { rows: [sampleUser], total: 40 } },
    ],
  }),
  machineFixtures({
    id: "recordList.destinations",
    file,
    machine: destinationListMachine,
    contextKey,
    inputs: [
      { client: unusedClient, source: destinationListSource("national") },
      {
        client: unusedClient,
        source: {
          ...destinationListSource("international"),
          commands: someCommand,
          // a destination has no active flag; this input lends it one so the bulk (de)activation is taken too
          view: { ...destinationListSource("international").view, active: () => true },
          setActive: async () => messages.updated,
        },
      },
      { client: unusedClient, source: pagedOnServer(destinationListSource("national"), sampleItinerary) },
    ],
    events: [
      ...listEvents(itineraryId(4)),
      { type: "xstate.done.actor.fetchRows", output: { rows: [sampleItinerary], total: null } },
      { type: "xstate.done.actor.fetchRows", output: { rows: [sampleItinerary], total: 40 } },
    ],
  }),
];
