import { describe, expect, it } from "vitest";
import { watchViolations } from "./support/browser.ts";
import { visit } from "./support/screens.ts";
import { sharedDemoServer } from "./support/server.ts";
import { browserSuite } from "./support/suite.ts";

/**
 * The Content-Security-Policy of server/http/security.ts against the real panel in Chromium: it is
 * sent, and a SweetAlert2 toast (its bundle injects a <style> element) shows with no console error
 * and no `securitypolicyviolation` event. Every screen is loaded under the policy, violations
 * watched, by the screens test.
 */
const app = browserSuite(sharedDemoServer);

describe("the Content-Security-Policy", () => {
  it("is sent with the panel", async () => {
    const response = await fetch(`${app.url}/panel`);
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
  });

  it("lets SweetAlert2 show a toast (its injected stylesheet included)", async () => {
    const { page, context, consoleErrors } = await app.page();
    await watchViolations(page);
    await page.goto(`${app.url}/panel`);
    await visit(page, app.url, { name: "feeding-new", path: "/panel/feeding/feeding_new", staff: "marketing@example.com" });
    await page.getByLabel("Nombre").fill("Merienda CSP");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Registro creado correctamente", { exact: true }).first().waitFor({ timeout: 5_000 });
    // SweetAlert2's rules applied: the toast is laid out as a positioned popup.
    const position = await page.locator(".swal2-container").first().evaluate((element) => getComputedStyle(element).position);
    expect(position).toBe("fixed");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe("a SweetAlert2 dialog", () => {
  it("appears in place for a person who asks for less motion, and scales in for anyone else", async () => {
    const { page, context, consoleErrors } = await app.signedIn("admin@example.com", { lang: "en" });
    const popupAnimation = () => page.locator(".swal2-popup").evaluate((popup) => getComputedStyle(popup).animationName);
    const askToCopy = async () => {
      await page.getByRole("button", { name: "Copy to the next year" }).click();
      await page.getByRole("dialog", { name: /^Copy the \d{4} rates/ }).waitFor();
    };
    await page.goto(`${app.url}/panel/rates/charter`);
    await page.getByText("Copy a year's rates to the next").click();
    await askToCopy();
    expect(await popupAnimation()).toBe("none");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await askToCopy();
    expect(await popupAnimation()).toBe("swal2-show");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
