import { Option, Schema } from "effect";
import { ecuadorDay } from "../../machines/domain/calendar.ts";
import type { i18n } from "i18next";
import { plainAmount } from "../../api/amounts.ts";
import { PaymentMethod, payerField, paymentReferenceField } from "../../api/money.ts";
import type { Reservation } from "../../api/reservations.ts";
import { PaymentEntry } from "../../machines/reservations/reservationPage.machine.ts";
import { focusBack } from "../shared/dialogFocus.ts";
import { dialogTheme } from "../shared/theme.ts";
import { CANCEL_COLOR, SEND_COLOR } from "../shared/dialogColors.ts";

/** A labelled field of a dialog, built as DOM nodes (names are typed by people: decision 019). */
const labelled = (text: string, control: HTMLElement): HTMLLabelElement => {
  const label = document.createElement("label");
  label.className = "dialog-field";
  label.append(text, control);
  return label;
};

const input = (type: string, attributes: Readonly<Record<string, string>> = {}): HTMLInputElement => {
  const field = document.createElement("input");
  field.type = type;
  for (const [name, value] of Object.entries(attributes)) field.setAttribute(name, value);
  return field;
};

/** Today as the payments count days (in Ecuador): the latest day the server takes, whatever the browser's zone. */
const today = (): string => ecuadorDay(Date.now());

const decodeEntry = Schema.decodeUnknownOption(PaymentEntry);

/**
 * Asks for money received or paid back (decision 062): the amount as the panel's language writes
 * it, the day (today to start with, none later), how it came, its reference and (not for a
 * refund) who paid. Answers the entry with the amount in the contract's plain decimal text, or
 * null when closed; the payment machine judges the amount and the balance.
 */
export const askPayment = async (
  translations: i18n,
  kind: "recordPayment" | "reportPayment" | "recordRefund",
  reservation: Reservation,
): Promise<PaymentEntry | null> => {
  const { default: Swal } = await import("sweetalert2");
  const t = translations.t.bind(translations);
  const amount = input("text", { inputmode: "decimal", autocomplete: "off", required: "" });
  const day = input("date", { max: today(), required: "" });
  day.value = today();
  const method = document.createElement("select");
  for (const value of PaymentMethod.literals) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = t(`money.methods.${value}`);
    method.append(option);
  }
  const reference = input("text", { maxlength: String(paymentReferenceField.maxLength) });
  const payer = input("text", { maxlength: String(payerField.maxLength) });
  payer.value = reservation.agencyName ?? "";
  const body = document.createElement("div");
  body.className = "dialog-fields";
  body.append(
    labelled(t("money.amount"), amount),
    labelled(t(kind === "recordRefund" ? "money.paidAt" : "money.receivedAt"), day),
    labelled(t("money.method"), method),
    labelled(t("money.reference"), reference),
    ...(kind === "recordRefund" ? [] : [labelled(t("money.payer"), payer)]),
  );
  const result = await Swal.fire({
    ...focusBack(),
    theme: dialogTheme(),
    icon: "question",
    titleText: t(`money.${kind}Title`, { code: reservation.code }),
    html: body,
    showCancelButton: true,
    confirmButtonText: t(`money.${kind}`),
    cancelButtonText: t("confirm.cancel"),
    confirmButtonColor: SEND_COLOR,
    cancelButtonColor: CANCEL_COLOR,
    didOpen: () => amount.focus(),
    preConfirm: () => {
      const entry = decodeEntry({
        amount: plainAmount(amount.value, translations.language),
        day: day.value,
        method: method.value,
        reference: reference.value.trim(),
        payer: kind === "recordRefund" ? "" : payer.value.trim(),
      });
      if (Option.isNone(entry)) {
        Swal.showValidationMessage(t(amount.value.trim() === "" || day.value === "" ? "fields.required" : "messages.invalidInput"));
        return false;
      }
      return entry.value;
    },
  });
  return result.isConfirmed ? Option.getOrNull(decodeEntry(result.value)) : null;
};
