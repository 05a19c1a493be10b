import { formatMoney as moneyIn } from "../../api/amounts.ts";

/** Money as US$ with two decimals (PRODUCT.md section 6), written as the forms read amounts back. */
export const formatMoney = (language: string, amount: number): string => moneyIn(amount, language);

// The panel and the server's landing page (decision 070) address stored images alike.
export { imageSrcSet, imageUrl } from "../../api/images.ts";
