import { dialogTheme } from "./theme.ts";

/** Toasts of SPEC.md section 9: top right, 3000 ms, 360px wide. */
export const TOAST_MS = 3000;

export type ToastIcon = "success" | "error" | "warning" | "info";

/**
 * SweetAlert2 is imported on first use so the login page never downloads it. The message is text
 * (`titleText`), never HTML: it may carry what a server or a user wrote
 * (docs/decisions/019-text-never-markup.md).
 */
export const showToast = async (title: string, icon: ToastIcon = "success"): Promise<void> => {
  const { default: Swal } = await import("sweetalert2");
  await Swal.fire({
    theme: dialogTheme(),
    toast: true,
    position: "top-end",
    timer: TOAST_MS,
    timerProgressBar: true,
    showConfirmButton: false,
    width: "360px",
    icon,
    titleText: title,
  });
};
