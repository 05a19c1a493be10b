/** A promise a test resolves itself: one side waits for `reached`, the other calls `give` when it gets there. */
export const signal = (): { readonly reached: Promise<void>; readonly give: () => void } => {
  let give = (): void => undefined;
  const reached = new Promise<void>((resolve) => {
    give = resolve;
  });
  return { reached, give };
};
