import type { TFunction } from "i18next";
import type { FieldProblem } from "../api/fields.ts";

/** A form field's text; absent fields read as empty, which the machines treat as missing. */
export const formText = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** Every text of a field that repeats (a group of checkboxes sharing one name). */
export const formTexts = (form: FormData, name: string): string[] =>
  form.getAll(name).filter((value): value is string => typeof value === "string");

/** Whether a checkbox of the form is checked. */
export const formFlag = (form: FormData, name: string): boolean => form.get(name) === "on";

/** The text each problem shows by its field: the spec's messages, as the server would answer them. */
const fieldKeys: Record<FieldProblem, string> = {
  required: "fields.required",
  invalidEmail: "fields.invalidEmail",
  invalidUrl: "messages.invalidUrl",
  invalid: "messages.invalidInput",
};

export const fieldText = (t: TFunction, problem: FieldProblem | null | undefined): string | null =>
  problem === null || problem === undefined ? null : t(fieldKeys[problem]);
