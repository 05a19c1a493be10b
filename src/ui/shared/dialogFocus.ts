/**
 * A SweetAlert2 dialog's options that give the focus back, once it has closed, to what had it when
 * the dialog opened (the button pressed). SweetAlert2 does it itself 100 ms after a close, but a
 * toast shown in that time (a command's outcome) cancels it and leaves SweetAlert2 holding that
 * button for the next dialog: after the next dialog's 'Cancelar' the focus went to the earlier
 * button, on another row (decision 124). A toast takes none of these: it never held the focus.
 * A dialog opened while this one was closing keeps the focus: its page behind is not to be used.
 */
export const focusBack = () => {
  const opener = document.activeElement;
  return {
    returnFocus: false,
    didClose: () => {
      const anotherDialog = document.querySelector(".swal2-popup:not(.swal2-toast)") !== null;
      if (!anotherDialog && opener instanceof HTMLElement && opener !== document.body && opener.isConnected) opener.focus({ preventScroll: true });
    },
  } as const;
};
