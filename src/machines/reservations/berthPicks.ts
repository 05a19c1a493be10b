import type { CruiseCabin, ReservationDraft } from "../../api/reservations.ts";

/**
 * A free berth the seller picked on the departure's plan, with the space type it is to take: one
 * space of its cabin in the hold's draft. The server books a cabin's spaces, not its berths, so the
 * berth only says where the pick shows on the plan.
 */
export interface BerthPick {
  readonly cabinId: number;
  readonly berth: number;
  readonly genderId: number;
}

const samePlace = (pick: BerthPick, cabinId: number, berth: number): boolean => pick.cabinId === cabinId && pick.berth === berth;

/** Whether the seller picked this berth. */
export const isPicked = (picks: ReadonlyArray<BerthPick>, cabinId: number, berth: number): boolean => picks.some((pick) => samePlace(pick, cabinId, berth));

/** Whether a berth of the plan is there and holds no live space (what the last read of the plan said). */
export const isFreeBerth = (cabins: ReadonlyArray<CruiseCabin>, cabinId: number, berth: number): boolean => {
  const cabin = cabins.find((candidate) => candidate.id === cabinId);
  return cabin !== undefined && berth >= 0 && berth < cabin.berths.length && cabin.berths[berth] === null;
};

/** The picks with one more, or with that berth let go when it was picked. */
export const togglePick = (picks: ReadonlyArray<BerthPick>, pick: BerthPick): ReadonlyArray<BerthPick> =>
  isPicked(picks, pick.cabinId, pick.berth) ? picks.filter((other) => !samePlace(other, pick.cabinId, pick.berth)) : [...picks, pick];

/** The picks with one berth's space type changed. */
export const retypePick = (picks: ReadonlyArray<BerthPick>, cabinId: number, berth: number, genderId: number): ReadonlyArray<BerthPick> =>
  picks.map((pick) => (samePlace(pick, cabinId, berth) ? { ...pick, genderId } : pick));

/**
 * The picks after the plan was read again: a pick whose berth someone else took moves to another
 * free berth of its cabin (the server fills a cabin's berths in order, so the berth a pick showed on
 * may now be another's while its cabin still has room), and is dropped when its cabin has none left.
 */
export const reseatPicks = (cabins: ReadonlyArray<CruiseCabin>, picks: ReadonlyArray<BerthPick>): ReadonlyArray<BerthPick> => {
  const kept: BerthPick[] = [];
  const stays = picks.filter((pick) => isFreeBerth(cabins, pick.cabinId, pick.berth));
  for (const pick of picks) {
    if (stays.includes(pick)) {
      kept.push(pick);
      continue;
    }
    const cabin = cabins.find((candidate) => candidate.id === pick.cabinId);
    const berth = cabin?.berths.findIndex(
      (space, index) => space === null && !isPicked(stays, pick.cabinId, index) && !isPicked(kept, pick.cabinId, index),
    );
    if (berth !== undefined && berth >= 0) kept.push({ ...pick, berth });
  }
  return kept;
};

/**
 * The draft the form sent with the picked berths added: each pick one space of its type in its
 * cabin, after the spaces counted in the form; a cabin picked only by its berths joins the draft.
 * A charter takes the whole yacht, so its draft names no cabin and the picks stay out of it.
 */
export const withPicks = (draft: ReservationDraft, picks: ReadonlyArray<BerthPick>): ReservationDraft => {
  if (draft.type === "charter" || picks.length === 0) return draft;
  const picked = [...new Set(picks.map((pick) => pick.cabinId))];
  const spacesOf = (cabinId: number) => picks.filter((pick) => pick.cabinId === cabinId).map((pick) => ({ genderId: pick.genderId }));
  const cabins = draft.cabins.map((cabin) => ({ ...cabin, spaces: [...cabin.spaces, ...spacesOf(cabin.cabinId)] }));
  const more = picked.filter((cabinId) => !draft.cabins.some((cabin) => cabin.cabinId === cabinId));
  return { ...draft, cabins: [...cabins, ...more.map((cabinId) => ({ cabinId, spaces: spacesOf(cabinId) }))] };
};
