import { useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { plainAmount } from "../../api/amounts.ts";
import type { CatalogueEndpoints } from "../../api/catalogues.ts";
import { detailMessage } from "../../api/details.ts";
import { yearCopyDetails } from "../../api/yearCopy.ts";
import { numberOf } from "../../machines/catalogues/catalogues.ts";
import { yearCopyFormMachine } from "../../machines/catalogues/yearCopyForm.machine.ts";
import { fieldText, formText, submitted } from "../shared/forms.ts";
import { useServices } from "../shared/context.ts";
import { useFlowActor } from "../shared/useFlow.ts";
import { yearCopyDialog } from "../shared/confirmDialog.ts";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { TextInput } from "../shared/TextInput.tsx";
import { showToast } from "../shared/toast.ts";

/**
 * Under a rate list: copy a year's rates to the next year with an increase, behind a disclosure so
 * the list stays first. `onCopied` reloads the list.
 */
export function YearCopyForm({
  id,
  endpoint,
  onCopied,
}: {
  readonly id: string;
  readonly endpoint: NonNullable<CatalogueEndpoints["yearCopy"]>;
  readonly onCopied: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const [logic] = useState(() =>
    yearCopyFormMachine.provide({
      actors: { confirmCopy: yearCopyDialog(i18n) },
      actions: {
        reportCopied: (_, { copied, year }) => {
          void showToast(t("yearCopy.copied", { count: copied, year }));
          onCopied();
        },
      },
    }),
  );
  const actor = useFlowActor(logic, { input: { client, endpoint } });
  const problems = useSelector(actor, (snapshot) => snapshot.context.problems);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const processing = useSelector(actor, (snapshot) => snapshot.hasTag("processing"));
  const number = (form: FormData, name: string) => numberOf(plainAmount(formText(form, name), i18n.language));
  // a field whose rule names its own message shows it (the increase's `number 0-99`)
  const problemText = (name: string) => {
    const problem = problems[name];
    const rule = yearCopyDetails.find((detail) => detail.name === name)?.rule;
    const declared = problem === undefined || rule === undefined ? null : detailMessage(rule, problem);
    return fieldText(t, declared === null ? problem : { answer: declared });
  };

  return (
    <details className="year-copy">
      <summary>{t("yearCopy.title")}</summary>
      <form
        id={`${id}-year-copy`}
        noValidate
        onSubmit={submitted((form) =>
          actor.send({ type: "copy.submit", draft: { year: number(form, "year"), increase: number(form, "increase") } }),
        )}
      >
        <ErrorBanner message={error} />
        <div className="year-copy-fields">
          <TextInput
            name="year"
            label={t("yearCopy.year")}
            type="text"
            inputMode="decimal"
            defaultValue={String(new Date().getFullYear())}
            problem={problemText("year")}
          />
          <TextInput
            name="increase"
            label={t("yearCopy.increase")}
            type="text"
            inputMode="decimal"
            defaultValue="5"
            problem={problemText("increase")}
          />
        </div>
        <button type="submit" aria-busy={processing} disabled={processing}>
          {t("yearCopy.submit")}
        </button>
      </form>
    </details>
  );
}
