/**
 * A departure's berths (DOMAIN.md sections 4 and 5), as pure functions of the facts the server
 * loads under the departure's lock: its cabins and the live spaces that claim them. The
 * reservation machine's guards read what these answer, so the rules are written once; the
 * property test replays random holds, confirmations, cancellations, expiries and waits against a
 * plain model of the berths with them.
 */

/** A cabin as the berths count it: how many berths, and whether one reservation takes it whole. */
export interface BerthCabin {
  readonly id: number;
  readonly capacity: number;
  readonly familyRoom: boolean;
}

/** The state of a space that claims a berth or waits for one. */
export type LiveState = "reserved" | "confirmed" | "waiting";

/** A live space of the departure: its reservation, cabin, space type and state; `charter` when its reservation charters the yacht. */
export interface LiveSpace {
  readonly reservationId: number;
  readonly cabinId: number;
  readonly genderId: number;
  readonly state: LiveState;
  readonly charter: boolean;
}

/** A reservation's cabins and their spaces' types, as asked. */
export interface BerthRequest {
  /** The reservation asking (its own live spaces do not stand in its way), or null for a new one. */
  readonly reservationId: number | null;
  readonly charter: boolean;
  readonly cabins: ReadonlyArray<{ readonly cabinId: number; readonly spaces: ReadonlyArray<{ readonly genderId: number }> }>;
}

/** Why a request cannot hold its berths now, in the order the rules are judged; null when it can. */
export type BerthProblem =
  | "charterTaken"
  | "charterBlocked"
  | "cruiseFull"
  | "cabinNotAvailable"
  | "familyRoomTaken"
  | "genderNotAllowed"
  | null;

/** Whether a space holds a berth (a waiting one only hopes to). */
const holdsBerth = (space: LiveSpace): boolean => space.state !== "waiting";

/** The berths of the departure: its cabins' capacity. */
export const capacityOf = (cabins: ReadonlyArray<BerthCabin>): number => cabins.reduce((total, cabin) => total + cabin.capacity, 0);

/**
 * What stops a request from holding its berths now:
 * - another live charter (`another charter reservation exists`), or any other live space when it
 *   charters (`no charter creation when spaces are occupied`);
 * - a chartered yacht, or fewer free berths on the departure than asked (`cruise full`);
 * - a cabin with fewer free berths than asked (`cabin not available`);
 * - a family room someone else holds (`another reservation with family room on the cabin`);
 * - a cabin shared with another reservation holding another adult space type, or a child without
 *   an adult of its own reservation in the cabin (`gender not allowed`).
 */
export const berthProblem = (
  cabins: ReadonlyArray<BerthCabin>,
  live: ReadonlyArray<LiveSpace>,
  request: BerthRequest,
  childTypes: ReadonlySet<number>,
): BerthProblem => {
  const others = live.filter((space) => space.reservationId !== request.reservationId && holdsBerth(space));
  const own = live.filter((space) => space.reservationId === request.reservationId && request.reservationId !== null && holdsBerth(space));
  const otherCharter = others.some((space) => space.charter);
  if (request.charter && otherCharter) return "charterTaken";
  if (request.charter && others.length > 0) return "charterBlocked";
  if (otherCharter) return "cruiseFull";
  const asked = request.cabins.reduce((total, cabin) => total + cabin.spaces.length, 0);
  if (capacityOf(cabins) - others.length - own.length < asked) return "cruiseFull";
  for (const { cabinId, spaces } of request.cabins) {
    const cabin = cabins.find((candidate) => candidate.id === cabinId);
    const taken = [...others, ...own].filter((space) => space.cabinId === cabinId);
    if (cabin === undefined || cabin.capacity - taken.length < spaces.length) return "cabinNotAvailable";
  }
  for (const { cabinId } of request.cabins) {
    const cabin = cabins.find((candidate) => candidate.id === cabinId);
    if (cabin?.familyRoom === true && others.some((space) => space.cabinId === cabinId)) return "familyRoomTaken";
  }
  for (const { cabinId, spaces } of request.cabins) {
    const adults = (genderIds: ReadonlyArray<number>) => genderIds.filter((genderId) => !childTypes.has(genderId));
    const mine = [...own.filter((space) => space.cabinId === cabinId).map((space) => space.genderId), ...spaces.map((space) => space.genderId)];
    const theirs = others.filter((space) => space.cabinId === cabinId).map((space) => space.genderId);
    if (mine.some((genderId) => childTypes.has(genderId)) && adults(mine).length === 0) return "genderNotAllowed";
    if (theirs.length > 0 && new Set([...adults(mine), ...adults(theirs)]).size > 1) return "genderNotAllowed";
  }
  return null;
};

/** A departure's status of SPEC.md section 4. */
export type DepartureStatus = "available" | "reserved" | "confirmed" | "wait";

/** A departure's berths: held, confirmed, waiting and free, and its status. */
export interface BerthCount {
  readonly capacity: number;
  readonly held: number;
  readonly confirmed: number;
  readonly waiting: number;
  readonly free: number;
  readonly status: DepartureStatus;
}

/** How many live spaces a departure has in each state, and whether a charter holds it. */
export interface SpaceTally {
  readonly held: number;
  readonly confirmed: number;
  readonly waiting: number;
  readonly chartered: boolean;
}

/** The tally of some live spaces. */
export const tally = (live: ReadonlyArray<Pick<LiveSpace, "state" | "charter">>): SpaceTally => ({
  held: live.filter((space) => space.state === "reserved").length,
  confirmed: live.filter((space) => space.state === "confirmed").length,
  waiting: live.filter((space) => space.state === "waiting").length,
  chartered: live.some((space) => space.charter && space.state !== "waiting"),
});

/**
 * The berths of a departure from its live spaces: a chartered yacht has none free; someone waiting
 * makes it `wait`; else `available` while a berth is free, `reserved` while some are only held,
 * `confirmed` when every berth is.
 */
export const countBerths = (capacity: number, spaces: SpaceTally): BerthCount => {
  const { held, confirmed, waiting, chartered } = spaces;
  const free = chartered ? 0 : Math.max(0, capacity - held - confirmed);
  const status: DepartureStatus = waiting > 0 ? "wait" : free > 0 ? "available" : held > 0 ? "reserved" : "confirmed";
  return { capacity, held, confirmed, waiting, free, status };
};

/** A cabin and the space types asked in it. */
export interface RequestedCabin {
  readonly cabinId: number;
  readonly spaces: ReadonlyArray<{ readonly genderId: number }>;
}

/** Whether a request holds every berth of every cabin of the yacht, as a charter must. */
export const wholeYacht = (cabins: ReadonlyArray<BerthCabin>, request: BerthRequest): boolean =>
  cabins.every((cabin) => request.cabins.filter(({ cabinId }) => cabinId === cabin.id).reduce((asked, { spaces }) => asked + spaces.length, 0) === cabin.capacity);

/** Counts of each space type, by type. */
const typeCounts = (spaces: ReadonlyArray<{ readonly genderId: number }>): Map<number, number> => {
  const counts = new Map<number, number>();
  for (const { genderId } of spaces) counts.set(genderId, (counts.get(genderId) ?? 0) + 1);
  return counts;
};

/**
 * What a change of a reservation's bookings asks, from its live spaces and the cabins wanted: the
 * spaces to add (each cabin's types beyond its live spaces), the cabins left out, and whether it
 * drops or shrinks a booking that still has live spaces (`the booking for this cabin has spaces`).
 */
export const bookingChanges = (
  live: ReadonlyArray<{ readonly cabinId: number; readonly genderId: number }>,
  wanted: ReadonlyArray<RequestedCabin>,
): { readonly added: ReadonlyArray<RequestedCabin>; readonly leftOut: ReadonlyArray<number>; readonly bookingHasSpaces: boolean } => {
  let bookingHasSpaces = false;
  const added: RequestedCabin[] = [];
  for (const cabin of wanted) {
    const held = typeCounts(live.filter((space) => space.cabinId === cabin.cabinId));
    const asked = typeCounts(cabin.spaces);
    if ([...held].some(([genderId, count]) => (asked.get(genderId) ?? 0) < count)) bookingHasSpaces = true;
    const extra = [...asked].flatMap(([genderId, count]) => Array.from({ length: Math.max(0, count - (held.get(genderId) ?? 0)) }, () => ({ genderId })));
    if (extra.length > 0) added.push({ cabinId: cabin.cabinId, spaces: extra });
  }
  const kept = new Set(wanted.map(({ cabinId }) => cabinId));
  const leftOut = [...new Set(live.map(({ cabinId }) => cabinId))].filter((cabinId) => !kept.has(cabinId));
  if (leftOut.length > 0) bookingHasSpaces = true;
  return { added, leftOut, bookingHasSpaces };
};
