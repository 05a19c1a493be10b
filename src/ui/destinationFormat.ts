import { formatMoney as moneyIn } from "../api/amounts.ts";
import { API_BASE } from "../api/endpoint.ts";

/** Money as US$ with two decimals (PRODUCT.md section 6), written as the forms read amounts back. */
export const formatMoney = (language: string, amount: number): string => moneyIn(amount, language);

/** An itinerary's image shows from the API base plus its stored path (SPEC.md section 7). */
export const imageUrl = (path: string): string => `${API_BASE}/${path}`;
