import { domainFixtures } from "../shared/fixtures.ts";
import { voucherMailMachine } from "./voucherMail.machine.ts";

export const fixtures = domainFixtures({
  id: "domain.voucherMail",
  machine: voucherMailMachine,
  events: [{ type: "voucher.send" }],
  facts: [{ recipient: "reservas@example.com" }, { recipient: null }],
});
