import { formatMoney as moneyIn } from "../../api/amounts.ts";
import { API_BASE } from "../../api/endpoint.ts";
import { IMAGE_WIDTHS, imageVariantPath } from "../../api/images.ts";

/** Money as US$ with two decimals (PRODUCT.md section 6), written as the forms read amounts back. */
export const formatMoney = (language: string, amount: number): string => moneyIn(amount, language);

/** An itinerary's image shows from the API base plus its stored path (SPEC.md section 7). */
export const imageUrl = (path: string): string => `${API_BASE}/${path}`;

/**
 * A stored image's `srcset`: its WebP widths (decision 035), for the browser to fetch the one that
 * fits the `sizes` of where it is drawn; the stored image stays as `src` for whatever ignores it.
 */
export const imageSrcSet = (path: string): string =>
  IMAGE_WIDTHS.map((width) => `${imageUrl(imageVariantPath(path, width))} ${width}w`).join(", ");
