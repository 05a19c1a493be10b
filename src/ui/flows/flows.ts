import type { i18n } from "i18next";
import { translateMessage } from "../../i18n/messages.ts";
import { recordBulkDialog, deleteDialog, commandDialog } from "../shared/confirmDialog.ts";
import { showToast } from "../shared/toast.ts";

/** The flow message ('resource created successfully', ...) as a translated toast. */
const notify =
  (translations: i18n) =>
  (_: unknown, { message }: { readonly message: string }) => {
    void showToast(translateMessage(translations.t, message));
  };

/**
 * What a list screen supplies to the list machine: the delete dialog, the dialog of a row
 * command (the users' 'Enviar' for a temporary password, the only one so far), the dialog before
 * a bulk delete and the toast.
 */
export const listImplementations = (translations: i18n) => ({
  actors: {
    confirmDelete: deleteDialog(translations),
    confirmCommand: commandDialog(translations),
    askBulk: recordBulkDialog(translations),
  },
  actions: { notify: notify(translations) },
});

/** What a form screen supplies to its machine: the toast and the way back to its list. */
export const formImplementations = (translations: i18n, goToList: () => void) => ({
  actions: { notify: notify(translations), goToList },
});

/** A chosen image's preview, as an object URL the form shows until it is released. */
export const makePreview = (file: Blob): string => URL.createObjectURL(file);

/** Releases the previews a form made (images removed, replaced or saved). */
export const revokePreviews = (_: unknown, { urls }: { readonly urls: ReadonlyArray<string> }) => {
  for (const url of urls) URL.revokeObjectURL(url);
};
