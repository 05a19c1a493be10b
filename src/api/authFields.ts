import { emailField, textField } from "./fieldRules.ts";

// Apart from the auth contract (./auth.ts), whose schemas the login page does not load (decision 081).

/**
 * The password inputs stop here. The server keeps no password longer than 14 characters, but it
 * answers a longer one as a wrong login, or refuses it with 'Contraseña debe tener máximo 14
 * caracteres' (SPEC.md section 5): the input must take a 15th character for that message to show.
 */
export const PASSWORD_INPUT_MAX_LENGTH = 128;

/** The sign-in, forgotten-password and password-change inputs: the panel's limits (decision 024). */
export const authFields = {
  email: emailField(),
  password: textField(PASSWORD_INPUT_MAX_LENGTH, { required: true }),
} as const;
