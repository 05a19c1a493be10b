import { API_BASE } from "../api/endpoint.ts";

/** Money as US$ with two decimals (PRODUCT.md section 6), digits grouped as the language does. */
export const formatMoney = (language: string, amount: number): string =>
  `US$ ${new Intl.NumberFormat(language === "en" ? "en-US" : "es-EC", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount)}`;

/** An itinerary's image shows from the API base plus its stored path (SPEC.md section 7). */
export const imageUrl = (path: string): string => `${API_BASE}/${path}`;
