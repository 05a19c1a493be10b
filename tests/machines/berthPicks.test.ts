import { describe, expect, it } from "vitest";
import { SpaceId } from "../../src/api/ids.ts";
import type { CruiseCabin } from "../../src/api/reservations.ts";
import { isFreeBerth, reseatPicks, togglePick, withPicks } from "../../src/machines/reservations/berthPicks.ts";

const taken = { spaceId: SpaceId.make(1), state: "reserved", reservationCode: null, reservationId: null, agencyName: null, genderId: 1 } as const;
const cabin = (id: number, berths: CruiseCabin["berths"]): CruiseCabin => ({
  id,
  name: String(id),
  deckId: 1,
  deckName: "Principal",
  category: "double",
  familyRoom: false,
  capacity: berths.length,
  berths,
  waiting: 0,
  position: null,
  deckPlan: null,
});

describe("berths picked on a departure's plan", () => {
  it("are free ones only, and a second press lets one go", () => {
    const cabins = [cabin(3, [taken, null])];
    expect([isFreeBerth(cabins, 3, 0), isFreeBerth(cabins, 3, 1), isFreeBerth(cabins, 3, 2), isFreeBerth(cabins, 4, 0)]).toEqual([false, true, false, false]);
    const picked = togglePick([], { cabinId: 3, berth: 1, genderId: 2 });
    expect(picked).toEqual([{ cabinId: 3, berth: 1, genderId: 2 }]);
    expect(togglePick(picked, { cabinId: 3, berth: 1, genderId: 1 })).toEqual([]);
  });

  it("move to another free berth of their cabin when theirs is taken meanwhile, and go when none is left", () => {
    const picks = [
      { cabinId: 3, berth: 0, genderId: 2 },
      { cabinId: 4, berth: 1, genderId: 1 },
    ];
    const now = [cabin(3, [taken, null]), cabin(4, [taken, taken])];
    expect(reseatPicks(now, picks)).toEqual([{ cabinId: 3, berth: 1, genderId: 2 }]);
  });

  it("join the draft as one space of their type each, after the spaces the form counted, and stay out of a charter", () => {
    const draft = { cruiseId: 7, agencyId: null, type: "general" as const, cabins: [{ cabinId: 3, spaces: [{ genderId: 1 }] }] };
    const picks = [
      { cabinId: 5, berth: 0, genderId: 2 },
      { cabinId: 3, berth: 1, genderId: 2 },
      { cabinId: 5, berth: 1, genderId: 1 },
    ];
    expect(withPicks(draft, picks).cabins).toEqual([
      { cabinId: 3, spaces: [{ genderId: 1 }, { genderId: 2 }] },
      { cabinId: 5, spaces: [{ genderId: 2 }, { genderId: 1 }] },
    ]);
    expect(withPicks({ ...draft, type: "charter", cabins: [] }, picks).cabins).toEqual([]);
  });
});
