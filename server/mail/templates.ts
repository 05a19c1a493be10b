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

/** The day-before reminder of a hold's time limit, Spanish first then English; the time in Ecuador's mainland clock. */
export const timeLimitReminderMail = (input: { readonly to: string; readonly code: string; readonly timeLimit: Date }): Mail => {
  const when = (locale: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "full", timeStyle: "short", timeZone: "America/Guayaquil" }).format(input.timeLimit);
  return {
    to: input.to,
    subject: `Reserva ${input.code}: vence la fecha límite / time limit ends`,
    text: [
      `La reserva ${input.code} está bloqueada hasta el ${when("es-EC")} (hora de Ecuador continental).`,
      "Confírmela o extienda su fecha límite antes de esa hora; si no, sus espacios se liberarán.",
      "",
      "---",
      "",
      `Reservation ${input.code} is held until ${when("en-US")} (Ecuador mainland time).`,
      "Confirm it or extend its time limit before then; otherwise its spaces are released.",
    ].join("\n"),
  };
};
