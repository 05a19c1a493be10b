import type { i18n } from "i18next";
import { focusBack } from "./dialogFocus.ts";
import { dialogTheme } from "./theme.ts";
import { CANCEL_COLOR, DELETE_COLOR } from "./dialogColors.ts";

/**
 * Asks before leaving a form with changes: 'Salir sin guardar' in red, 'Seguir editando' grey and
 * focused, so Enter keeps the work.
 */
export const leaveDialog =
  (translations: i18n) =>
  async (): Promise<boolean> => {
    const { default: Swal } = await import("sweetalert2");
    const result = await Swal.fire({
      ...focusBack(),
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
