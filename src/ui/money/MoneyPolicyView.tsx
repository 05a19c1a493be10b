import "./money.css";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { Cell } from "../../api/details.ts";
import type { MoneyPolicyView as Policy, PenaltyStep } from "../../api/money.ts";
import {
  MAX_PENALTY_STEPS,
  MAX_POLICY_DAYS,
  MONEY_POLICY_FORM_ID,
  moneyPolicyFormMachine,
  moneyPolicyFormSource,
  type ScheduleName,
  scheduleNames,
} from "../../machines/money/moneyPolicy.ts";
import type { FormProblem, FormProblems } from "../../machines/shared/recordForm.machine.ts";
import { RecordFormFrame } from "../shared/FormFrame.tsx";
import { fieldText, formText } from "../shared/forms.ts";
import { formRows, RowsInput } from "../shared/RowsInput.tsx";
import { TextInput } from "../shared/TextInput.tsx";
import { reservations } from "../../machines/reservations/record.ts";
import { paths } from "../paths.ts";
import { useRecordForm, useRecordFormState } from "../shared/useRecord.ts";

/** A step's cells: the days before the departure from which it applies, and the share kept (blank: the deposit due). */
const stepCells: ReadonlyArray<Cell> = [
  { name: "daysBefore", label: "money.policy.daysBefore", rule: { kind: "number", required: true, minimum: 0, maximum: MAX_POLICY_DAYS, whole: true } },
  { name: "keptPercent", label: "money.policy.keptPercent", rule: { kind: "number", required: false, minimum: 0, maximum: 100, whole: true } },
];

/** A number field's problem in the user's language: missing, or outside its own rule. */
const ruleText = (t: TFunction, problem: FormProblem | undefined, rule: string): string | null =>
  problem === "invalid" ? t(rule) : fieldText(t, problem);

/** A schedule's problem: a step's cell out of range, or the schedule not whole (no step at 0 days, a day twice). */
const scheduleProblem = (t: TFunction, problems: FormProblems, name: ScheduleName): string | null => {
  const cells = Object.keys(problems).filter((field) => field.startsWith(`${name}.`));
  if (cells.length > 0) return t("money.policy.stepRule", { maximum: MAX_POLICY_DAYS });
  return problems[name] === undefined ? null : t("money.policy.scheduleRule");
};

const rowsOf = (steps: ReadonlyArray<PenaltyStep>) => steps.map((step) => ({ daysBefore: step.daysBefore, keptPercent: step.keptPercent }));

/**
 * /panel/policies/money 'Política de cobro': the deposit's share, the days before a departure
 * the balance is due (a charter's apart) and each penalty schedule, with the policy's history. A
 * change applies to the reservations confirmed after it.
 */
export default function MoneyPolicyView() {
  // the policy's texts are the money's, in the records' group: drawn once it is there
  useTranslation("records");
  const { t } = useTranslation();
  const actor = useRecordForm(moneyPolicyFormMachine, { source: moneyPolicyFormSource, id: MONEY_POLICY_FORM_ID, listPath: paths.moneyPolicy });
  const state = useRecordFormState(actor);
  const { item: policy, problems } = state;

  const submit = (form: FormData) =>
    actor.send({
      type: "form.submit",
      draft: {
        depositPercent: formText(form, "depositPercent"),
        balanceDays: formText(form, "balanceDays"),
        charterBalanceDays: formText(form, "charterBalanceDays"),
        general: formRows(form, "general", stepCells),
        charter: formRows(form, "charter", stepCells),
      },
    });

  const number = (name: "depositPercent" | "balanceDays" | "charterBalanceDays", rule: string, value: (policy: Policy) => number) => (
    <div>
      <TextInput
        name={name}
        label={t(`money.policy.${name}`)}
        type="text"
        inputMode="decimal"
        maxLength={4}
        defaultValue={policy === null ? "" : String(value(policy))}
        problem={ruleText(t, problems[name], rule)}
        hint={t(`${rule}`, { maximum: MAX_POLICY_DAYS })}
      />
    </div>
  );

  return (
    <RecordFormFrame
      title={t("money.policy.title")}
      back={reservations.listPath}
      history={{ stream: "moneyPolicy", id: "company" }}
      status={state}
      submit={submit}
      className="money-policy"
    >
      <p className="money-policy-intro">{t("money.policy.intro")}</p>
      <div className="money-policy-numbers">
        {number("depositPercent", "money.policy.depositPercentRule", (shown) => shown.depositPercent)}
        {number("balanceDays", "money.policy.daysRule", (shown) => shown.balanceDays)}
        {number("charterBalanceDays", "money.policy.daysRule", (shown) => shown.charterBalanceDays)}
      </div>
      <h2>{t("money.policy.penalties")}</h2>
      <p className="money-policy-intro">{t("money.policy.penaltiesIntro")}</p>
      {policy !== null &&
        scheduleNames.map((name) => (
          <RowsInput
            key={name}
            name={name}
            legend={t(`money.policy.${name}`)}
            cells={stepCells}
            maxRows={MAX_PENALTY_STEPS}
            rows={rowsOf(policy.penalties[name])}
            problem={scheduleProblem(t, problems, name)}
            addLabel={t("money.policy.addStep")}
          />
        ))}
    </RecordFormFrame>
  );
}
