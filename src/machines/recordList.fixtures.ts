import { messages } from "../api/messages.ts";
import { feeding } from "../records/feeding.ts";
import { catalogueListMachine } from "./catalogues.ts";
import { dialogAnswers, type MachineFixtures, machineFixtures, refused, unusedClient } from "./fixtures.ts";
import { destinationListMachine, destinationListSource } from "./itineraries.ts";
import { catalogueItemId, itineraryId, sampleItinerary, sampleUser, userId } from "./samples.ts";
import { RESET_PASSWORD, userListMachine, userListSource } from "./users.ts";

const file = "src/machines/recordList.machine.ts";

/** A row command for sources that offer none, so their entry takes the branch the users' list takes. */
const someCommand = { [RESET_PASSWORD]: async () => messages.temporaryPasswordSent };

/** The events every list answers, whatever its rows (here about the row `id`): reload, delete, a command offered and one not. */
const listEvents = <Id extends number>(id: Id) => [
  { type: "list.reload" },
  { type: "row.delete", id, title: "¿Eliminar el registro?" },
  { type: "row.command", command: RESET_PASSWORD, id, title: "¿Enviar una contraseña temporal?" },
  { type: "row.command", command: "archive", id, title: "¿Archivar?" },
  ...dialogAnswers("confirmDelete"),
  ...dialogAnswers("confirmCommand"),
  { type: "xstate.error.actor.fetchRows", error: refused(403, messages.forbidden) },
  { type: "xstate.done.actor.removeRow", output: messages.deleted },
  { type: "xstate.error.actor.removeRow", error: refused(409, messages.itemInUse) },
  { type: "xstate.done.actor.runCommand", output: messages.temporaryPasswordSent },
  { type: "xstate.error.actor.runCommand", error: refused(403, messages.forbidden) },
] as const;

/** The list machine run with each kind of source: a simple catalogue, the users, the destinations. */
export const fixtures: ReadonlyArray<MachineFixtures> = [
  machineFixtures({
    id: "recordList.catalogue",
    file,
    machine: catalogueListMachine,
    inputs: [
      { client: unusedClient, source: feeding.listSource },
      { client: unusedClient, source: { ...feeding.listSource, commands: someCommand } },
    ],
    events: [
      ...listEvents(catalogueItemId(4)),
      { type: "xstate.done.actor.fetchRows", output: [{ id: catalogueItemId(3), name: "Desayuno", active: true }] },
    ],
  }),
  machineFixtures({
    id: "recordList.users",
    file,
    machine: userListMachine,
    inputs: [{ client: unusedClient, source: userListSource }],
    events: [...listEvents(userId(4)), { type: "xstate.done.actor.fetchRows", output: [sampleUser] }],
  }),
  machineFixtures({
    id: "recordList.destinations",
    file,
    machine: destinationListMachine,
    inputs: [
      { client: unusedClient, source: destinationListSource("national") },
      { client: unusedClient, source: { ...destinationListSource("international"), commands: someCommand } },
    ],
    events: [...listEvents(itineraryId(4)), { type: "xstate.done.actor.fetchRows", output: [sampleItinerary] }],
  }),
];
