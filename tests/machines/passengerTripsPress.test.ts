/**
 * A passenger's departures while they are fetched again after the passenger was saved: a leg
 * booked or removed meanwhile is not lost (decision 112).
 */
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { PassengerFlightDraft } from "../../src/api/passengers.ts";
import { passengerTripsMachine } from "../../src/machines/passengers/passengerTrips.machine.ts";
import { unusedClient } from "../../src/machines/shared/fixtures.ts";
import { flights } from "../../src/records/referenceData.ts";

const leg: PassengerFlightDraft = { passengerId: 4, cruiseId: 2, direction: "outbound", flightId: 1, date: "2027-03-04", time: null };

/** The trips with the second read answered by hand; the legs sent and the removals asked are recorded. */
const startTrips = () => {
  const booked: PassengerFlightDraft[] = [];
  const asked: string[] = [];
  let reads = 0;
  let answer = () => {};
  const machine = passengerTripsMachine.provide({
    actors: {
      fetchTrips: fromPromise(() => {
        reads += 1;
        const loaded = { passenger: null, flightChoices: [] } as never;
        return reads === 1 ? Promise.resolve(loaded) : new Promise((resolve) => { answer = () => resolve(loaded); });
      }),
      bookLeg: fromPromise(async ({ input }) => {
        booked.push(input.leg);
        return "created";
      }),
      askRemoval: fromPromise(async ({ input }) => {
        asked.push(input.title);
        return false;
      }),
    },
  });
  const trips = createActor(machine, { input: { client: unusedClient, passengerId: 4, flights: flights.api.list } }).start();
  return { trips, booked, asked, answer: () => answer() };
};

describe("a passenger's departures fetched again after the passenger was saved", () => {
  it("books a leg sent meanwhile once they show", async () => {
    const { trips, booked, answer } = startTrips();
    await waitFor(trips, (snapshot) => snapshot.matches("ready"));
    trips.send({ type: "passenger.changed" });
    trips.send({ type: "leg.book", leg });
    expect(booked).toEqual([]);
    answer();
    await waitFor(trips, () => booked.length === 1);
    expect(booked).toEqual([leg]);
  });

  it("asks a removal pressed meanwhile once they show, and forgets it after", async () => {
    const { trips, asked, answer } = startTrips();
    await waitFor(trips, (snapshot) => snapshot.matches("ready"));
    trips.send({ type: "passenger.changed" });
    trips.send({ type: "leg.remove", legId: 3, title: "¿Quitar el tramo?" });
    answer();
    await waitFor(trips, () => asked.length === 1);
    expect(asked).toEqual(["¿Quitar el tramo?"]);
    await waitFor(trips, (snapshot) => snapshot.matches("ready"));
    expect(trips.getSnapshot().context.pressedMeanwhile).toBeNull();
  });
});
