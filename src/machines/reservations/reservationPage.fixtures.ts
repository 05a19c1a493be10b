import { messages } from "../../api/messages.ts";
import type { Reservation } from "../../api/reservations.ts";
import { CruiseId, ReservationId } from "../../api/ids.ts";
import { machineFixtures, reasonAnswers, refused, unusedClient } from "../shared/fixtures.ts";
import { type Money, type ReservationPageContext, reservationPageMachine } from "./reservationPage.machine.ts";

/** A held reservation and its account, as the page's doubles answer them (the machine's tests use them too). */
export const reservation: Reservation = {
  id: ReservationId.make(1),
  code: "RES-000001",
  cruiseId: CruiseId.make(1),
  cruiseCode: "GEX-20270304",
  yachtName: "Galápagos Explorer",
  startDate: "2027-03-04",
  agencyId: 2,
  agencyName: "Cuenca Travel",
  type: "general",
  executive: { id: 1, name: "Ana Ventas" },
  state: "reserved",
  timeLimit: "2027-02-01T17:00:00.000Z",
  extensions: 0,
  spaces: 2,
  price: { total: 4200, commission: 420, net: 3780 },
  createdAt: "2027-01-25T17:00:00.000Z",
  version: 1,
  notes: "",
  cancelReason: null,
  bookings: [],
  lines: [],
  priceCents: { subtotalCents: 0, totalCents: 0, commissionCents: 0, netCents: 0 },
  latestTimeLimit: null,
  extensionsLeft: null,
};

export const money: Money = {
  account: {
    totalCents: 420_000,
    commissionCents: 42_000,
    dueCents: 378_000,
    paidCents: 25_050,
    balanceCents: 352_950,
    depositDueCents: 113_400,
    depositDueDate: null,
    balanceDueDate: "2027-01-03",
    moneyState: "unpaid",
    penaltyCents: 0,
    keptPenaltyCents: 0,
    refundDueCents: 0,
  },
  payments: [],
};

export const fixtures = machineFixtures({
  id: "reservationPage",
  machine: reservationPageMachine,
  inputs: [
    { client: unusedClient, id: 1, readsMoney: true, confirmsWithoutDeposit: false },
    { client: unusedClient, id: 1, readsMoney: false, confirmsWithoutDeposit: false },
    { client: unusedClient, id: 1, readsMoney: true, confirmsWithoutDeposit: true },
  ],
  // a delete's answer leads elsewhere than another command's: the pending kind tells them apart;
  // the money is awaited for the first screen's paint only until it has been painted once; a
  // command pressed while the page is fetched again is asked once it shows
  contextKey: (context) => {
    const { pending, firstScreenPainted, askedMeanwhile } = context as ReservationPageContext;
    return [pending?.kind ?? null, firstScreenPainted, askedMeanwhile !== null];
  },
  events: [
    { type: "xstate.done.actor.fetchReservation", output: reservation },
    { type: "xstate.error.actor.fetchReservation", error: refused(404, messages.notFound) },
    { type: "page.painted" },
    { type: "xstate.done.actor.fetchMoney", output: money },
    { type: "xstate.error.actor.fetchMoney", error: refused(403, messages.forbidden) },
    { type: "command.ask", command: { kind: "recordPayment" } },
    { type: "command.ask", command: { kind: "voidPayment", paymentId: 4 } },
    { type: "xstate.done.actor.askCommand", output: { amount: "250.50", day: "2027-01-26", method: "transfer", reference: "BP-0042", payer: "Cuenca Travel" } },
    { type: "retry" },
    { type: "command.ask", command: { kind: "confirm" } },
    { type: "reservation.changed" },
    { type: "command.ask", command: { kind: "delete" } },
    { type: "command.ask", command: { kind: "cancelSpace", spaceId: 3 } },
    { type: "command.ask", command: { kind: "importPassengers" } },
    { type: "command.ask", command: { kind: "newPassenger", spaceId: 3 } },
    { type: "xstate.done.actor.askCommand", output: { passenger: { firstName: "Lucía", lastName: "Andrade", identification: "AB123456", gender: "female" } } },
    { type: "command.ask", command: { kind: "addCabin" } },
    { type: "xstate.done.actor.askCommand", output: { notes: "Dos cabinas", cabins: [] } },
    ...reasonAnswers("askCommand"),
    { type: "xstate.done.actor.askCommand", output: new File(["Nombre;Apellido"], "pasajeros.csv") },
    { type: "xstate.done.actor.importSheet", output: { rows: [] } },
    { type: "xstate.error.actor.importSheet", error: refused(400, messages.invalidInput) },
    { type: "xstate.done.actor.sendCommand", output: messages.updated },
    { type: "xstate.error.actor.sendCommand", error: refused(409, messages.timeLimitNotAllowed) },
  ],
});
