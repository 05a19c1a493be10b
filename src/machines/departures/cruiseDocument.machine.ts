import { Schema } from "effect";
import { assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../../api/client.ts";
import {
  type CruiseDocument,
  type CruiseDocumentName,
  type DocumentFormat,
  type DocumentLanguage,
  documentFileName,
  getCruiseDocument,
  getVoucher,
  sendVoucher,
  type VoucherSent,
} from "../../api/documents.ts";
import { CruiseId, ReservationId } from "../../api/ids.ts";
import { assignFailure, errorActions, retryable, showError } from "../shared/actions.ts";
import { machineTypes } from "../shared/machineTypes.ts";
import { confirmation, isConfirmed } from "../shared/confirmation.ts";

/** Which document a page shows: one of a departure's, or a reservation's voucher. */
export type DocumentSource =
  | { readonly kind: "cruise"; readonly cruiseId: number; readonly document: CruiseDocumentName }
  | { readonly kind: "voucher"; readonly reservationId: number };

export interface CruiseDocumentInput {
  readonly client: ApiClient;
  readonly source: DocumentSource;
  /** The language asked for; null: the document's own (a voucher's agency's). */
  readonly language: DocumentLanguage | null;
}

export interface CruiseDocumentContext extends CruiseDocumentInput {
  readonly content: CruiseDocument | null;
  readonly error: string | null;
}

export type CruiseDocumentEvent =
  | { readonly type: "language.change"; readonly language: DocumentLanguage }
  | { readonly type: "download"; readonly format: DocumentFormat }
  | { readonly type: "voucher.send" }
  | { readonly type: "retry" };

/** A downloaded file and the name it is saved under. */
export interface DocumentFile {
  readonly blob: Blob;
  readonly fileName: string;
}

const cruiseId = Schema.decodeSync(CruiseId);
const reservationId = Schema.decodeSync(ReservationId);

/** The document's calls: its content, and its file, in the language asked for (none: its own). */
const documentCalls = (client: ApiClient, source: DocumentSource, language: DocumentLanguage | null) => {
  const lang = language === null ? {} : { lang: language };
  if (source.kind === "cruise") {
    const params = { id: cruiseId(source.cruiseId), document: source.document };
    return {
      content: () => client.call(getCruiseDocument, { params, query: lang }),
      file: (format: DocumentFormat) => client.download(getCruiseDocument, { params, query: { ...lang, format } }),
    };
  }
  const params = { id: reservationId(source.reservationId) };
  return {
    content: () => client.call(getVoucher, { params, query: lang }),
    file: (format: DocumentFormat) => client.download(getVoucher, { params, query: { ...lang, format } }),
  };
};

/**
 * A document's page (DOMAIN.md section 8): a departure's document or a reservation's voucher,
 * fetched in the chosen language, shown with the berths whose data it lacks, and downloaded as
 * PDF or XLSX (drawn by the server) and saved by the browser. Another language fetches it again;
 * the file is in the language shown. A voucher can also be mailed to its agency.
 */
export const cruiseDocumentMachine = setup({
  types: machineTypes<CruiseDocumentInput, CruiseDocumentContext, CruiseDocumentEvent, "fetching" | "downloading" | "sending">(),
  actions: {
    ...errorActions<CruiseDocumentContext, CruiseDocumentEvent>(),
    assignContent: assign({
      content: (_, params: { content: CruiseDocument }) => params.content,
      language: (_, params: { content: CruiseDocument }) => params.content.language,
    }),
    assignLanguage: assign({ language: (_, params: { language: DocumentLanguage }) => params.language }),
    /** The browser saves the file; the view provides it. */
    saveFile: (_, _params: DocumentFile) => {},
    /** The view tells where the voucher went. */
    notifySent: (_, _params: VoucherSent) => {},
  },
  guards: {
    isVoucher: ({ context }) => context.source.kind === "voucher",
    isConfirmed,
  },
  actors: {
    fetchDocument: fromPromise<CruiseDocument, Pick<CruiseDocumentContext, "client" | "source" | "language">>(({ input }) =>
      documentCalls(input.client, input.source, input.language).content(),
    ),
    downloadFile: fromPromise<DocumentFile, Pick<CruiseDocumentContext, "client" | "source" | "language" | "content"> & { readonly format: DocumentFormat }>(
      async ({ input }) => ({
        blob: await documentCalls(input.client, input.source, input.language).file(input.format),
        // a file is asked for from the document on screen, which names it
        fileName: documentFileName(input.content?.document ?? "voucher", input.content?.code ?? "", input.format),
      }),
    ),
    /** The view's dialog: true only when confirmed. */
    confirmSend: fromPromise<boolean, { readonly title: string }>(async () => false),
    sendVoucher: fromPromise<VoucherSent, { readonly client: ApiClient; readonly reservationId: number }>(({ input }) =>
      input.client.call(sendVoucher, { params: { id: reservationId(input.reservationId) } }),
    ),
  },
}).createMachine({
  id: "cruiseDocument",
  description: "A departure's document or a reservation's voucher: shown in Spanish or English, downloaded as PDF or XLSX; a voucher mailed to its agency.",
  context: ({ input }) => ({ ...input, content: null, error: null }),
  initial: "fetching",
  states: {
    fetching: {
      description: "The document is being filled in by the server, in the chosen language.",
      tags: "fetching",
      invoke: {
        id: "fetchDocument",
        src: "fetchDocument",
        input: ({ context }) => context,
        onDone: {
          target: "shown",
          actions: [{ type: "assignContent", params: ({ event }) => ({ content: event.output }) }, "clearError"],
          description: "The document shows, with the berths whose data it lacks.",
        },
        onError: showError("failed", "It could not be fetched: the message shows with a retry."),
      },
    },
    shown: {
      description: "The document is on screen; it can be read in the other language or downloaded.",
      on: {
        "language.change": {
          target: "fetching",
          actions: { type: "assignLanguage", params: ({ event }) => ({ language: event.language }) },
          description: "Another language was chosen: the document is fetched in it.",
        },
        download: { target: "downloading", actions: "clearError", description: "A file was asked for: PDF or XLSX." },
        "voucher.send": {
          guard: "isVoucher",
          target: "confirmingSend",
          actions: "clearError",
          description: "Send to the agency was pressed on a voucher.",
        },
      },
    },
    confirmingSend: {
      description: "A dialog asks whether to mail the voucher to its agency.",
      invoke: {
        id: "confirmSend",
        src: "confirmSend",
        input: ({ context }) => ({ title: context.content?.title ?? "" }),
        ...confirmation(
          { target: "sending", description: "Confirmed: the voucher is mailed." },
          { target: "shown", description: "Canceled: nothing is sent." },
          "The dialog closed without an answer: nothing is sent.",
        ),
      },
    },
    sending: {
      description: "The server draws the voucher's PDF and mails it to the agency; the voucher stays on screen.",
      tags: "sending",
      invoke: {
        id: "sendVoucher",
        src: "sendVoucher",
        input: ({ context }) => ({ client: context.client, reservationId: context.source.kind === "voucher" ? context.source.reservationId : 0 }),
        onDone: {
          target: "shown",
          actions: { type: "notifySent", params: ({ event }) => event.output },
          description: "Mailed: the address it went to is told.",
        },
        onError: { target: "shown", actions: assignFailure, description: "Refused (no agency address): the message shows above the voucher." },
      },
    },
    downloading: {
      description: "The server draws the file; the document stays on screen.",
      tags: "downloading",
      invoke: {
        id: "downloadFile",
        src: "downloadFile",
        input: ({ context, event }) => ({ ...context, format: event.type === "download" ? event.format : "pdf" }),
        onDone: {
          target: "shown",
          actions: { type: "saveFile", params: ({ event }) => event.output },
          description: "The file is saved by the browser.",
        },
        onError: { target: "shown", actions: assignFailure, description: "Refused: the message shows above the document's table." },
      },
    },
    failed: retryable("fetching", "clearError", "The document could not be fetched."),
  },
});
