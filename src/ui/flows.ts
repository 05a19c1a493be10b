import type { i18n } from "i18next";
import { translateMessage } from "../i18n/messages.ts";
import { deleteDialog, sendDialog } from "./components/confirmDialog.ts";
import { showToast } from "./components/toast.ts";

/** The flow message ('resource created successfully', ...) as a translated toast. */
const notify =
  (translations: i18n) =>
  (_: unknown, { message }: { readonly message: string }) => {
    void showToast(translateMessage(translations.t, message));
  };

/** What a list screen supplies to the catalogue machine: the dialogs and the toast. */
export const listImplementations = (translations: i18n) => ({
  actors: { confirmDelete: deleteDialog(translations), confirmPasswordReset: sendDialog(translations) },
  actions: { notify: notify(translations) },
});

/** What a form screen supplies to its machine: the toast and the way back to its list. */
export const formImplementations = (translations: i18n, goToList: () => void) => ({
  actions: { notify: notify(translations), goToList },
});
