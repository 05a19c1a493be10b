import type { FormEvent } from "react";
import type { TFunction } from "i18next";
import type { FieldProblem } from "../api/fields.ts";

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

export const fieldText = (t: TFunction, problem: FieldProblem | null | undefined): string | null =>
  problem === null || problem === undefined ? null : t(fieldKeys[problem]);

/** A form's submit handler: the page stays where it is, and `use` gets what the form holds. */
export const submitted =
  (use: (form: FormData) => void) =>
  (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    use(new FormData(event.currentTarget));
  };
