/** How many frames to wait for what went wrong to be drawn (the banner's texts may still be loading). */
const FRAMES_TO_WAIT = 30;

/** A checkbox group is marked as a whole: its first box takes the focus. */
const focusable = (element: HTMLElement): HTMLElement =>
  element instanceof HTMLFieldSetElement ? (element.querySelector<HTMLElement>("input, select, textarea") ?? element) : element;

/**
 * Takes the user to what went wrong in the screen's form: the first field marked invalid gets the
 * focus and is scrolled to the middle of the screen; without one, the red banner is scrolled into
 * view. Runs once the problem is drawn, a few frames at most after the flow asked for it.
 */
export const revealProblem = (frames = FRAMES_TO_WAIT): void => {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>("form [aria-invalid='true']");
    if (field !== null) {
      const target = focusable(field);
      target.focus({ preventScroll: true });
      // optional: a DOM without layout (the component tests') has no scrolling
      target.scrollIntoView?.({ block: "center" });
      return;
    }
    const banner = document.querySelector<HTMLElement>("[role='alert']");
    if (banner !== null) banner.scrollIntoView?.({ block: "center" });
    else if (frames > 0) revealProblem(frames - 1);
  });
};
