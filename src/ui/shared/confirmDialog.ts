import type { i18n } from "i18next";
import { reasonField } from "../../api/catalogues.ts";
import { textProblem } from "../../api/fields.ts";
import type { BulkQuestion, CommandAnswer, CommandConfirmation } from "../../machines/shared/pagedList.machine.ts";
import type { YearCopyQuestion } from "../../machines/catalogues/yearCopyForm.machine.ts";
import type { CommandQuestion, CommandReply } from "../../machines/reservations/reservationPage.machine.ts";
import { fieldText } from "./forms.ts";
import { formatDateTime } from "../leads/leadFormat.ts";
import { DELETE_COLOR, SEND_COLOR } from "./dialogColors.ts";
import { dialogActor } from "./dialogActor.ts";
import { dialogOpening } from "./dialogOpening.ts";
import { askAddedCabin, askNotes, askRemovedCabin } from "../reservations/bookingDialogs.ts";
import { askNewPassenger, askPassenger, askSheet } from "../passengers/passengerDialogs.ts";
import { askPayment } from "../money/paymentDialogs.ts";

/** A yes-or-no question's icon, its confirm button's text key and colour. */
interface Look {
  readonly icon: "warning" | "question";
  readonly confirmKey: string;
  readonly color: string;
}

/**
 * A SweetAlert2 question as a confirmation actor: resolves true only on the confirm button. The
 * title holds a stored name, so it goes in as text (`titleText`): SweetAlert2 parses `title` as
 * HTML (docs/decisions/019-text-never-markup.md).
 */
const ask = async (
  translations: i18n,
  look: Look,
  title: string,
): Promise<boolean> => {
  const { default: Swal } = await import("sweetalert2");
  const result = await Swal.fire({
    ...dialogOpening(translations, { icon: look.icon, title, confirm: translations.t(look.confirmKey), color: look.color }),
    focusCancel: true,
  });
  return result.isConfirmed;
};

/** A command asked yes or no answers "" when agreed, null when closed. */
const agreed = async (...question: Parameters<typeof ask>): Promise<"" | null> => ((await ask(...question)) ? "" : null);

const deleteLook = { icon: "warning", confirmKey: "confirm.delete", color: DELETE_COLOR } as const;
const confirmLook = { icon: "question", confirmKey: "reservations.confirm", color: SEND_COLOR } as const;

const askDialog = <Input extends { readonly title: string }>(
  translations: i18n,
  look: Look,
) => dialogActor<boolean, Input>(false, (input) => ask(translations, look, input.title));

/** The SweetAlert2 delete dialog, as the `confirmDelete` actor a list screen provides. */
export const deleteDialog = (translations: i18n) =>
  askDialog<{ readonly title: string }>(translations, deleteLook);

/**
 * A record list's `askBulk` actor: the SweetAlert2 dialog before deleting the ticked rows ('¿Eliminar
 * los 3 registros seleccionados?'); an activation or deactivation asks nothing. Answers "" to go on,
 * null when cancelled.
 */
export const recordBulkDialog = (translations: i18n) =>
  dialogActor<string | null, BulkQuestion>(null, async (input) => {
    if (input.command !== "delete") return "";
    return agreed(translations, deleteLook, translations.t("table.bulkDeleteTitle", { count: input.count }));
  });

/**
 * Asks before a row command, as the `confirmCommand` actor a list screen provides: before mailing
 * a user a temporary password ('Enviar' / 'Cancelar') or activating a rate ('Activar'). A command
 * that needs a reason (deactivating a rate) asks for it in the dialog, with the contract's rule
 * for it: a blank one shows 'Información requerida' and the dialog stays. Answers the reason
 * ("" when none is asked), or null when cancelled.
 */
export const commandDialog = (translations: i18n) =>
  dialogActor<CommandAnswer, CommandConfirmation>(null, async (input) => {
    const { default: Swal } = await import("sweetalert2");
    const t = translations.t.bind(translations);
    const result = await Swal.fire({
      ...dialogOpening(translations, {
        icon: input.asksReason ? "warning" : "question",
        title: input.title,
        confirm: t(`confirm.${input.command}`, { defaultValue: t("confirm.send") }),
        color: input.asksReason ? DELETE_COLOR : SEND_COLOR,
      }),
      focusCancel: !input.asksReason,
      ...(input.asksReason
        ? {
            input: "textarea" as const,
            inputLabel: t("confirm.reason"),
            inputAttributes: { maxlength: String(reasonField.maxLength), "aria-label": t("confirm.reason") },
            inputValidator: (value: string) => fieldText(t, textProblem(reasonField, value)),
          }
        : {}),
    });
    if (!result.isConfirmed) return null;
    return input.asksReason && typeof result.value === "string" ? result.value.trim() : "";
  });

/** Asks before mailing a voucher to its agency, as the `confirmSend` actor: 'Enviar' / 'Cancelar'. */
export const voucherSendDialog = (translations: i18n) =>
  dialogActor<boolean, { readonly title: string }>(false, (input) =>
    ask(translations, { icon: "question", confirmKey: "documents.sendVoucher", color: SEND_COLOR }, translations.t("documents.sendVoucherTitle", { title: input.title })),
  );

/** Asks before copying a year's rates to the next, as the `confirmCopy` actor: 'Copiar' / 'Cancelar'. */
export const yearCopyDialog = (translations: i18n) =>
  dialogActor<boolean, YearCopyQuestion>(false, (input) =>
    ask(
      translations,
      { icon: "question", confirmKey: "confirm.copy", color: SEND_COLOR },
      translations.t("yearCopy.question", {
        year: input.year,
        next: input.year + 1,
        increase: new Intl.NumberFormat(translations.language).format(input.increase),
      }),
    ),
  );

/** An instant as a `datetime-local` input shows it, in the browser's time zone. */
const localInput = (instant: number): string => {
  const date = new Date(instant);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/**
 * Asks before a reservation's command, as the `askCommand` actor of its page: a confirmation
 * ('Confirmar'), the new time limit (a date and time in the browser's zone, a day after the
 * current one to start with), the reason of a cancellation, a payment's rejection or its void, a
 * penalty's waiver (required, with the contract's limit), money received or paid back, or the red delete dialog.
 * Answers the reply (the reason, the time limit as an instant, "" for a confirmation, the money's
 * entry), or null when closed.
 */
export const askReservationCommand = async (translations: i18n, input: CommandQuestion): Promise<CommandReply> => {
  const { command, reservation } = input;
  const t = translations.t.bind(translations);
  if (command.kind === "assignPassenger") return askPassenger(translations, input.lookups, reservation);
  if (command.kind === "newPassenger") return askNewPassenger(translations, input.lookups, reservation);
  if (command.kind === "addCabin") return askAddedCabin(translations, input.lookups, reservation);
  if (command.kind === "editNotes") return askNotes(translations, reservation);
  if (command.kind === "removeCabin") return askRemovedCabin(translations, reservation, command.cabinId);
  if (command.kind === "importPassengers") return askSheet(translations, reservation);
  if (command.kind === "removePassenger")
    return agreed(translations, { icon: "warning", confirmKey: "passengers.remove", color: DELETE_COLOR }, t("passengers.removeTitle"));
  if (command.kind === "recordPayment" || command.kind === "reportPayment" || command.kind === "recordRefund") return askPayment(translations, command.kind, reservation);
  if (command.kind === "verifyPayment")
    return agreed(translations, { icon: "question", confirmKey: "money.verifyPayment", color: SEND_COLOR }, t("money.verifyPaymentTitle"));
  if (command.kind === "delete") return agreed(translations, deleteLook, t("reservations.deleteTitle", { code: reservation.code }));
  if (command.kind === "confirm" && input.confirmReason !== null) {
    // an admin confirming a direct client's reservation: the reason, required while the deposit is not paid
    const { default: Swal } = await import("sweetalert2");
    const required = input.confirmReason === "required";
    const result = await Swal.fire({
      ...dialogOpening(translations, { icon: "question", title: t("reservations.confirmTitle", { code: reservation.code }), confirm: t("reservations.confirm") }),
      input: "textarea",
      inputLabel: t(required ? "reservations.confirmReasonRequired" : "reservations.confirmReasonOptional"),
      inputAttributes: { maxlength: String(reasonField.maxLength), "aria-label": t("confirm.reason") },
      inputValidator: (value: string) => (!required && value.trim() === "" ? null : fieldText(t, textProblem(reasonField, value))),
    });
    return result.isConfirmed && typeof result.value === "string" ? result.value.trim() : null;
  }
  if (command.kind === "confirm") return agreed(translations, confirmLook, t("reservations.confirmTitle", { code: reservation.code }));
  const { default: Swal } = await import("sweetalert2");
  const asksTime = command.kind === "extend";
  // a payment's rejection or void, and a penalty's waiver, ask their reason like a cancellation, in the money texts
  const scope = command.kind === "rejectPayment" || command.kind === "voidPayment" || command.kind === "waivePenalty" ? "money" : "reservations";
  // the latest limit the policy allows now, which the server accepts; a day later than now when unknown
  const latest = reservation.latestTimeLimit === null ? Date.now() + 24 * 3_600_000 : Date.parse(reservation.latestTimeLimit);
  const result = await Swal.fire({
    ...dialogOpening(translations, {
      icon: asksTime ? "question" : "warning",
      title: t(`${scope}.${command.kind}Title`, { code: reservation.code }),
      confirm: t(`${scope}.${command.kind}`),
      color: asksTime ? SEND_COLOR : DELETE_COLOR,
    }),
    ...(asksTime
      ? {
          input: "datetime-local" as const,
          inputLabel:
            reservation.extensionsLeft === null
              ? t("reservations.newTimeLimitUntil", { latest: formatDateTime(new Date(latest).toISOString()) })
              : t("reservations.newTimeLimitLeft", { latest: formatDateTime(new Date(latest).toISOString()), count: reservation.extensionsLeft }),
          inputValue: localInput(latest),
          inputAttributes: { "aria-label": t("reservations.newTimeLimit"), max: localInput(latest) },
          inputValidator: (value: string) => (value === "" || Number.isNaN(Date.parse(value)) ? t("fields.required") : null),
        }
      : {
          input: "textarea" as const,
          inputLabel: t("confirm.reason"),
          inputAttributes: { maxlength: String(reasonField.maxLength), "aria-label": t("confirm.reason") },
          inputValidator: (value: string) => fieldText(t, textProblem(reasonField, value)),
        }),
  });
  if (!result.isConfirmed || typeof result.value !== "string") return null;
  return asksTime ? new Date(result.value).toISOString() : result.value.trim();
};

/** The same questions as an actor (a reservation's page fetches this module on its first question). */
export const reservationDialog = (translations: i18n) =>
  dialogActor<CommandReply, CommandQuestion>(null, (input) => askReservationCommand(translations, input));

/**
 * The dialog before a command on the ticked reservations, as the `askBulk` actor: a confirmation
 * answers "" ('¿Confirmar las 3 reservas marcadas?'), an extension the new time limit (an ISO
 * instant) the server judges for each reservation; null when closed.
 */
export const bulkCommandDialog = (translations: i18n) =>
  dialogActor<string | null, BulkQuestion>(null, async (input) => {
    const { t } = translations;
    if (input.command === "confirm") return agreed(translations, confirmLook, t("reservations.bulkConfirmTitle", { count: input.count }));
    const { default: Swal } = await import("sweetalert2");
    const result = await Swal.fire({
      ...dialogOpening(translations, { icon: "question", title: t("reservations.bulkExtendTitle", { count: input.count }), confirm: t("reservations.extend") }),
      input: "datetime-local",
      inputValue: localInput(Date.now() + 24 * 3_600_000),
      inputAttributes: { "aria-label": t("reservations.newTimeLimit") },
      inputValidator: (value: string) => (value === "" || Number.isNaN(Date.parse(value)) ? t("fields.required") : null),
    });
    return result.isConfirmed && typeof result.value === "string" ? new Date(result.value).toISOString() : null;
  });
