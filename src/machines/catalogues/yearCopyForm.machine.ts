import { assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../../api/client.ts";
import type { CatalogueEndpoints } from "../../api/catalogues.ts";
import { detailProblems } from "../../api/details.ts";
import type { FieldProblems } from "../../api/fields.ts";
import { type YearCopied, type YearCopy, yearCopyDetails } from "../../api/yearCopy.ts";
import { checkedDraft, errorActions, showError } from "../shared/actions.ts";
import { machineTypes } from "../shared/machineTypes.ts";
import { confirmation, isConfirmed } from "../shared/confirmation.ts";

/** The copy form's values as typed, read as numbers (blank: null; not a number: NaN, which the rules refuse). */
export interface YearCopyDraft {
  readonly year: number | null;
  readonly increase: number | null;
}

export interface YearCopyInput {
  readonly client: ApiClient;
  /** The rates' copy call. */
  readonly endpoint: NonNullable<CatalogueEndpoints["yearCopy"]>;
}

export interface YearCopyContext extends YearCopyInput {
  readonly draft: YearCopy;
  readonly problems: FieldProblems;
  readonly error: string | null;
}

export type YearCopyEvent = { readonly type: "copy.submit"; readonly draft: YearCopyDraft };

/** What the confirmation asks: the year copied, the year made and the increase. */
export interface YearCopyQuestion {
  readonly year: number;
  readonly increase: number;
}

/**
 * The rate lists' "copy to the next year" form: the year and the increase checked with the
 * contract's rules, a confirmation, the copy, then `reportCopied` (the screen toasts how many
 * rates and reloads its list). The server's refusal (the next year has rates) shows by the form.
 */
export const yearCopyFormMachine = setup({
  types: machineTypes<YearCopyInput, YearCopyContext, YearCopyEvent, "processing">(),
  actions: {
    assignDraft: assign({
      draft: (_, params: { draft: YearCopyDraft }) => params.draft,
      problems: (_, params: { draft: YearCopyDraft }) => detailProblems(yearCopyDetails, { ...params.draft }),
    }),
    ...errorActions<YearCopyContext, YearCopyEvent>(),
    reportCopied: (_, _params: YearCopied) => {},
  },
  guards: {
    hasProblems: ({ context }) => Object.keys(context.problems).length > 0,
    isConfirmed,
  },
  actors: {
    confirmCopy: fromPromise<boolean, YearCopyQuestion>(async () => false),
    copyYear: fromPromise<YearCopied, { readonly client: ApiClient; readonly endpoint: YearCopyInput["endpoint"]; readonly draft: YearCopy }>(
      ({ input }) => input.client.call(input.endpoint, { body: input.draft }),
    ),
  },
}).createMachine({
  id: "yearCopyForm",
  description: "Copy a year's rates of one type to the next year, their amounts raised by a percentage: checked, confirmed, copied, and the list reloaded.",
  context: ({ input }) => ({ ...input, draft: { year: null, increase: null }, problems: {}, error: null }),
  initial: "editing",
  states: {
    editing: {
      description: "The form shows the year to copy and the increase.",
      on: {
        "copy.submit": { target: "checking", actions: ["clearError", { type: "assignDraft", params: ({ event }) => ({ draft: event.draft }) }], description: "Copy was pressed." },
      },
    },
    checking: checkedDraft("The fields are checked with the contract's rules.", {
      refused: { guard: "hasProblems", description: "A field is blank or out of range: its message shows by it and nothing is sent." },
      passed: { target: "confirming", description: "The fields are right: the dialog asks first." },
    }),
    confirming: {
      description: "The dialog asks whether to copy the year's rates to the next with the increase.",
      invoke: {
        id: "confirmCopy",
        src: "confirmCopy",
        input: ({ context }) => ({ year: context.draft.year ?? 0, increase: context.draft.increase ?? 0 }),
        ...confirmation(
          { target: "copying", description: "The user confirmed." },
          { target: "editing", description: "The user cancelled: nothing is copied." },
          "The dialog could not be shown: nothing is copied.",
        ),
      },
    },
    copying: {
      tags: "processing",
      description: "Waiting for the server to copy the rates.",
      invoke: {
        id: "copyYear",
        src: "copyYear",
        input: ({ context }) => ({ client: context.client, endpoint: context.endpoint, draft: context.draft }),
        onDone: {
          target: "editing",
          actions: { type: "reportCopied", params: ({ event }) => event.output },
          description: "Copied: the screen says how many and reloads the list.",
        },
        onError: showError("editing", "The server refused (the next year has rates, the year has none): its message shows by the form."),
      },
    },
  },
});
