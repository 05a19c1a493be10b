/**
 * A list of refusals in which one opens with its facts (a departure's recent refusals, a guard's
 * on the flows page): the same two events in whichever state lists them. The builder returns
 * plain configuration, the named guard (`isListed`) and actions (`openRefusal`, `closeRefusal`)
 * each machine implements over its own list, so the Stately visualizer, docs/flows and the path
 * tests read what written-out transitions would give.
 */

const refusalId = ({ event }: { readonly event: { readonly id: number } }) => ({ id: event.id });

/** `refusal.open` and `refusal.close` in the state `listing` (they stay in it); `opened` says what an opened refusal shows. */
export const refusalOpening = <const Listing extends string>(listing: Listing, opened: string) =>
  ({
    "refusal.open": [
      { guard: { type: "isListed", params: refusalId }, target: listing, actions: { type: "openRefusal", params: refusalId }, description: opened },
      { target: listing, description: "A refusal the list does not have: nothing opens." },
    ],
    "refusal.close": { target: listing, actions: "closeRefusal", description: "The open refusal is closed." },
  }) as const;
