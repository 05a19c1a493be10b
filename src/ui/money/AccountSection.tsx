import { useTranslation } from "react-i18next";
import type { Endpoint, RoleName } from "../../api/endpoint.ts";
import { recordPayment, reportPayment, waivePenalty } from "../../api/money.ts";
import { formatCents } from "../../api/amounts.ts";
import { paymentOffers } from "../../machines/domain/payment.machine.ts";
import type { Money, PendingCommand } from "../../machines/reservations/reservationPage.machine.ts";
import { formatDate } from "../leads/leadFormat.ts";
import { useRoleIn } from "../shared/useRole.ts";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { ReceiptButton } from "./ReceiptButton.tsx";
import { useMoneyFiles } from "./useMoneyFiles.ts";
import { SummaryList } from "../shared/SummaryList.tsx";
import { type Column, DataTable } from "../shared/DataTable.tsx";

type Payment = Money["payments"][number];

/** The roles an endpoint admits: who records, verifies, rejects, voids and refunds money, who reports a transfer. */
const rolesOf = ({ access }: Endpoint): ReadonlyArray<RoleName> => (access.kind === "session" ? access.roles : []);
const collectors = rolesOf(recordPayment);
const reporters = rolesOf(reportPayment);
const waivers = rolesOf(waivePenalty);

/** Cents as US$ with two decimals; the division is for showing only, the sums stay in cents. */
const money = (cents: number, language: string): string => formatCents(cents, language);

/** A payment's commands: what staff may do with a report or a recorded payment. */
const paymentCommands = [
  ["verifyPayment", "payment.verify"],
  ["rejectPayment", "payment.reject"],
  ["voidPayment", "payment.void"],
] as const;

/**
 * A reservation's account (decision 062): due, paid, balance, deposit due, balance due date and
 * money state; the cancellation penalty (decision 067: kept once canceled, what cancelling today
 * would keep while live, and what spaces canceled alone keep) and the refund due; then its
 * payments, refunds and agency reports with voided and rejected ones struck, and the buttons of
 * the commands the reader's role and each payment's state take (an admin waives a kept penalty).
 */
export function AccountSection({
  money: { account, payments },
  canceled,
  busy,
  ask,
}: { readonly money: Money; readonly canceled: boolean; readonly busy: boolean; readonly ask: (command: PendingCommand) => void }) {
  const { t, i18n } = useTranslation();
  const collects = useRoleIn(collectors);
  const reports = useRoleIn(reporters);
  const waives = useRoleIn(waivers);
  const receipts = useMoneyFiles();
  const language = i18n.language;
  const entries: ReadonlyArray<readonly [string, string]> = [
    ["money.state", t(`money.states.${account.moneyState}`)],
    ["money.due", money(account.dueCents, language)],
    ["money.paid", money(account.paidCents, language)],
    ["money.balance", money(account.balanceCents, language)],
    ["money.depositDue", money(account.depositDueCents, language)],
    ["money.balanceDueDate", formatDate(account.balanceDueDate)],
    [canceled ? "money.penalty" : "money.penaltyIfCanceled", money(account.penaltyCents, language)],
    ...(!canceled && account.keptPenaltyCents > 0 ? [["money.keptPenalty", money(account.keptPenaltyCents, language)] as const] : []),
    ...(canceled || account.refundDueCents > 0 ? [["money.refundDue", money(account.refundDueCents, language)] as const] : []),
  ];
  const commands = [
    ...(collects && account.balanceCents > 0 ? (["recordPayment"] as const) : []),
    ...(collects && account.paidCents > 0 ? (["recordRefund"] as const) : []),
    ...(reports && account.balanceCents > 0 ? (["reportPayment"] as const) : []),
    ...(waives && account.keptPenaltyCents > 0 ? (["waivePenalty"] as const) : []),
  ];
  const columns: ReadonlyArray<Column<Payment>> = [
    { header: t("money.receivedAt"), cell: (payment) => formatDate(payment.receivedAt) },
    { header: t("money.amount"), cell: (payment) => `${payment.kind === "refund" ? "− " : ""}${money(payment.amountCents, language)}` },
    { header: t("money.method"), cell: (payment) => t(`money.methods.${payment.method}`) },
    { header: t("money.reference"), cell: (payment) => payment.reference },
    { header: t("money.payer"), cell: (payment) => payment.payer },
    {
      header: t("money.paymentState"),
      cell: (payment) => (
        <>
          {t(`money.paymentStates.${payment.state}`)}
          {payment.reason !== null && <small> · {payment.reason}</small>}
        </>
      ),
    },
    { header: t("money.receipt.download"), cell: (payment) => <ReceiptButton payment={payment} files={receipts} /> },
    ...(collects
      ? [
          {
            header: t("actions.column"),
            cell: (payment: Payment) =>
              paymentCommands
                .filter(([, event]) => paymentOffers(payment.state, event))
                .map(([kind]) => (
                  <button key={kind} type="button" className="secondary outline" disabled={busy} onClick={() => ask({ kind, paymentId: payment.id })}>
                    {t(`money.${kind}`)}
                  </button>
                )),
          },
        ]
      : []),
  ];
  return (
    <section aria-labelledby="account-title" className="reservation-account">
      <h2 id="account-title">{t("money.account")}</h2>
      <SummaryList entries={entries} className="reservation-summary" />
      {commands.length > 0 && (
        <div className="reservation-commands">
          {commands.map((kind) => (
            <button key={kind} type="button" className={kind === "recordRefund" || kind === "waivePenalty" ? "secondary" : ""} disabled={busy} aria-busy={busy} onClick={() => ask({ kind })}>
              {t(`money.${kind}`)}
            </button>
          ))}
        </div>
      )}
      <ErrorBanner message={receipts.error} />
      <DataTable
        caption={t("money.paymentsTable")}
        columns={columns}
        rows={payments}
        empty={t("money.noPayments")}
        rowClass={(payment) => (payment.state === "voided" || payment.state === "rejected" ? "payment-struck" : undefined)}
      />
    </section>
  );
}
