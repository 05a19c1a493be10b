/**
 * A live change heard while a screen is still fetching (or asking) is not lost (decision 094): the
 * fetch under way may have been answered before the change, so the screen reads again once it
 * can, and shows the newer answer.
 */
import { createActor, fromPromise, waitFor } from "xstate";
import { describe, expect, it } from "vitest";
import type { DepartureAvailability } from "../../src/api/availability.ts";
import { availabilitySearchMachine, type FoundPage } from "../../src/machines/availability/availabilitySearch.machine.ts";
import { reservationPageMachine } from "../../src/machines/reservations/reservationPage.machine.ts";
import { unusedClient } from "../../src/machines/shared/fixtures.ts";

/** A fetch the test answers by hand, one call at a time, in the order they were made. */
const answeredByHand = <T>() => {
  const calls: Array<(answer: T) => void> = [];
  const actor = fromPromise<T, unknown>(() => new Promise<T>((resolve) => calls.push(resolve)));
  return { actor, calls };
};

const untilCalled = async (calls: ReadonlyArray<unknown>, count: number) => {
  for (let tries = 0; calls.length < count && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(calls).toHaveLength(count);
};

describe("a reservation's page", () => {
  it("fetches the reservation again when it changed while being fetched, and shows the newer one", async () => {
    const reservations = answeredByHand<{ readonly version: number }>();
    const machine = reservationPageMachine.provide({ actors: { fetchReservation: reservations.actor as never } });
    const page = createActor(machine, { input: { client: unusedClient, id: 1, readsMoney: false, confirmsWithoutDeposit: false } }).start();
    await untilCalled(reservations.calls, 1);
    page.send({ type: "reservation.changed" });
    reservations.calls[0]?.({ version: 1 });
    await untilCalled(reservations.calls, 2);
    reservations.calls[1]?.({ version: 2 });
    await waitFor(page, (snapshot) => snapshot.matches("ready"));
    expect(page.getSnapshot().context.reservation).toEqual({ version: 2 });
    expect(reservations.calls).toHaveLength(2);
  });

  it("fetches it again when it changed while its money was being fetched", async () => {
    const reservations = answeredByHand<{ readonly version: number }>();
    const money = answeredByHand<{ readonly account: null }>();
    const machine = reservationPageMachine.provide({ actors: { fetchReservation: reservations.actor as never, fetchMoney: money.actor as never } });
    const page = createActor(machine, { input: { client: unusedClient, id: 1, readsMoney: true, confirmsWithoutDeposit: false } }).start();
    await untilCalled(reservations.calls, 1);
    reservations.calls[0]?.({ version: 1 });
    page.send({ type: "page.painted" });
    await untilCalled(money.calls, 1);
    page.send({ type: "reservation.changed" });
    money.calls[0]?.({ account: null });
    await untilCalled(reservations.calls, 2);
    reservations.calls[1]?.({ version: 2 });
    await untilCalled(money.calls, 2);
    money.calls[1]?.({ account: null });
    await waitFor(page, (snapshot) => snapshot.matches("ready"));
    expect(page.getSnapshot().context.reservation).toEqual({ version: 2 });
  });

  it("fetches nothing more when nothing changed", async () => {
    const reservations = answeredByHand<{ readonly version: number }>();
    const machine = reservationPageMachine.provide({ actors: { fetchReservation: reservations.actor as never } });
    const page = createActor(machine, { input: { client: unusedClient, id: 1, readsMoney: false, confirmsWithoutDeposit: false } }).start();
    await untilCalled(reservations.calls, 1);
    reservations.calls[0]?.({ version: 1 });
    await waitFor(page, (snapshot) => snapshot.matches("ready"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([page.getSnapshot().value, reservations.calls.length]).toEqual(["ready", 1]);
  });
});

describe("the availability", () => {
  it("asks its question again when a departure's berths changed while it was being answered, and shows the newer answer", async () => {
    const searches = answeredByHand<FoundPage>();
    const machine = availabilitySearchMachine.provide({ actors: { search: searches.actor as never } });
    const screen = createActor(machine, { input: { client: unusedClient, form: { from: "2030-01-01", to: "2030-03-31", yachtId: "", passengers: "" } } }).start();
    await untilCalled(searches.calls, 1);
    screen.send({ type: "departures.changed" });
    await untilCalled(searches.calls, 2);
    const newer = [{ cruiseId: 7 }] as unknown as ReadonlyArray<DepartureAvailability>;
    searches.calls[1]?.({ departures: newer, total: 1 });
    await waitFor(screen, (snapshot) => snapshot.matches("showing"));
    expect(screen.getSnapshot().context.departures).toBe(newer);
  });

  it("asks a question submitted while a change has the departures looked up again, instead of the old one (decision 112)", async () => {
    const searches = answeredByHand<FoundPage>();
    const asked: string[] = [];
    const machine = availabilitySearchMachine.provide({
      actors: { search: searches.actor as never },
      actions: { publishForm: ({ context }) => void asked.push(context.form.from) },
    });
    const screen = createActor(machine, { input: { client: unusedClient, form: { from: "2030-01-01", to: "2030-03-31", yachtId: "", passengers: "" } } }).start();
    await untilCalled(searches.calls, 1);
    searches.calls[0]?.({ departures: [], total: 0 });
    await waitFor(screen, (snapshot) => snapshot.matches("showing"));
    screen.send({ type: "departures.changed" });
    await untilCalled(searches.calls, 2);
    screen.send({ type: "search.submit", form: { from: "2030-06-01", to: "2030-06-30", yachtId: "", passengers: "" } });
    await untilCalled(searches.calls, 3);
    expect(asked).toEqual(["2030-06-01"]);
    const june = [{ cruiseId: 9 }] as unknown as ReadonlyArray<DepartureAvailability>;
    searches.calls[2]?.({ departures: june, total: 1 });
    await waitFor(screen, (snapshot) => snapshot.matches("showing"));
    expect(screen.getSnapshot().context).toMatchObject({ departures: june, form: { from: "2030-06-01" } });
  });
});
