import { useTranslation } from "react-i18next";
import { formatCents } from "../../api/amounts.ts";
import type { Payment } from "../../api/money.ts";
import { formatDate } from "../leads/leadFormat.ts";
import { documentLanguageOf, type useMoneyFiles } from "./useMoneyFiles.ts";

/**
 * A recorded payment's receipt (decision 068), downloaded as the server draws it in the panel's
 * language; a voided one's too (drawn void). A refund, a reported or a rejected transfer has none.
 */
export function ReceiptButton({ payment, files }: { readonly payment: Payment; readonly files: ReturnType<typeof useMoneyFiles> }) {
  const { t, i18n } = useTranslation();
  if (payment.kind !== "payment" || (payment.state !== "recorded" && payment.state !== "voided")) return null;
  return (
    <button
      type="button"
      className="secondary outline"
      disabled={files.busy}
      aria-label={t("money.receipt.downloadLabel", { date: formatDate(payment.receivedAt), amount: formatCents(payment.amountCents, i18n.language) })}
      onClick={() => files.download({ kind: "receipt", paymentId: payment.id, language: documentLanguageOf(i18n.language) })}
    >
      {t("money.receipt.download")}
    </button>
  );
}
