import { Schema } from "effect";
import { assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../api/client.ts";
import {
  type CruiseDocument,
  type CruiseDocumentName,
  type DocumentFormat,
  type DocumentLanguage,
  documentFileName,
  getCruiseDocument,
} from "../api/documents.ts";
import { CruiseId } from "../api/ids.ts";
import { assignFailure, errorActions, showError } from "./shared.ts";

export interface CruiseDocumentInput {
  readonly client: ApiClient;
  readonly cruiseId: number;
  readonly document: CruiseDocumentName;
  /** The panel's language: the document starts in it. */
  readonly language: DocumentLanguage;
}

export interface CruiseDocumentContext extends CruiseDocumentInput {
  readonly content: CruiseDocument | null;
  readonly error: string | null;
}

export type CruiseDocumentEvent =
  | { readonly type: "language.change"; readonly language: DocumentLanguage }
  | { readonly type: "download"; readonly format: DocumentFormat }
  | { readonly type: "retry" };

/** A downloaded file and the name it is saved under. */
export interface DocumentFile {
  readonly blob: Blob;
  readonly fileName: string;
}

const cruiseId = Schema.decodeSync(CruiseId);

/**
 * A departure's document tab (DOMAIN.md section 8): its content fetched in the chosen language,
 * shown with the berths whose data it lacks, and downloaded as PDF or XLSX (drawn by the server)
 * and saved by the browser. Another language fetches it again; the file is in the language shown.
 */
export const cruiseDocumentMachine = setup({
  types: {
    input: {} as CruiseDocumentInput,
    context: {} as CruiseDocumentContext,
    events: {} as CruiseDocumentEvent,
    tags: {} as "fetching" | "downloading",
  },
  actions: {
    ...errorActions<CruiseDocumentContext, CruiseDocumentEvent>(),
    assignContent: assign({ content: (_, params: { content: CruiseDocument }) => params.content }),
    assignLanguage: assign({ language: (_, params: { language: DocumentLanguage }) => params.language }),
    /** The browser saves the file; the view provides it. */
    saveFile: (_, _params: DocumentFile) => {},
  },
  actors: {
    fetchDocument: fromPromise<CruiseDocument, Pick<CruiseDocumentContext, "client" | "cruiseId" | "document" | "language">>(({ input }) =>
      input.client.call(getCruiseDocument, {
        params: { id: cruiseId(input.cruiseId), document: input.document },
        query: { lang: input.language },
      }),
    ),
    downloadFile: fromPromise<DocumentFile, Pick<CruiseDocumentContext, "client" | "cruiseId" | "document" | "language" | "content"> & { readonly format: DocumentFormat }>(
      async ({ input }) => ({
        blob: await input.client.download(getCruiseDocument, {
          params: { id: cruiseId(input.cruiseId), document: input.document },
          query: { lang: input.language, format: input.format },
        }),
        fileName: documentFileName(input.document, input.content?.departure.code ?? String(input.cruiseId), input.format),
      }),
    ),
  },
}).createMachine({
  id: "cruiseDocument",
  description: "A departure's document: shown in Spanish or English, downloaded as PDF or XLSX.",
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
    failed: {
      description: "The document could not be fetched.",
      on: { retry: { target: "fetching", actions: "clearError", description: "Retry was pressed." } },
    },
  },
});
