import type { Page } from "playwright-core";

/** The table rows (or their cards on a phone) that hold `text`. */
export const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

/** The dialog open now (SweetAlert2's, or the panel's own). */
export const dialog = (page: Page) => page.getByRole("dialog");

/** Waits for a toast (or a popup) that says exactly `text`. */
export const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });

/**
 * Waits until a screen has loaded: its heading, then `content` when given (a list's rows), no
 * spinner left, no list busy (a list keeps its old rows in view while the next page loads) and no
 * table still drawing its rows.
 */
export const settled = async (page: Page, content?: string): Promise<void> => {
  // a click's next screen is made ready while the one before stays, under the bar (decision 154)
  await page.locator(".navigation-pending").first().waitFor({ state: "detached" });
  await page.locator("h1").first().waitFor();
  if (content !== undefined) await page.locator(content).first().waitFor();
  await page.locator(".spinner").first().waitFor({ state: "detached" });
  await page.locator('.paged-list[aria-busy="true"]').first().waitFor({ state: "detached" });
  // a first page's rows come a slice a frame (decision 146)
  await page.locator('.data-table[aria-busy="true"]').first().waitFor({ state: "detached" });
};
