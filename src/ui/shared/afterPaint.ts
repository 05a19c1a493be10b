/**
 * Resolves once what is drawn now has been painted and shown: the first frame's callback runs
 * before its paint, the next frame's after that paint was presented, and the task queued from it
 * after the browser recorded the paint's timing. A page's first screen asks what it does not draw
 * (its lower sections' code, their reads) after this, so that neither delays that paint, which
 * Lighthouse counts as the page's largest when every request ended before it was recorded (decision 087).
 */
export const afterPaint = (): Promise<void> =>
  new Promise((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)));
  });
