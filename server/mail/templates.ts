import type { Mail } from "./mailer.ts";

/** The temporary-password mail, Spanish first then English, in one message. */
export const temporaryPasswordMail = (input: {
  readonly to: string;
  readonly firstName: string;
  readonly password: string;
  readonly hours: number;
}): Mail => ({
  to: input.to,
  subject: "Contraseña temporal / Temporary password",
  text: [
    `Hola ${input.firstName}:`,
    "",
    `Su contraseña temporal es: ${input.password}`,
    `Vence en ${input.hours} horas. Al ingresar con ella se le pedirá una contraseña nueva.`,
    "Si usted no la solicitó, ignore este mensaje: su contraseña actual sigue funcionando.",
    "",
    "---",
    "",
    `Hello ${input.firstName},`,
    "",
    `Your temporary password is: ${input.password}`,
    `It expires in ${input.hours} hours. Signing in with it will ask you for a new password.`,
    "If you did not ask for it, ignore this message: your current password keeps working.",
  ].join("\n"),
});
