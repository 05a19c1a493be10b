import type { FieldProblem } from "../../api/fields.ts";
import { getMoneyPolicy, type MoneyPolicy, type MoneyPolicyView, type PenaltyStep, updateMoneyPolicy } from "../../api/money.ts";
import { isPenaltyScheduleWhole } from "../domain/money.ts";
import type { RowTexts } from "../catalogues/catalogues.ts";
import { createRecordFormMachine, type FormProblems, type FormSource } from "../shared/recordForm.machine.ts";

/**
 * The money policy's screen (DOMAIN.md section 10, decision 076): the company's payment terms an
 * admin edits, through the panel's record form machine over this source. A change applies to the
 * reservations confirmed after it: each confirmation stores the terms in force (decision 065).
 */

/** The most days before a departure a policy names, as the contract bounds them. */
export const MAX_POLICY_DAYS = 3650;
/** The most steps a penalty schedule's form offers. */
export const MAX_PENALTY_STEPS = 10;

/** The two schedules of a policy: a charter's, and every other type's. */
export const scheduleNames = ["general", "charter"] as const;
export type ScheduleName = (typeof scheduleNames)[number];

/** The policy as its form holds it: texts, and each schedule's steps (`keptPercent` blank: the deposit due is kept). */
export interface MoneyPolicyDraft {
  readonly depositPercent: string;
  readonly balanceDays: string;
  readonly charterBalanceDays: string;
  readonly general: ReadonlyArray<RowTexts>;
  readonly charter: ReadonlyArray<RowTexts>;
}

/** A whole number typed within bounds, or null. */
const wholeIn = (text: string, minimum: number, maximum: number): number | null => {
  const trimmed = text.trim();
  if (!/^[0-9]{1,4}$/u.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= minimum && value <= maximum ? value : null;
};

const depositPercentOf = (draft: MoneyPolicyDraft): number | null => wholeIn(draft.depositPercent, 1, 100);
const daysOf = (text: string): number | null => wholeIn(text, 0, MAX_POLICY_DAYS);

/** A step as typed: its days, and its kept share (null: the deposit); undefined where a cell is not a number in range. */
const stepOf = (row: RowTexts): PenaltyStep | undefined => {
  const daysBefore = daysOf(row.daysBefore ?? "");
  const kept = (row.keptPercent ?? "").trim();
  const keptPercent = kept === "" ? null : wholeIn(kept, 0, 100);
  return daysBefore === null || (kept !== "" && keptPercent === null) ? undefined : { daysBefore, keptPercent };
};

/** A schedule's steps, most days first, or null when a step is not a number in range. */
const scheduleOf = (rows: ReadonlyArray<RowTexts>): ReadonlyArray<PenaltyStep> | null => {
  const steps = rows.map(stepOf);
  return steps.every((step) => step !== undefined) ? [...steps].sort((a, b) => b.daysBefore - a.daysBefore) : null;
};

/**
 * Why the draft cannot be saved, by field: a number missing or out of its range ('required',
 * 'invalid'), a step's cell out of range (`<schedule>.<row>.<cell>`), a schedule without a step
 * at 0 days or naming a day twice (`<schedule>`, 'invalid'). The view words each in the user's
 * language with the field's own rule.
 */
export const moneyPolicyProblems = (draft: MoneyPolicyDraft): FormProblems => {
  const problems: Record<string, FieldProblem> = {};
  const number = (name: "depositPercent" | "balanceDays" | "charterBalanceDays", value: number | null) => {
    if (value === null) problems[name] = draft[name].trim() === "" ? "required" : "invalid";
  };
  number("depositPercent", depositPercentOf(draft));
  number("balanceDays", daysOf(draft.balanceDays));
  number("charterBalanceDays", daysOf(draft.charterBalanceDays));
  for (const name of scheduleNames) {
    draft[name].forEach((row, index) => {
      if (daysOf(row.daysBefore ?? "") === null) problems[`${name}.${index}.daysBefore`] = "invalid";
      const kept = (row.keptPercent ?? "").trim();
      if (kept !== "" && wholeIn(kept, 0, 100) === null) problems[`${name}.${index}.keptPercent`] = "invalid";
    });
    const schedule = scheduleOf(draft[name]);
    if (schedule === null || !isPenaltyScheduleWhole(schedule)) problems[name] = "invalid";
  }
  return problems;
};

/** The policy a draft without problems says; null while it has any. */
export const policyOfDraft = (draft: MoneyPolicyDraft): MoneyPolicy | null => {
  const depositPercent = depositPercentOf(draft);
  const balanceDays = daysOf(draft.balanceDays);
  const charterBalanceDays = daysOf(draft.charterBalanceDays);
  const general = scheduleOf(draft.general);
  const charter = scheduleOf(draft.charter);
  if (depositPercent === null || balanceDays === null || charterBalanceDays === null || general === null || charter === null) return null;
  if (!isPenaltyScheduleWhole(general) || !isPenaltyScheduleWhole(charter)) return null;
  return { depositPercent, balanceDays, charterBalanceDays, penalties: { general, charter } };
};

/** What the form offers besides the policy: nothing. */
export type MoneyPolicyOptions = null;

/** The policy is one record (the company's): its form edits it as record 1 of a list of one. */
export const MONEY_POLICY_FORM_ID = 1;

export const moneyPolicyFormSource: FormSource<MoneyPolicyView, MoneyPolicyOptions, MoneyPolicyDraft> = {
  load: async (client) => ({ item: await client.call(getMoneyPolicy), options: null }),
  problems: (draft) => moneyPolicyProblems(draft),
  save: async (client, { version, draft }) => {
    const policy = policyOfDraft(draft);
    // the machine saves only a draft without problems, which always says a policy
    if (policy === null) throw new Error("a money policy draft with problems was saved");
    return client.call(updateMoneyPolicy, { body: { ...policy, version: version ?? 0 } });
  },
  // the admin stays on the policy, read again as saved
  afterSave: "reload",
};

/** /panel/policies/money: the money policy's form. */
export const moneyPolicyFormMachine = createRecordFormMachine<MoneyPolicyView, MoneyPolicyOptions, MoneyPolicyDraft>();
