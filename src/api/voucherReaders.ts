import type { roleNames } from "./roles.ts";

/**
 * Who reads a voucher: the staff who sell, and the agency it was sold by (another's answers 404).
 * Apart from documents.ts, whose schemas a reservation's page does not load to show the link.
 */
export const voucherReaderRoles: ReadonlyArray<(typeof roleNames)[number]> = ["admin", "sales", "agency"];
