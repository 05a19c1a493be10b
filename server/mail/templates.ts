import { formatCents } from "../../src/api/amounts.ts";
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

/**
 * A balance reminder (decision 067), Spanish first then English: a week before the balance due
 * date, or on the day. The amount is shown from whole cents, the day as the operator writes it.
 */
export const balanceReminderMail = (input: {
  readonly to: string;
  readonly code: string;
  readonly balanceCents: number;
  readonly balanceDueDate: string;
  readonly reminder: "weekBefore" | "dueDay";
}): Mail => {
  const amount = (language: string) => formatCents(input.balanceCents, language);
  const [year, month, day] = input.balanceDueDate.split("-");
  const due = `${day}/${month}/${year}`;
  const today = input.reminder === "dueDay";
  return {
    to: input.to,
    subject: `Reserva ${input.code}: ${today ? "el saldo vence hoy / balance due today" : "el saldo vence pronto / balance due soon"}`,
    text: [
      today
        ? `El saldo de la reserva ${input.code}, ${amount("es")}, vence hoy (${due}).`
        : `El saldo de la reserva ${input.code}, ${amount("es")}, vence el ${due}.`,
      "Registre o informe el pago a tiempo; la reserva sigue confirmada.",
      "",
      "---",
      "",
      today
        ? `The balance of reservation ${input.code}, ${amount("en")}, is due today (${due}).`
        : `The balance of reservation ${input.code}, ${amount("en")}, is due on ${due}.`,
      "Please record or report the payment in time; the reservation stays confirmed.",
    ].join("\n"),
  };
};
