import { Schema } from "effect";
import { assign, fromPromise, setup } from "xstate";
import { currentSession } from "../../api/auth.ts";
import type { ApiClient } from "../../api/client.ts";
import type { DocumentFormat, DocumentLanguage } from "../../api/documents.ts";
import { ApiError } from "../../api/errors.ts";
import { SerialId } from "../../api/ids.ts";
import { messages } from "../../api/messages.ts";
import { PaymentId } from "../../api/money.ts";
import { agencyStatement, paymentReceipt, receiptFileName, receiptNumber, statementFileName } from "../../api/moneyDocuments.ts";
import { periodProblem } from "../../api/reports.ts";
import { reportQueryMachine } from "../domain/reportQuery.machine.ts";
import { judge } from "../domain/verdict.ts";
import { assignFailure, errorActions } from "../shared/actions.ts";
import { machineTypes } from "../shared/machineTypes.ts";

/**
 * Money's files as the panel asks for them (decision 068): a recorded payment's receipt (PDF) and
 * an agency's statement for a period (PDF or XLSX), drawn by the server in the user's language
 * and saved by the browser. A statement's period is judged by the report query machine before it
 * is sent, as a report's is.
 */
export type MoneyFileRequest =
  | { readonly kind: "receipt"; readonly paymentId: number; readonly language: DocumentLanguage }
  | {
      readonly kind: "statement";
      /** The agency; null: the signed-in agency user's own. */
      readonly agencyId: number | null;
      readonly from: string;
      readonly to: string;
      readonly format: DocumentFormat;
      readonly language: DocumentLanguage;
    };

export interface MoneyFilesInput {
  readonly client: ApiClient;
}

export interface MoneyFilesContext extends MoneyFilesInput {
  readonly error: string | null;
}

export type MoneyFilesEvent = { readonly type: "file.download"; readonly request: MoneyFileRequest };

/** A file the server drew and the name it is saved under. */
export interface MoneyFile {
  readonly blob: Blob;
  readonly fileName: string;
}

/** The refusal of a statement's period by the report query machine, or null (a receipt asks no period). */
const refusalOf = (request: MoneyFileRequest) => {
  if (request.kind === "receipt") return null;
  const verdict = judge(reportQueryMachine, null, { type: "report.ask" }, { problem: periodProblem(request) });
  return verdict.kind === "refused" ? verdict.refusal : null;
};

const paymentId = Schema.decodeSync(PaymentId);
const agencyId = Schema.decodeSync(SerialId);

/** Asks the server for the file. */
const fetchFile = async (client: ApiClient, request: MoneyFileRequest): Promise<MoneyFile> => {
  if (request.kind === "receipt") {
    const blob = await client.download(paymentReceipt, { params: { id: paymentId(request.paymentId) }, query: { format: "pdf", lang: request.language } });
    return { blob, fileName: receiptFileName(receiptNumber(request.paymentId)) };
  }
  const agency = request.agencyId ?? (await client.call(currentSession)).agency?.id;
  if (agency === undefined) throw new ApiError(404, messages.notFound);
  const query = { from: request.from, to: request.to, format: request.format, lang: request.language };
  const blob = await client.download(agencyStatement, { params: { id: agencyId(agency) }, query });
  return { blob, fileName: statementFileName(agency, request.from, request.to, request.format) };
};

export const moneyFilesMachine = setup({
  types: machineTypes<MoneyFilesInput, MoneyFilesContext, MoneyFilesEvent, "downloading">(),
  actions: {
    ...errorActions<MoneyFilesContext, MoneyFilesEvent>(),
    assignRefusal: assign({ error: (_, params: { request: MoneyFileRequest }) => refusalOf(params.request)?.message ?? null }),
    /** The browser saves the file; the view provides it. */
    saveFile: (_, _params: MoneyFile) => {},
  },
  guards: {
    isPeriodRefused: (_, params: { request: MoneyFileRequest }) => refusalOf(params.request) !== null,
  },
  actors: {
    fetchFile: fromPromise<MoneyFile, { readonly client: ApiClient; readonly request: MoneyFileRequest | null }>(async ({ input }) => {
      if (input.request === null) throw new ApiError(404, messages.notFound);
      return fetchFile(input.client, input.request);
    }),
  },
}).createMachine({
  id: "moneyFiles",
  description: "Money's files: a payment's receipt, an agency's statement for a period, downloaded as the server draws them and saved by the browser.",
  context: ({ input }) => ({ ...input, error: null }),
  initial: "idle",
  states: {
    idle: {
      description: "Nothing is being downloaded; a receipt or a statement can be asked for.",
      on: {
        "file.download": [
          {
            guard: { type: "isPeriodRefused", params: ({ event }) => ({ request: event.request }) },
            actions: { type: "assignRefusal", params: ({ event }) => ({ request: event.request }) },
            description: "A statement's period is refused before sending: missing, reversed, longer than a year or a day that is none.",
          },
          { target: "downloading", actions: "clearError", description: "A receipt, or a statement for a period the rules accept, is asked for." },
        ],
      },
    },
    downloading: {
      description: "The server draws the file.",
      tags: "downloading",
      invoke: {
        id: "fetchFile",
        src: "fetchFile",
        input: ({ context, event }) => ({ client: context.client, request: event.type === "file.download" ? event.request : null }),
        onDone: { target: "idle", actions: { type: "saveFile", params: ({ event }) => event.output }, description: "The file is saved by the browser." },
        onError: { target: "idle", actions: assignFailure, description: "Refused (not found, forbidden, no connection): the message shows." },
      },
    },
  },
});
