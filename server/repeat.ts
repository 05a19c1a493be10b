/**
 * Runs `round` now and every `intervalMs`, one round at a time (a round that outlasts the interval
 * is followed, not overlapped), until the answered stop function is called; stopping waits for the
 * round under way. `round` handles its own failures: one failed round does not stop the next.
 */
export const repeatEvery = (intervalMs: number, round: () => Promise<void>): (() => Promise<void>) => {
  let running: Promise<void> = Promise.resolve();
  const next = () => {
    running = running.then(round);
  };
  next();
  const timer = setInterval(next, intervalMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
};
