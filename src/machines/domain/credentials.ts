/**
 * Password rules of SPEC.md section 5, shared by the panel's machines and the server (which hands
 * them to the user's machine as facts of `user.changePassword`). Email rules live with the other
 * field rules in src/api/fields.ts.
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 14;

export type PasswordProblem = "required" | "pattern" | "tooShort" | "tooLong";

// ASCII only (issue 13): "Ñ", "á" or "٣" are allowed in a password but count as none of the three.
const hasUppercase = /[A-Z]/;
const hasLowercase = /[a-z]/;
const hasDigit = /[0-9]/;

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
