import type { i18n } from "i18next";
import { fromPromise } from "xstate";
import type { BulkConfirmation, CommandConfirmation } from "../../machines/recordList.machine.ts";
import { dialogTheme } from "../theme.ts";

/** Red confirm and grey cancel (SPEC.md section 9). */
export const DELETE_COLOR = "#c62828";
export const CANCEL_COLOR = "#6c757d";

/** The brand colour for a confirm button that destroys nothing. */
export const SEND_COLOR = "#0b3c5d";

/**
 * A SweetAlert2 question as a confirmation actor: resolves true only on the confirm button. The
 * title holds a stored name, so it goes in as text (`titleText`): SweetAlert2 parses `title` as
 * HTML (docs/decisions/019-text-never-markup.md).
 */
const ask = async (
  translations: i18n,
  look: { icon: "warning" | "question"; confirmKey: string; color: string },
  title: string,
): Promise<boolean> => {
  const { default: Swal } = await import("sweetalert2");
  const result = await Swal.fire({
    theme: dialogTheme(),
    icon: look.icon,
    titleText: title,
    showCancelButton: true,
    confirmButtonText: translations.t(look.confirmKey),
    cancelButtonText: translations.t("confirm.cancel"),
    confirmButtonColor: look.color,
    cancelButtonColor: CANCEL_COLOR,
    focusCancel: true,
  });
  return result.isConfirmed;
};

const deleteLook = { icon: "warning", confirmKey: "confirm.delete", color: DELETE_COLOR } as const;

const askDialog = <Input extends { readonly title: string }>(
  translations: i18n,
  look: { icon: "warning" | "question"; confirmKey: string; color: string },
) => fromPromise<boolean, Input>(({ input }) => ask(translations, look, input.title));

/** The SweetAlert2 delete dialog, as the `confirmDelete` actor a list screen provides. */
export const deleteDialog = (translations: i18n) =>
  askDialog<{ readonly title: string }>(translations, deleteLook);

/** The SweetAlert2 dialog before deleting the ticked rows, as the `confirmBulkDelete` actor: '¿Eliminar los 3 registros seleccionados?'. */
export const bulkDeleteDialog = (translations: i18n) =>
  fromPromise<boolean, BulkConfirmation>(({ input }) =>
    ask(translations, deleteLook, translations.t("table.bulkDeleteTitle", { count: input.count })),
  );

/**
 * Asks before a row command, as the `confirmCommand` actor a list screen provides: before mailing
 * a user a temporary password ('Enviar' / 'Cancelar'), the only command so far.
 */
export const sendDialog = (translations: i18n) =>
  askDialog<CommandConfirmation>(translations, { icon: "question", confirmKey: "confirm.send", color: SEND_COLOR });

/**
 * Asks before leaving a form with changes: 'Salir sin guardar' in red, 'Seguir editando' grey and
 * focused, so Enter keeps the work.
 */
export const leaveDialog =
  (translations: i18n) =>
  async (): Promise<boolean> => {
    const { default: Swal } = await import("sweetalert2");
    const result = await Swal.fire({
      theme: dialogTheme(),
      icon: "warning",
      titleText: translations.t("confirm.leaveTitle"),
      text: translations.t("confirm.leaveText"),
      showCancelButton: true,
      confirmButtonText: translations.t("confirm.leave"),
      cancelButtonText: translations.t("confirm.stay"),
      confirmButtonColor: DELETE_COLOR,
      cancelButtonColor: CANCEL_COLOR,
      focusCancel: true,
    });
    return result.isConfirmed;
  };
