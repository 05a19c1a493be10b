import { setup } from "xstate";
import { messages } from "../../api/messages.ts";
import { domainContext, domainSetup, final, holds, refusal } from "./rules.ts";

/**
 * Mailing a reservation's voucher to its agency (DOMAIN.md section 8) stores nothing: the machine
 * judges whether it can be sent, so that its rule is a named guard like every other. The fact is
 * whether the reservation has an agency with an email address (a direct client has no agency).
 */
export type VoucherMailEvent = { readonly type: "voucher.send" };

export interface VoucherMailFacts {
  readonly recipient: string | null;
}

export const voucherMailMachine = setup({
  ...domainSetup<VoucherMailEvent, VoucherMailFacts>(),
  guards: {
    hasNoRecipient: ({ event }) => holds(event, (facts) => facts.recipient === null),
  },
}).createMachine({
  id: "voucherMail",
  description: "A reservation's voucher mailed as PDF to the agency that sold it, in the agency's language.",
  context: domainContext,
  initial: "asked",
  states: {
    asked: {
      description: "Someone on the reservation's page asks for the voucher to be mailed.",
      on: {
        "voucher.send": [
          refusal(
            "hasNoRecipient",
            409,
            messages.voucherWithoutRecipient,
            "Refused: a direct client's reservation, or an agency without an email address ('voucher not sent: the agency has no email').",
          ),
          { target: "sent", description: "The agency has an address: the voucher is drawn and mailed to it." },
        ],
      },
    },
    sent: final("Mailed (or kept in the outbox without a mail server); nothing else is stored."),
  },
});
