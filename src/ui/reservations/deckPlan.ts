import { CABIN_COLUMNS, CABIN_ROWS, MAX_CABIN_X, MAX_CABIN_Y } from "../../api/yachtPages.ts";

export interface PlanCabin {
  readonly id: number;
  readonly name: string;
  readonly capacity: number;
}

export interface PlanDeck {
  readonly id: number;
  readonly name: string;
  readonly cabins: ReadonlyArray<PlanCabin>;
  /** The deck's drawing on the yacht's deck_plan page (a stored image's path), which the boxes are placed on; none: the bare grid. */
  readonly drawing?: string;
}

/** Where a cabin's box sits on its deck's plan: its top-left corner, in whole grid units. */
export interface CabinPosition {
  readonly cabin: number;
  readonly x: number;
  readonly y: number;
}

/** A coordinate inside 0..max in whole units; what is not a number (an emptied input) goes to the edge. */
const withinPlan = (value: number, max: number): number =>
  Number.isFinite(value) ? Math.min(max, Math.max(0, Math.round(value))) : 0;

const boxesOverlap = (a: CabinPosition, b: CabinPosition): boolean =>
  a.x < b.x + CABIN_COLUMNS && b.x < a.x + CABIN_COLUMNS && a.y < b.y + CABIN_ROWS && b.y < a.y + CABIN_ROWS;

/** The slots a new cabin may take, side by side from the top-left corner, row after row. */
const slots: ReadonlyArray<{ readonly x: number; readonly y: number }> = Array.from(
  { length: Math.floor(MAX_CABIN_Y / CABIN_ROWS) + 1 },
  (_, row) => Array.from({ length: Math.floor(MAX_CABIN_X / CABIN_COLUMNS) + 1 }, (_, column) => ({ x: column * CABIN_COLUMNS, y: row * CABIN_ROWS })),
).flat();

/**
 * Every cabin of every deck with a position, in the decks' order and then the cabins': the saved
 * one kept inside the plan, or for a cabin never placed the first slot of its deck that no box
 * covers, so a new cabin shows beside the others rather than on top of one. A saved position of a
 * cabin that is no longer on any deck is left out.
 */
export const placeCabins = (decks: ReadonlyArray<PlanDeck>, positions: ReadonlyArray<CabinPosition>): CabinPosition[] =>
  decks.flatMap((deck) => {
    const saved = new Map<number, CabinPosition>();
    for (const position of positions) {
      if (!saved.has(position.cabin) && deck.cabins.some((cabin) => cabin.id === position.cabin)) {
        saved.set(position.cabin, { cabin: position.cabin, x: withinPlan(position.x, MAX_CABIN_X), y: withinPlan(position.y, MAX_CABIN_Y) });
      }
    }
    const taken = [...saved.values()];
    return deck.cabins.map(({ id }) => {
      const known = saved.get(id);
      if (known !== undefined) return known;
      const slot = slots.find((free) => !taken.some((box) => boxesOverlap(box, { cabin: id, ...free }))) ?? { x: 0, y: 0 };
      const placed = { cabin: id, ...slot };
      taken.push(placed);
      return placed;
    });
  });

/** The positions with one cabin moved, kept inside the plan in whole units. */
export const moveCabin = (positions: ReadonlyArray<CabinPosition>, cabinId: number, x: number, y: number): CabinPosition[] =>
  positions.map((position) =>
    position.cabin === cabinId ? { cabin: cabinId, x: withinPlan(x, MAX_CABIN_X), y: withinPlan(y, MAX_CABIN_Y) } : position,
  );

/** The cabins whose box covers part of another box on the same deck. */
export const overlapping = (decks: ReadonlyArray<PlanDeck>, positions: ReadonlyArray<CabinPosition>): ReadonlySet<number> => {
  const found = new Set<number>();
  for (const deck of decks) {
    const boxes = positions.filter((position) => deck.cabins.some((cabin) => cabin.id === position.cabin));
    for (const [index, box] of boxes.entries()) {
      for (const other of boxes.slice(index + 1)) {
        if (boxesOverlap(box, other)) {
          found.add(box.cabin);
          found.add(other.cabin);
        }
      }
    }
  }
  return found;
};

/** A cabin that says its deck and, when its deck's plan places it, where (a departure's cabins). */
export interface DeckCabin extends PlanCabin {
  readonly deckId: number | null;
  readonly deckName: string | null;
  readonly position: { readonly x: number; readonly y: number } | null;
}

/** A deck's cabins, each at its place on the deck's plan. */
export interface PlacedDeck<C extends DeckCabin> {
  readonly id: number | null;
  readonly name: string;
  readonly cabins: ReadonlyArray<{ readonly cabin: C; readonly position: CabinPosition }>;
}

/**
 * Cabins grouped by deck in the order they come (the yacht's: decks, then cabins), each at the
 * position its deck's plan saved or, never placed, where the editor shows it (placeCabins), so a
 * departure's plan is the drawing staff see on the yacht's deck_schema page.
 */
export const cabinsOnDecks = <C extends DeckCabin>(cabins: ReadonlyArray<C>): PlacedDeck<C>[] => {
  const byDeck = new Map<number | null, C[]>();
  for (const cabin of cabins) byDeck.set(cabin.deckId, [...(byDeck.get(cabin.deckId) ?? []), cabin]);
  return [...byDeck.entries()].map(([id, own]) => {
    const saved = own.flatMap((cabin) => (cabin.position === null ? [] : [{ cabin: cabin.id, ...cabin.position }]));
    const placed = new Map(placeCabins([{ id: id ?? 0, name: "", cabins: own }], saved).map((position) => [position.cabin, position]));
    return {
      id,
      name: own[0]?.deckName ?? "",
      cabins: own.map((cabin) => ({ cabin, position: placed.get(cabin.id) ?? { cabin: cabin.id, x: 0, y: 0 } })),
    };
  });
};
