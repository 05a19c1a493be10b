/**
 * Runs `round` after `firstAfterMs` (now, by default) and then every `intervalMs`, one round at a
 * time (a round that outlasts the interval is followed, not overlapped), until the answered stop
 * function is called; stopping waits for the round under way. `round` handles its own failures:
 * one failed round does not stop the next.
 */
export const repeatEvery = (intervalMs: number, round: () => Promise<void>, firstAfterMs = 0): (() => Promise<void>) => {
  let running: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setInterval> | undefined;
  const next = () => {
    running = running.then(round);
  };
  const begin = () => {
    next();
    timer = setInterval(next, intervalMs);
  };
  const first = firstAfterMs > 0 ? setTimeout(begin, firstAfterMs) : undefined;
  if (first === undefined) begin();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
};
