/**
 * Role names as stored on the server and sent as `rol` at login: the operator's staff, and the
 * users of an agency that sells its berths (DOMAIN.md section 2). A plain list, apart from the
 * contract's schema (./endpoint.ts), for the stored session the login page reads (decision 081).
 */
export const roleNames = ["admin", "marketing", "sales", "agency"] as const;
