/** The API base below which every endpoint path lives; apart from the contract, which needs the schema library, so that the first chunk may name it. */
export const API_BASE = "/api";
