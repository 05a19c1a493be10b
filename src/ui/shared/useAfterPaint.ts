import { startTransition, useEffect, useState } from "react";
import { afterPaint } from "./afterPaint.ts";

/**
 * True once `ready` has been true through a painted frame (./afterPaint.ts): a page draws its first
 * screen, and what it fetches and draws after this (a lazy part below) neither delays that paint nor
 * makes one long task with it. The change is a transition, so React draws what follows in slices
 * between frames.
 */
export const useAfterPaint = (ready: boolean): boolean => {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let current = true;
    void afterPaint().then(() => {
      if (current) startTransition(() => setPainted(true));
    });
    return () => {
      current = false;
    };
  }, [ready, painted]);
  return painted;
};
