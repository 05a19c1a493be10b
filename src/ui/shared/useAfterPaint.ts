import { startTransition, useEffect, useState } from "react";
import { afterPaint } from "./afterPaint.ts";

/**
 * True once `ready` has been true through a painted frame (./afterPaint.ts) and `fetch` (what is
 * drawn next: a lazy part's chunk) has answered: a page draws its first screen, and what it fetches
 * and draws after this neither delays that paint nor makes one long task with it, and the part is
 * drawn without suspending (./lazyChunk.tsx). The change is a transition, so React draws what
 * follows in slices between frames.
 */
export const useAfterPaint = (ready: boolean, fetch: () => Promise<unknown>): boolean => {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let current = true;
    void afterPaint()
      .then(fetch)
      // a chunk that could not be fetched is asked again by `lazy`, which shows the failure as before
      .catch(() => undefined)
      .then(() => {
        if (current) startTransition(() => setPainted(true));
      });
    return () => {
      current = false;
    };
  }, [ready, painted, fetch]);
  return painted;
};
