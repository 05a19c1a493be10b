/**
 * A press that comes while a screen is fetched again (a change heard elsewhere reloads it): kept by
 * the machine's `keepPress` action and pressed again once the screen shows (decision 112). Each
 * machine that keeps presses names `keepPress`, `forgetPress` and `wasPressedMeanwhile`; this is
 * the transition of each press it keeps, typed by the machine's own event.
 */
export const keptPress = <Press extends { readonly type: string }>(description: string) =>
  ({
    actions: { type: "keepPress", params: ({ event }: { readonly event: Press }) => ({ press: event }) },
    description,
  }) as const;
