import type { i18n } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import { confirmationMachine } from "../../machines/confirmation.machine.ts";
import { useFlowMachine } from "../useFlow.ts";

/** Red confirm and grey cancel (SPEC.md section 9). */
export const DELETE_COLOR = "#c62828";
export const CANCEL_COLOR = "#6c757d";

/** The brand colour for a confirm button that destroys nothing. */
export const SEND_COLOR = "#0b3c5d";

/** A SweetAlert2 question as a confirmation actor: resolves true only on the confirm button. */
const askDialog = (translations: i18n, look: { icon: "warning" | "question"; confirmKey: string; color: string }) =>
  fromPromise<boolean, { title: string }>(async ({ input }) => {
    const { default: Swal } = await import("sweetalert2");
    const result = await Swal.fire({
      icon: look.icon,
      title: input.title,
      showCancelButton: true,
      confirmButtonText: translations.t(look.confirmKey),
      cancelButtonText: translations.t("confirm.cancel"),
      confirmButtonColor: look.color,
      cancelButtonColor: CANCEL_COLOR,
      focusCancel: true,
    });
    return result.isConfirmed;
  });

/** The SweetAlert2 delete dialog as the confirmation machine's `askConfirmation` actor. */
export const deleteDialog = (translations: i18n) =>
  askDialog(translations, { icon: "warning", confirmKey: "confirm.delete", color: DELETE_COLOR });

/** Asks before mailing a user a temporary password ('Enviar' / 'Cancelar'). */
export const sendDialog = (translations: i18n) =>
  askDialog(translations, { icon: "question", confirmKey: "confirm.send", color: SEND_COLOR });

/** For a delete button: asks with the caller's title and runs `onConfirm` only on 'Delete'. */
export const useDeleteConfirmation = () => {
  const { i18n: translations } = useTranslation();
  const [logic] = useState(() =>
    confirmationMachine.provide({ actors: { askConfirmation: deleteDialog(translations) } }),
  );
  const [snapshot, send] = useFlowMachine(logic);
  return {
    isAsking: snapshot.hasTag("asking"),
    confirm: (title: string, onConfirm: () => void) => send({ type: "confirmation.request", title, onConfirm }),
  };
};
