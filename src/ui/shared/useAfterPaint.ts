import { startTransition, useEffect, useState } from "react";

/**
 * True once `ready` has been true through a painted frame: a page draws its first screen, and what
 * it fetches and draws after this (a lazy part below) neither delays that paint nor makes one long
 * task with it. The change is a transition, so React draws what follows in slices between frames.
 */
export const useAfterPaint = (ready: boolean): boolean => {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // the frame's callback runs before its paint; the task queued from it, after
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
};
