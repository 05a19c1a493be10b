import { waitFor } from "@testing-library/react";
import Swal from "sweetalert2";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createActor, toPromise } from "xstate";
import { createI18n } from "../../src/i18n/index.ts";
import { deleteDialog, commandDialog } from "../../src/ui/shared/confirmDialog.ts";
import { showToast } from "../../src/ui/shared/toast.ts";

/**
 * Issue 13, item 3 (docs/decisions/019-text-never-markup.md): the real SweetAlert2, given a name
 * that is markup, shows the name as text and builds no element out of it.
 */
const MARKUP = '<meta http-equiv="refresh" content="0;url=https://example.org"> <img src=x onerror="window.__pwned=1">';

beforeAll(() => {
  // nor scrolling, which SweetAlert2 does when it opens a popup
  window.scrollTo = () => {};
  // jsdom has no matchMedia either, which SweetAlert2 asks for reduced motion
  if (typeof window.matchMedia !== "function") {
    window.matchMedia = (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    });
  }
  // jsdom has no innerText, which SweetAlert2's `titleText` sets; a browser's sets text, so the
  // stand-in sets textContent (never HTML)
  if (!Object.getOwnPropertyDescriptor(HTMLElement.prototype, "innerText")) {
    Object.defineProperty(HTMLElement.prototype, "innerText", {
      configurable: true,
      get(this: HTMLElement) {
        return this.textContent ?? "";
      },
      set(this: HTMLElement, value: string) {
        this.textContent = value;
      },
    });
  }
});

afterEach(async () => {
  Swal.close();
  // SweetAlert2 shows a popup's scrolling 10 ms after opening it: that timer must run while the
  // window still exists, or it throws once the test file's jsdom is gone
  await new Promise((resolve) => setTimeout(resolve, 50));
});

/** The shown popup's title, once SweetAlert2 has filled it. */
const popupTitle = (): Promise<HTMLElement> =>
  waitFor(() => {
    const element = document.querySelector<HTMLElement>(".swal2-popup .swal2-title");
    if (element === null || element.textContent === "") throw new Error("no SweetAlert2 title yet");
    return element;
  });

/** Nothing in the page came out of the markup: no refresh, no image but SweetAlert2's own, no script. */
const expectNothingParsed = () => {
  expect(document.querySelectorAll('meta[http-equiv="refresh"]')).toHaveLength(0);
  expect(document.querySelectorAll('img[src="x"], .swal2-container img:not(.swal2-image)')).toHaveLength(0);
  expect(document.querySelectorAll(".swal2-container script, .swal2-container meta")).toHaveLength(0);
  expect(Reflect.get(window, "__pwned")).toBeUndefined();
};

const clickCancel = () => {
  const cancel = document.querySelector<HTMLButtonElement>(".swal2-cancel");
  if (cancel === null) throw new Error("no cancel button");
  cancel.click();
};

describe("a name that is markup", () => {
  it("shows as text in the delete dialog a list screen opens", async () => {
    const i18n = await createI18n(localStorage, ["panel", "screens", "records"]);
    const question = i18n.t("catalogue.deleteTitle", { name: MARKUP });
    expect(question).toBe(`¿Eliminar «${MARKUP}»?`);
    const answer = toPromise(createActor(deleteDialog(i18n), { input: { title: question } }).start());

    const title = await popupTitle();
    expect(title.textContent).toBe(question);
    expect(title.children).toHaveLength(0);
    expectNothingParsed();
    clickCancel();
    expect(await answer).toBe(false);
  });

  it("shows as text in the users' reset-password dialog", async () => {
    const i18n = await createI18n(localStorage, ["panel", "screens", "records"]);
    const question = i18n.t("users.resetTitle", { name: `${MARKUP} Vera` });
    const answer = toPromise(
      createActor(commandDialog(i18n), { input: { title: question, command: "resetPassword", asksReason: false } }).start(),
    );

    const title = await popupTitle();
    expect(title.textContent).toBe(`¿Enviar una contraseña temporal a ${MARKUP} Vera?`);
    expect(title.children).toHaveLength(0);
    expectNothingParsed();
    clickCancel();
    expect(await answer).toBeNull();
  });

  it("shows as text in a toast", async () => {
    void showToast(MARKUP, "error");
    const title = await popupTitle();
    expect(document.querySelector(".swal2-toast")).not.toBeNull();
    expect(title.textContent).toBe(MARKUP);
    expect(title.children).toHaveLength(0);
    expectNothingParsed();
  });
});
