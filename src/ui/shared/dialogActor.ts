import { fromPromise } from "xstate";

/**
 * A SweetAlert2 question as a machine's actor whose dialog leaves with it. A machine that leaves
 * the asking state before the answer (the address changed under a list, Back to another screen)
 * stops the actor; SweetAlert2 knows nothing of that, and its dialog stayed over the next screen,
 * its buttons answering an actor no longer there ('Eliminar' deleted nothing; decision 123). So the
 * dialog is closed when its actor stops, and not shown at all when the actor stopped while
 * SweetAlert2's code was being fetched. `ask` gets the actor's signal for what it fetches first
 * itself (a stopped actor's `closed` answer is never read).
 */
export const dialogActor = <Output, Input>(closed: Output, ask: (input: Input, signal: AbortSignal) => Promise<Output>) =>
  fromPromise<Output, Input>(async ({ input, signal }) => {
    const { default: Swal } = await import("sweetalert2");
    if (signal.aborted) return closed;
    // only a running actor is stopped, and a running one's dialog is the one shown
    const close = () => Swal.close();
    signal.addEventListener("abort", close, { once: true });
    try {
      return await ask(input, signal);
    } finally {
      signal.removeEventListener("abort", close);
    }
  });
