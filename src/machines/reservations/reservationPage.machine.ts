import { Schema } from "effect";
import { assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../../api/client.ts";
import { ReservationId, SpaceId } from "../../api/ids.ts";
import {
  cancelReservation,
  cancelSpace,
  confirmReservation,
  deleteReservation,
  extendTimeLimit,
  type ReservationChange,
  updateReservation,
  getReservation,
  type Reservation,
} from "../../api/reservations.ts";
import { messages } from "../../api/messages.ts";
import { assignPassenger, type ImportReport, importPassengers, type PassengerDraft, seatNewPassenger } from "../../api/passengers.ts";
import {
  type Account,
  AmountText,
  CalendarDay,
  listPayments,
  type Payment,
  PaymentId,
  PaymentMethod,
  recordPayment,
  recordRefund,
  rejectPayment,
  reportPayment,
  reservationAccount,
  verifyPayment,
  voidPayment,
  waivePenalty,
} from "../../api/money.ts";
import { assignFailure, feedbackActions, notify, showError, tellAnswer } from "../shared/actions.ts";
import { type BookingLookups, bookingLookups } from "./bookingLookups.ts";

/** A command a reservation's page asks about before sending: what the user pressed. */
export type PendingCommand =
  | { readonly kind: "confirm" | "extend" | "cancel" | "delete" | "importPassengers" | "addCabin" | "editNotes" }
  | { readonly kind: "cancelSpace" | "assignPassenger" | "removePassenger" | "newPassenger"; readonly spaceId: number }
  | { readonly kind: "removeCabin"; readonly cabinId: number }
  | { readonly kind: "recordPayment" | "reportPayment" | "recordRefund" | "waivePenalty" }
  | { readonly kind: "verifyPayment" | "rejectPayment" | "voidPayment"; readonly paymentId: number };

/** Money received or paid back as its dialog answers it: the amount as decimal text, its day, how, and who. */
export const PaymentEntry = Schema.Struct({
  amount: AmountText,
  day: CalendarDay,
  method: PaymentMethod,
  reference: Schema.String,
  payer: Schema.String,
});
export type PaymentEntry = typeof PaymentEntry.Type;
const isPaymentEntry = Schema.is(PaymentEntry);

/**
 * A passenger to register and seat in one step (decision 075), as the dialog answers it: their
 * fields; the server makes them the reservation's agency's.
 */
export interface NewPassenger {
  readonly passenger: PassengerDraft;
}

const isNewPassenger = (reply: unknown): reply is NewPassenger => typeof reply === "object" && reply !== null && "passenger" in reply;

/** A reservation's money as its page shows it: its account and its payments, refunds and reports. */
export interface Money {
  readonly account: Account;
  readonly payments: ReadonlyArray<Payment>;
}

/** Whose money the page reads: its `fetchMoney` actor's input. */
interface MoneyInput {
  readonly client: ApiClient;
  readonly id: number;
}

/** A reservation's account and payments, read together (the page's `fetchMoney`). */
const readMoney = async ({ client, id }: MoneyInput): Promise<Money> => {
  const reservation = reservationId(id);
  const [account, payments] = await Promise.all([
    client.call(reservationAccount, { params: { id: reservation } }),
    client.call(listPayments, { query: { reservationId: reservation, pageSize: 200 } }),
  ]);
  return { account, payments };
};

/**
 * Whether a confirmation asks its reason (decision 065): an admin confirms a direct client's
 * reservation without its deposit for a reason, so the dialog requires one when the account says
 * the deposit is not paid and offers one otherwise; nobody else is asked.
 */
export type ConfirmReason = "required" | "optional" | null;

/** What the dialog asked: the command, the reservation it is about, and whether a confirmation asks a reason. */
export interface CommandQuestion {
  readonly command: PendingCommand;
  readonly reservation: Reservation;
  readonly confirmReason: ConfirmReason;
  /** The calls a dialog makes while open (the cabins to add, the passengers to search). */
  readonly lookups: BookingLookups;
}

/**
 * The dialog's answer: null when closed; a reason, a new time limit (an ISO instant) or a
 * passenger's id when asked for one; "" when only confirmed; the sheet chosen for an import; the
 * bookings asked; money received or paid back; a new passenger to seat.
 */
export type CommandReply = string | File | ReservationChange | PaymentEntry | NewPassenger | null;

/** What the page keeps of an answer: anything but a closed dialog. */
type Reply = Exclude<CommandReply, null>;

/** The live bookings of a reservation as an update sends them: each cabin with its live spaces' types. */
export const liveBookings = (reservation: Reservation): ReservationChange["cabins"] =>
  reservation.bookings
    .map((booking) => ({ cabinId: booking.cabinId, spaces: booking.spaces.filter((space) => space.state !== "canceled").map(({ genderId }) => ({ genderId })) }))
    .filter((booking) => booking.spaces.length > 0);

export interface ReservationPageInput {
  readonly client: ApiClient;
  readonly id: number;
  /** Whether the reader's role reads money (admin, sales, an agency user its own): marketing does not. */
  readonly readsMoney: boolean;
  /** Whether the reader may confirm a direct client's reservation without its deposit, for a reason: an admin. */
  readonly confirmsWithoutDeposit: boolean;
}

export interface ReservationPageContext extends ReservationPageInput {
  readonly reservation: Reservation | null;
  /** Null until fetched, and for a reader who reads no money. */
  readonly money: Money | null;
  /** Whether the view has painted the page's first screen (the summary and its commands): the money is read only after. */
  readonly firstScreenPainted: boolean;
  readonly pending: PendingCommand | null;
  /** A command pressed while the reservation or its money was fetched again: asked once the page shows them (decision 112). */
  readonly askedMeanwhile: PendingCommand | null;
  readonly reply: Reply;
  /** What became of each row of the last import. */
  readonly importReport: ImportReport | null;
  readonly message: string | null;
  readonly error: string | null;
  /** The reservation changed elsewhere while the page was busy (fetching it, asking, sending): it is read again once shown. */
  readonly changedMeanwhile: boolean;
}

export type ReservationPageEvent =
  | { readonly type: "command.ask"; readonly command: PendingCommand }
  | { readonly type: "retry" }
  | { readonly type: "reservation.changed" }
  | { readonly type: "page.painted" };

const reservationId = Schema.decodeSync(ReservationId);
const spaceId = Schema.decodeSync(SpaceId);
const paymentId = Schema.decodeSync(PaymentId);

/** The reply as an update's bookings, null when it is none. */
const changeOf = (reply: Reply): ReservationChange | null =>
  typeof reply === "object" && !(reply instanceof Blob) && !isPaymentEntry(reply) && !isNewPassenger(reply) ? reply : null;

/** Whether the confirm dialog asks a reason, from who reads and the account (unknown: offered, not required). */
const confirmReasonOf = (context: ReservationPageContext, reservation: Reservation): ConfirmReason => {
  if (!context.confirmsWithoutDeposit || reservation.agencyId !== null) return null;
  const account = context.money?.account;
  return account !== undefined && account.paidCents < account.depositDueCents ? "required" : "optional";
};

/** Sends one command with the dialog's reply; answers the server's flow message. */
const sendCommand = fromPromise<
  string,
  { readonly client: ApiClient; readonly id: number; readonly version: number; readonly command: PendingCommand; readonly reply: Reply }
>(
  ({ input }) => {
    const { client, command } = input;
    const reply = typeof input.reply === "string" ? input.reply : "";
    const change = changeOf(input.reply);
    const entry = isPaymentEntry(input.reply) ? input.reply : null;
    const params = { id: reservationId(input.id) };
    switch (command.kind) {
      case "confirm":
        // the reason an admin gave (none: "")
        return client.call(confirmReservation, { params, body: reply === "" ? {} : { reason: reply } });
      case "extend":
        return client.call(extendTimeLimit, { params, body: { timeLimit: reply } });
      case "cancel":
        return client.call(cancelReservation, { params, body: { reason: reply } });
      case "delete":
        return client.call(deleteReservation, { params });
      case "cancelSpace":
        return client.call(cancelSpace, { params: { id: spaceId(command.spaceId) }, body: { reason: reply } });
      case "assignPassenger":
        return client.call(assignPassenger, { params: { id: spaceId(command.spaceId) }, body: { passengerId: Number(reply) } });
      case "removePassenger":
        return client.call(assignPassenger, { params: { id: spaceId(command.spaceId) }, body: { passengerId: null } });
      case "newPassenger":
        // registered with the reservation's agency and seated in one transaction: a refusal leaves neither
        if (!isNewPassenger(input.reply)) throw new Error("no passenger to seat");
        return client.call(seatNewPassenger, { params: { id: spaceId(command.spaceId) }, body: input.reply.passenger }).then(() => messages.created);
      case "importPassengers":
        throw new Error("an import is sent by importSheet");
      case "addCabin":
      case "editNotes":
      case "removeCabin":
        if (change === null) throw new Error("no change to send");
        return client.call(updateReservation, { params, body: { ...change, version: input.version } });
      case "recordPayment":
      case "reportPayment":
      case "recordRefund": {
        if (entry === null) throw new Error("no payment to send");
        const { day, payer, ...paid } = entry;
        if (command.kind === "recordRefund") return client.call(recordRefund, { body: { ...paid, reservationId: input.id, paidAt: day } });
        const body = { ...paid, payer, reservationId: input.id, receivedAt: day };
        return client.call(command.kind === "recordPayment" ? recordPayment : reportPayment, { body });
      }
      case "verifyPayment":
        return client.call(verifyPayment, { params: { id: paymentId(command.paymentId) } });
      case "waivePenalty":
        return client.call(waivePenalty, { params, body: { reason: reply } });
      case "rejectPayment":
      case "voidPayment":
        return client.call(command.kind === "rejectPayment" ? rejectPayment : voidPayment, { params: { id: paymentId(command.paymentId) }, body: { reason: reply } });
    }
  },
);

/**
 * A command's button pressed while the reservation or its money is fetched again (a change made
 * elsewhere, the answer to the last command): the buttons stay, so the press is kept and asked once
 * the page shows the reservation as it is now; a click is never dropped (decision 112).
 */
const askedWhileFetching = {
  "command.ask": {
    actions: {
      type: "keepAskedMeanwhile",
      params: ({ event }: { event: Extract<ReservationPageEvent, { type: "command.ask" }> }) => ({ command: event.command }),
    },
    description: "A command's button was pressed while the page fetched the reservation or its money again: it is asked once they show.",
  },
} as const;

/**
 * A reservation's page (DOMAIN.md section 5): its bookings and spaces, price and time limit, and
 * the commands its state takes (which buttons show is the reservation machine's answer, see
 * src/machines/reservations/record.ts): confirm, extend the time limit, cancel it or one space for a
 * reason, delete it once nothing is live. Each asks in a dialog first; the page reloads after.
 * For a reader of money, its account and payments too (decision 062): money recorded, reported,
 * verified, rejected, voided or paid back, a kept penalty waived by an admin (decision 067), each
 * asked in a dialog like the other commands. A free space takes a passenger found by the search,
 * or a new one registered and seated in one step (decision 075).
 */
export const reservationPageMachine = setup({
  types: {
    input: {} as ReservationPageInput,
    context: {} as ReservationPageContext,
    events: {} as ReservationPageEvent,
    tags: {} as "processing",
  },
  actions: {
    ...feedbackActions<ReservationPageContext, ReservationPageEvent>(),
    notify,
    assignReservation: assign({ reservation: (_, params: { reservation: Reservation }) => params.reservation }),
    assignMoney: assign({ money: (_, params: { money: Money }) => params.money }),
    assignPending: assign({ pending: (_, params: { command: PendingCommand }) => params.command, reply: "" }),
    assignReply: assign({ reply: (_, params: { reply: Reply }) => params.reply }),
    assignReport: assign({ importReport: (_, params: { report: ImportReport }) => params.report }),
    clearPending: assign({ pending: null, reply: "" }),
    keepAskedMeanwhile: assign({ askedMeanwhile: (_, params: { command: PendingCommand }) => params.command }),
    takeAskedMeanwhile: assign({ pending: ({ context }) => context.askedMeanwhile, askedMeanwhile: null, reply: "" }),
    forgetAskedMeanwhile: assign({ askedMeanwhile: null }),
    noteChangeMeanwhile: assign({ changedMeanwhile: true }),
    forgetChangeMeanwhile: assign({ changedMeanwhile: false }),
    markFirstScreenPainted: assign({ firstScreenPainted: true }),
    /** Back to the reservations once the reservation is deleted; the view provides it. */
    goToList: () => {},
  },
  guards: {
    isAnswered: (_, params: { reply: CommandReply }) => params.reply !== null,
    isSheetChosen: (_, params: { reply: CommandReply }) => typeof File !== "undefined" && params.reply instanceof File,
    wasDeleted: ({ context }) => context.pending?.kind === "delete",
    isMoneyReader: ({ context }) => context.readsMoney,
    wasChangedMeanwhile: ({ context }) => context.changedMeanwhile,
    wasAskedMeanwhile: ({ context }) => context.askedMeanwhile !== null,
    isFirstScreenPainted: ({ context }) => context.firstScreenPainted,
  },
  actors: {
    fetchReservation: fromPromise<Reservation, { readonly client: ApiClient; readonly id: number }>(({ input }) =>
      input.client.call(getReservation, { params: { id: reservationId(input.id) } }),
    ),
    fetchMoney: fromPromise<Money, MoneyInput>(({ input }) => readMoney(input)),
    askCommand: fromPromise<CommandReply, CommandQuestion>(async () => null),
    sendCommand,
    importSheet: fromPromise<ImportReport, { readonly client: ApiClient; readonly id: number; readonly sheet: File }>(({ input }) =>
      input.client.upload(importPassengers, { params: { id: reservationId(input.id) }, fields: {}, files: [input.sheet] }),
    ),
  },
}).createMachine({
  id: "reservationPage",
  description: "A reservation's page: its bookings, spaces, price and time limit, and the commands its state takes, each asked in a dialog, sent, and the page shown again.",
  context: ({ input }) => ({
    ...input,
    reservation: null,
    money: null,
    firstScreenPainted: false,
    pending: null,
    askedMeanwhile: null,
    reply: "",
    importReport: null,
    message: null,
    error: null,
    changedMeanwhile: false,
  }),
  initial: "loading",
  on: {
    "reservation.changed": {
      actions: "noteChangeMeanwhile",
      description: "The reservation changed elsewhere while the page was busy: it is fetched again once the page shows it.",
    },
    "page.painted": {
      actions: "markFirstScreenPainted",
      description: "The view painted the first screen while the money was not waiting for it (the reservation fetched again, a reader of no money): remembered, so the money will not wait for it.",
    },
  },
  states: {
    loading: {
      description: "The reservation is being fetched.",
      entry: "forgetChangeMeanwhile",
      invoke: {
        id: "fetchReservation",
        src: "fetchReservation",
        input: ({ context }) => ({ client: context.client, id: context.id }),
        onDone: [
          {
            guard: "isMoneyReader",
            target: "awaitingFirstPaint",
            actions: { type: "assignReservation", params: ({ event }) => ({ reservation: event.output }) },
            description: "The reservation shows; its money is fetched after the first screen's paint.",
          },
          {
            target: "ready",
            actions: { type: "assignReservation", params: ({ event }) => ({ reservation: event.output }) },
            description: "The reservation shows, without money for a reader who reads none.",
          },
        ],
        onError: showError("failed", "It could not be fetched (gone, another agency's): the message shows with a retry."),
      },
      on: askedWhileFetching,
    },
    awaitingFirstPaint: {
      description:
        "The summary and its commands are drawn; the account and the payments are fetched once the browser has painted them, so that their round trip never delays the page's first screen (decision 087).",
      always: {
        guard: "isFirstScreenPainted",
        target: "loadingMoney",
        description: "The first screen was painted before (the reservation fetched again): the money is fetched at once.",
      },
      on: {
        "page.painted": {
          target: "loadingMoney",
          actions: "markFirstScreenPainted",
          description: "The view painted the first screen: the money is fetched now.",
        },
        "reservation.changed": { target: "loading", description: "The reservation changed elsewhere before the money was asked: it is fetched again." },
        ...askedWhileFetching,
      },
    },
    loadingMoney: {
      description: "The reservation's account and payments are being fetched.",
      invoke: {
        id: "fetchMoney",
        src: "fetchMoney",
        input: ({ context }) => ({ client: context.client, id: context.id }),
        onDone: {
          target: "ready",
          actions: { type: "assignMoney", params: ({ event }) => ({ money: event.output }) },
          description: "The account and the payments show.",
        },
        onError: { target: "ready", actions: assignFailure, description: "They could not be fetched: the message shows above the reservation, which stays." },
      },
      on: {
        "reservation.changed": {
          target: "loading",
          description: "The reservation changed elsewhere while its money was read (a payment verified, a hold cancelled): both are fetched again.",
        },
        ...askedWhileFetching,
      },
    },
    ready: {
      description: "The reservation shows with the buttons of the commands its state takes.",
      always: [
        {
          guard: "wasChangedMeanwhile",
          target: "loading",
          description: "It changed elsewhere while the page fetched it or asked: what shows may be older than the change, so it is fetched again.",
        },
        {
          guard: "wasAskedMeanwhile",
          target: "asking",
          actions: ["clearFeedback", "takeAskedMeanwhile"],
          description: "A command was pressed while the page fetched the reservation or its money: it is asked now, about the reservation as it is.",
        },
      ],
      on: {
        "command.ask": {
          target: "asking",
          actions: ["clearFeedback", { type: "assignPending", params: ({ event }) => ({ command: event.command }) }],
          description: "A command's button was pressed.",
        },
        "reservation.changed": { target: "loading", description: "The reservation changed elsewhere (confirmed by a colleague, expired): it is fetched again." },
      },
    },
    asking: {
      description: "The dialog asks first: a confirmation, the new time limit, or the reason.",
      invoke: {
        id: "askCommand",
        src: "askCommand",
        input: ({ context }) => {
          if (context.pending === null || context.reservation === null) throw new Error("nothing to ask about");
          return {
            command: context.pending,
            reservation: context.reservation,
            confirmReason: confirmReasonOf(context, context.reservation),
            lookups: bookingLookups(context.client, context.reservation),
          };
        },
        onDone: [
          {
            guard: { type: "isSheetChosen", params: ({ event }) => ({ reply: event.output }) },
            target: "importing",
            actions: { type: "assignReply", params: ({ event }) => ({ reply: event.output ?? "" }) },
            description: "A sheet was chosen: it is imported.",
          },
          {
            guard: { type: "isAnswered", params: ({ event }) => ({ reply: event.output }) },
            target: "sending",
            actions: { type: "assignReply", params: ({ event }) => ({ reply: event.output ?? "" }) },
            description: "Answered: the command is sent.",
          },
          { target: "ready", actions: "clearPending", description: "The dialog was closed: nothing is sent." },
        ],
        onError: { target: "ready", actions: "clearPending", description: "The dialog could not be shown: nothing is sent." },
      },
    },
    sending: {
      tags: "processing",
      description: "Waiting for the server to decide the command.",
      invoke: {
        id: "sendCommand",
        src: "sendCommand",
        input: ({ context }) => {
          if (context.pending === null) throw new Error("no command to send");
          return { client: context.client, id: context.id, version: context.reservation?.version ?? 0, command: context.pending, reply: context.reply };
        },
        onDone: [
          { guard: "wasDeleted", actions: [...tellAnswer, "goToList"], target: "ready", description: "Deleted: back to the reservations." },
          { target: "loading", actions: [...tellAnswer, "clearPending"], description: "Done: the reservation is fetched again." },
        ],
        onError: {
          target: "ready",
          actions: [assignFailure, "clearPending"],
          description: "The server refused (the time limit passed, not allowed now): its message shows above the reservation.",
        },
      },
    },
    importing: {
      tags: "processing",
      description: "The sheet is sent: each row is registered or found, and seated, while the page waits for the report.",
      invoke: {
        id: "importSheet",
        src: "importSheet",
        input: ({ context }) => {
          if (!(context.reply instanceof File)) throw new Error("no sheet to import");
          return { client: context.client, id: context.id, sheet: context.reply };
        },
        onDone: {
          target: "loading",
          actions: [{ type: "assignReport", params: ({ event }) => ({ report: event.output }) }, "clearPending"],
          description: "The report of every row shows; the reservation is fetched again with its passengers.",
        },
        onError: {
          target: "ready",
          actions: [assignFailure, "clearPending"],
          description: "The file was refused (no sheet, not the agency's): its message shows above the reservation.",
        },
      },
    },
    failed: {
      description: "The reservation could not be fetched; the message shows with a retry button.",
      entry: "forgetAskedMeanwhile",
      on: { retry: { target: "loading", actions: "clearFeedback", description: "Retry was pressed." } },
    },
  },
});
