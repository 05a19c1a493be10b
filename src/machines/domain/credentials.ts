/**
 * Password and email rules of SPEC.md section 5, shared by the panel's machines and the server.
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 14;

export type PasswordProblem = "required" | "pattern" | "tooShort" | "tooLong";

const hasUppercase = /\p{Lu}/u;
const hasLowercase = /\p{Ll}/u;
const hasDigit = /\p{Nd}/u;

/** The first rule a new password breaks, in the order the specification lists them, or null. */
export const passwordProblem = (password: string): PasswordProblem | null => {
  if (password.length === 0) return "required";
  if (!(hasUppercase.test(password) && hasLowercase.test(password) && hasDigit.test(password))) {
    return "pattern";
  }
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return "tooShort";
  if (length > PASSWORD_MAX_LENGTH) return "tooLong";
  return null;
};

export type ConfirmationProblem = "required" | "mismatch";

export const confirmationProblem = (
  password: string,
  confirmPassword: string,
): ConfirmationProblem | null => {
  if (confirmPassword.length === 0) return "required";
  if (confirmPassword !== password) return "mismatch";
  return null;
};

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The basic email pattern of the specification ('user_error' / 'Invalid email address'). */
export const isEmail = (value: string): boolean => value.length <= 254 && emailPattern.test(value);

/** Emails are compared without case and surrounding blanks. */
export const normaliseEmail = (value: string): string => value.trim().toLowerCase();
