import { isEmail } from "../../api/fieldRules.ts";

/** Why a form field is refused before anything is sent. */
export type FieldProblem = "required" | "invalidEmail";

export const emailProblem = (email: string): FieldProblem | null => {
  const trimmed = email.trim();
  if (trimmed === "") return "required";
  return isEmail(trimmed) ? null : "invalidEmail";
};

export const requiredProblem = (value: string): FieldProblem | null =>
  value.length === 0 ? "required" : null;

/** The message of a refused request, whatever was thrown. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
