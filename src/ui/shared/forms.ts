import type { FormEvent } from "react";
import type { TFunction } from "i18next";
import type { FieldProblem } from "../../api/fields.ts";
import { translateMessage } from "../../i18n/messages.ts";
import type { FormProblem } from "../../machines/shared/recordForm.machine.ts";

/** A form field's text; absent fields read as empty, which the machines treat as missing. */
export const formText = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The text each problem shows by its field: the spec's messages, as the server would answer them. */
const fieldKeys: Record<FieldProblem, string> = {
  required: "fields.required",
  invalidEmail: "fields.invalidEmail",
  invalidUrl: "messages.invalidUrl",
  invalid: "messages.invalidInput",
};

/** The text by a field: its rule's problem, or the server's message about it, translated. */
export const fieldText = (t: TFunction, problem: FormProblem | null | undefined): string | null => {
  if (problem === null || problem === undefined) return null;
  return typeof problem === "string" ? t(fieldKeys[problem]) : translateMessage(t, problem.answer);
};

/** A form's submit handler: the page stays where it is, and `use` gets what the form holds. */
export const submitted =
  (use: (form: FormData) => void) =>
  (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    use(new FormData(event.currentTarget));
  };
