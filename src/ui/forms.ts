import type { TFunction } from "i18next";
import type { FieldProblem } from "../machines/fields.ts";

/** A form field's text; absent fields read as empty, which the machines treat as missing. */
export const formText = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const fieldKeys: Record<FieldProblem, string> = {
  required: "fields.required",
  invalidEmail: "fields.invalidEmail",
};

export const fieldText = (t: TFunction, problem: FieldProblem | null): string | null =>
  problem === null ? null : t(fieldKeys[problem]);
