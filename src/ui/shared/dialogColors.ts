/** The colours of the confirmation dialogs' buttons: red confirm and grey cancel (SPEC.md section 9). */
export const DELETE_COLOR = "#c62828";
export const CANCEL_COLOR = "#6c757d";

/** The brand colour for a confirm button that destroys nothing. */
export const SEND_COLOR = "#0b3c5d";
