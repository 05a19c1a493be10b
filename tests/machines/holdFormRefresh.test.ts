/**
 * The hold form while its plan is fetched again after a change elsewhere (another seller's hold on
 * the same departure): the clicks on the plan and on Hold are not lost (decision 112).
 */
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { createClient } from "../../src/api/client.ts";
import type { CruiseCabin, ReservationDraft } from "../../src/api/reservations.ts";
import { type HoldChoices, type HoldFormInput, holdFormMachine } from "../../src/machines/reservations/holdForm.machine.ts";
import { holdCabin, holdDraft, maleAdult } from "../../src/machines/reservations/holdForm.fixtures.ts";
import { sampleReservation } from "../../src/machines/shared/samples.ts";

const client = createClient({ readToken: () => "t0k3n", fetch: () => Promise.reject(new Error("the doubles answer instead")) });

/** The form on cabin 3, its plan's second read answered when the test says; every hold sent is recorded. */
const startForm = () => {
  const held: ReservationDraft[] = [];
  let answerCabins = (_: ReadonlyArray<CruiseCabin>) => {};
  const machine = holdFormMachine.provide({
    actors: {
      fetchChoices: fromPromise<HoldChoices, HoldFormInput>(async () => ({ cruise: null, departure: null, cabins: [holdCabin], agencies: [], spaceTypes: [maleAdult] })),
      fetchCabins: fromPromise(() => new Promise<ReadonlyArray<CruiseCabin>>((resolve) => { answerCabins = resolve; })),
      hold: fromPromise(async ({ input }) => {
        held.push(input.draft);
        return sampleReservation;
      }),
    },
  });
  const actor = createActor(machine, { input: { client, cruiseId: 1, withAgencies: true } }).start();
  return { actor, held, answerCabins: (cabins: ReadonlyArray<CruiseCabin>) => answerCabins(cabins) };
};

describe("the hold form while another seller's hold reloads its plan", () => {
  it("takes a cabin picked and a berth's type chosen meanwhile", async () => {
    const { actor, answerCabins } = startForm();
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "cabins.changed" });
    expect(actor.getSnapshot().value).toBe("refreshing");
    actor.send({ type: "cabin.toggle", cabinId: 3 });
    actor.send({ type: "pickType.choose", genderId: maleAdult.id });
    expect(actor.getSnapshot().context.chosen).toEqual([3]);
    expect(actor.getSnapshot().value).toBe("refreshing");
    answerCabins([holdCabin]);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(actor.getSnapshot().context.chosen).toEqual([3]);
  });

  it("sends a Hold pressed meanwhile once the plan shows, with the draft pressed", async () => {
    const { actor, held, answerCabins } = startForm();
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "cabin.toggle", cabinId: 3 });
    actor.send({ type: "cabins.changed" });
    actor.send({ type: "hold.submit", draft: holdDraft });
    expect(held).toEqual([]);
    answerCabins([holdCabin]);
    await waitFor(actor, () => held.length === 1);
    expect(held).toEqual([holdDraft]);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(actor.getSnapshot().context.pressedMeanwhile).toBeNull();
  });
});
