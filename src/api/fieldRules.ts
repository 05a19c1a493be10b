import { type Message, messages } from "./messageTexts.ts";

/**
 * Field rules, written once for the panel's forms and the server (decision 017). A resource's
 * contract module declares its fields with these, builds its payload schema from them (so the
 * schema carries each `maxLength`, and OpenAPI shows it) and exports a `<record>Problems`
 * function that the form machine and the server's fact loader both call.
 *
 * Lengths are counted in UTF-16 units, as the browser's `maxlength` counts them, so the panel and
 * the server agree on the last character.
 */

/** Why a field is refused. */
export type FieldProblem = "required" | "invalidEmail" | "invalidUrl" | "invalid";

/** The spec's message for each problem, as the server answers it (400). */
export const fieldProblemMessages: Readonly<Record<FieldProblem, Message>> = {
  required: messages.requiredInformation,
  invalidEmail: messages.invalidEmail,
  invalidUrl: messages.invalidUrl,
  invalid: messages.invalidInput,
};

/** Each refused field with its problem; empty when the form is fine. */
export type FieldProblems<Key extends string = string> = Readonly<Partial<Record<Key, FieldProblem>>>;

export const hasNoProblems = (problems: Readonly<Record<string, unknown>>): boolean => Object.keys(problems).length === 0;

/** Longest person or item name kept (user names, catalogue items, titles). */
export const NAME_MAX_LENGTH = 120;
/** RFC 5321's limit on a whole address. */
export const EMAIL_MAX_LENGTH = 254;

export type TextKind = "text" | "email" | "url" | "year";

/** One text input: what it holds, whether it is required, how long it may be. */
export interface TextField {
  readonly kind: TextKind;
  readonly required: boolean;
  readonly maxLength: number;
}

export const textField = (maxLength: number, options: { readonly required?: boolean } = {}): TextField => ({
  kind: "text",
  required: options.required ?? false,
  maxLength,
});

export const emailField = (options: { readonly required?: boolean } = {}): TextField => ({
  kind: "email",
  required: options.required ?? true,
  maxLength: EMAIL_MAX_LENGTH,
});

export const urlField = (maxLength: number, options: { readonly required?: boolean } = {}): TextField => ({
  kind: "url",
  required: options.required ?? true,
  maxLength,
});

/** A calendar year typed as four digits, this century's (a season's year). */
export const yearField = (): TextField => ({ kind: "year", required: true, maxLength: 4 });

const isYear = (text: string): boolean => /^\d{4}$/.test(text) && Number(text) >= 2000 && Number(text) <= 2099;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The basic email pattern of the specification ('user_error' / 'Invalid email address'). */
export const isEmail = (value: string): boolean => value.length <= EMAIL_MAX_LENGTH && emailPattern.test(value);

/** Emails are compared without case and surrounding blanks. */
export const normaliseEmail = (value: string): string => value.trim().toLowerCase();

/** The URL rule of SPEC.md section 5: an absolute http or https address with a host. */
export const isHttpUrl = (text: string): boolean => {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
};

/** What is wrong with one text value (trimmed before it is judged), or null. */
export const textProblem = (field: TextField, value: string | undefined): FieldProblem | null => {
  const text = value?.trim() ?? "";
  if (text === "") return field.required ? "required" : null;
  if (text.length > field.maxLength) return "invalid";
  if (field.kind === "email" && !isEmail(text)) return "invalidEmail";
  if (field.kind === "url" && !isHttpUrl(text)) return "invalidUrl";
  if (field.kind === "year" && !isYear(text)) return "invalid";
  return null;
};

/** Every declared text field of a form checked: the problems by field name. */
export const textProblems = <Key extends string>(
  fields: Readonly<Record<Key, TextField>>,
  values: Readonly<Partial<Record<NoInfer<Key>, string>>>,
): Partial<Record<Key, FieldProblem>> => {
  const problems: Partial<Record<Key, FieldProblem>> = {};
  for (const key of Object.keys(fields) as Key[]) {
    const problem = textProblem(fields[key], values[key]);
    if (problem !== null) problems[key] = problem;
  }
  return problems;
};

/** The order the server reports problems in: a missing field before a malformed one. */
const problemOrder: ReadonlyArray<FieldProblem> = ["required", "invalid", "invalidEmail", "invalidUrl"];

/** The one problem a refused request is answered with, or null when the form is fine. */
export const firstProblem = (problems: FieldProblems): FieldProblem | null => {
  const found = new Set(Object.values(problems));
  return problemOrder.find((problem) => found.has(problem)) ?? null;
};
