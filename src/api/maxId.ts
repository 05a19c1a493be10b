/**
 * The largest value of a serial (int4) column, and of any integer column; apart from the id
 * schemas (./ids.ts) for the stored session the login page reads (decision 081).
 */
export const MAX_ID = 2_147_483_647;
