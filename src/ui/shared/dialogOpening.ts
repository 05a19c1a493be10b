import type { i18n } from "i18next";
import { CANCEL_COLOR, SEND_COLOR } from "./dialogColors.ts";
import { focusBack } from "./dialogFocus.ts";
import { dialogTheme } from "./theme.ts";

/**
 * What every SweetAlert2 question of the panel opens with: the theme, its icon, its title as text
 * (`titleText`: SweetAlert2 parses `title` as HTML, decision 019), a confirm button (the brand
 * colour unless told) beside a grey 'Cancelar', and the focus back on the button pressed once it
 * closes (`focusBack`).
 */
export const dialogOpening = (
  translations: i18n,
  look: { readonly icon: "warning" | "question"; readonly title: string; readonly confirm: string; readonly color?: string },
) => ({
  ...focusBack(),
  theme: dialogTheme(),
  icon: look.icon,
  titleText: look.title,
  showCancelButton: true,
  confirmButtonText: look.confirm,
  cancelButtonText: translations.t("confirm.cancel"),
  confirmButtonColor: look.color ?? SEND_COLOR,
  cancelButtonColor: CANCEL_COLOR,
});
