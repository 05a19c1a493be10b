import { waitFor } from "@testing-library/react";
import Swal from "sweetalert2";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, toPromise } from "xstate";
import { createI18n } from "../../src/i18n/index.ts";
import { commandDialog, deleteDialog } from "../../src/ui/shared/confirmDialog.ts";
import { showToast } from "../../src/ui/shared/toast.ts";

beforeEach(() => {
  // jsdom has neither, and SweetAlert2 asks for reduced motion and scrolls when a popup opens
  vi.stubGlobal("matchMedia", (media: string) => ({ matches: false, media, addEventListener: () => {}, removeEventListener: () => {} }));
  vi.stubGlobal("scrollTo", () => {});
});

afterEach(async () => {
  vi.unstubAllGlobals();
  Swal.close();
  // SweetAlert2's timers (a popup's scrolling, a focus given back) must run while the window exists
  await new Promise((resolve) => setTimeout(resolve, 200));
});

/** A row's buttons, as a users list draws them: the temporary password and the delete. */
const rowButtons = () => {
  document.body.innerHTML = '<table><tr><td><button type="button">Enviar contraseña temporal</button><button type="button">Eliminar</button></td></tr></table>';
  const [send, remove] = document.querySelectorAll("button");
  if (send === undefined || remove === undefined) throw new Error("no row buttons");
  return { send, remove };
};

describe("a dialog gives the focus back", () => {
  it("to the button that opened it, after a toast came between two dialogs", async () => {
    const i18n = await createI18n(localStorage, ["panel", "screens"]);
    const { send, remove } = rowButtons();

    send.focus();
    const command = toPromise(createActor(commandDialog(i18n), { input: { title: "¿Enviar una contraseña temporal a Sofía?", command: "changePass", asksReason: false } }).start());
    await waitFor(() => expect(Swal.getConfirmButton()).not.toBeNull());
    Swal.clickConfirm();
    expect(await command).toBe("");
    // the command's outcome, shown at once as the list shows it
    void showToast("Contraseña temporal enviada");
    await new Promise((resolve) => setTimeout(resolve, 200));

    remove.focus();
    const deletion = toPromise(createActor(deleteDialog(i18n), { input: { title: "¿Eliminar a Sofía?" } }).start());
    await waitFor(() => expect(Swal.getCancelButton()).not.toBeNull());
    Swal.clickCancel();
    expect(await deletion).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(remove));
    // and it stays there: no late restore moves it to the first dialog's button
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(document.activeElement).toBe(remove);
  });

  it("leaves it in a dialog opened while the last one closed", async () => {
    const i18n = await createI18n(localStorage, ["panel", "screens"]);
    const { send, remove } = rowButtons();

    remove.focus();
    const deletion = toPromise(createActor(deleteDialog(i18n), { input: { title: "¿Eliminar a Sofía?" } }).start());
    await waitFor(() => expect(Swal.getCancelButton()).not.toBeNull());
    Swal.clickCancel();
    expect(await deletion).toBe(false);
    // pressed at once: the next dialog opens before the last one has told it closed
    send.focus();
    void toPromise(createActor(commandDialog(i18n), { input: { title: "¿Enviar una contraseña temporal a Sofía?", command: "changePass", asksReason: false } }).start());
    await waitFor(() => expect(Swal.getPopup()?.textContent).toContain("Enviar"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(Swal.getPopup()?.contains(document.activeElement)).toBe(true);
  });
});
