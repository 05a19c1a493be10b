import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { createClient } from "../../src/api/client.ts";
import { ApiError } from "../../src/api/errors.ts";
import { messages } from "../../src/api/messages.ts";
import type { Reservation } from "../../src/api/reservations.ts";
import { type Money, reservationPageMachine } from "../../src/machines/reservations/reservationPage.machine.ts";
import { money, reservation } from "../../src/machines/reservations/reservationPage.fixtures.ts";

/** Actors are doubles in these tests: the client is only passed around, never called. */
const client = createClient({
  readToken: () => "t0k3n",
  fetch: () => Promise.reject(new Error("the doubles answer instead")),
});


/** The page's machine with doubles that count the reads: the reservation's and the money's. */
const startPage = (readsMoney: boolean, moneyAnswer: () => Promise<Money> = async () => money) => {
  const reads = { reservation: 0, money: 0 };
  const machine = reservationPageMachine.provide({
    actors: {
      fetchReservation: fromPromise(async () => {
        reads.reservation += 1;
        return reservation;
      }),
      fetchMoney: fromPromise(() => {
        reads.money += 1;
        return moneyAnswer();
      }),
    },
  });
  const actor = createActor(machine, { input: { client, id: 1, readsMoney, confirmsWithoutDeposit: false } }).start();
  return { actor, reads };
};

describe("the reservation page reads its money after the first screen's paint (decision 087)", () => {
  it("shows the reservation and waits for the view's page.painted before reading the account and payments", async () => {
    const { actor, reads } = startPage(true);
    await waitFor(actor, (snapshot) => snapshot.matches("awaitingFirstPaint"));
    // a few turns of the event loop: nothing but the paint lets the money be read
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(actor.getSnapshot().value).toBe("awaitingFirstPaint");
    expect(actor.getSnapshot().context.reservation).toEqual(reservation);
    expect(reads).toEqual({ reservation: 1, money: 0 });

    actor.send({ type: "page.painted" });
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    expect(reads).toEqual({ reservation: 1, money: 1 });
    expect(actor.getSnapshot().context.money).toEqual(money);
  });

  it("keeps a command pressed while it waits and asks it once the money is in (decision 112)", async () => {
    const { actor, reads } = startPage(true);
    await waitFor(actor, (snapshot) => snapshot.matches("awaitingFirstPaint"));
    actor.send({ type: "command.ask", command: { kind: "confirm" } });
    expect(actor.getSnapshot().value).toBe("awaitingFirstPaint");
    expect(reads).toEqual({ reservation: 1, money: 0 });
    actor.send({ type: "page.painted" });
    // the default dialog answers "closed": the page is back to ready with nothing pending or kept
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    expect(reads).toEqual({ reservation: 1, money: 1 });
    expect(actor.getSnapshot().context).toMatchObject({ pending: null, askedMeanwhile: null });
  });

  it("fetches the reservation again on a change seen while it waits, and reads the money after the reload once painted during it", async () => {
    let answerReservation = (_: Reservation) => {};
    let reservationReads = 0;
    let moneyReads = 0;
    const machine = reservationPageMachine.provide({
      actors: {
        fetchReservation: fromPromise(() => {
          reservationReads += 1;
          return reservationReads === 1 ? Promise.resolve(reservation) : new Promise<Reservation>((resolve) => { answerReservation = resolve; });
        }),
        fetchMoney: fromPromise(async () => {
          moneyReads += 1;
          return money;
        }),
      },
    });
    const actor = createActor(machine, { input: { client, id: 1, readsMoney: true, confirmsWithoutDeposit: false } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches("awaitingFirstPaint"));
    actor.send({ type: "reservation.changed" });
    expect(actor.getSnapshot().value).toBe("loading");
    // the view paints its first screen while the changed reservation is on its way
    actor.send({ type: "page.painted" });
    answerReservation({ ...reservation, state: "confirmed" });
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    expect({ reservationReads, moneyReads }).toEqual({ reservationReads: 2, moneyReads: 1 });
    expect(actor.getSnapshot().context.reservation?.state).toBe("confirmed");
    expect(actor.getSnapshot().context.money).toEqual(money);
  });

  it("fetches the reservation and its money again on a change seen while the money is read", async () => {
    let answerMoney = (_: Money) => {};
    const { actor, reads } = startPage(true, () => new Promise<Money>((resolve) => { answerMoney = resolve; }));
    await waitFor(actor, (snapshot) => snapshot.matches("awaitingFirstPaint"));
    actor.send({ type: "page.painted" });
    expect(actor.getSnapshot().value).toBe("loadingMoney");
    actor.send({ type: "reservation.changed" });
    await waitFor(actor, (snapshot) => snapshot.matches("loadingMoney") && reads.money === 2);
    answerMoney(money);
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    expect(reads).toEqual({ reservation: 2, money: 2 });
    expect(actor.getSnapshot().context.money).toEqual(money);
  });

  it("reads the money again at once when the reservation is fetched again once painted", async () => {
    const { actor, reads } = startPage(true);
    await waitFor(actor, (snapshot) => snapshot.matches("awaitingFirstPaint"));
    actor.send({ type: "page.painted" });
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));

    actor.send({ type: "reservation.changed" });
    await waitFor(actor, (snapshot) => snapshot.matches("loadingMoney"));
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    expect(reads).toEqual({ reservation: 2, money: 2 });
  });

  it("keeps the refusal of the money's read and reads it again at once after a change", async () => {
    let refuse = true;
    const { actor, reads } = startPage(true, async () => {
      if (refuse) throw new ApiError(403, messages.forbidden);
      return money;
    });
    await waitFor(actor, (snapshot) => snapshot.matches("awaitingFirstPaint"));
    actor.send({ type: "page.painted" });
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    expect(actor.getSnapshot().context.error).toBe(messages.forbidden);
    expect(actor.getSnapshot().context.money).toBeNull();

    refuse = false;
    actor.send({ type: "reservation.changed" });
    await waitFor(actor, (snapshot) => snapshot.matches("ready") && snapshot.context.money !== null);
    expect(reads).toEqual({ reservation: 2, money: 2 });
  });

  it("never waits nor reads money for a reader who reads none", async () => {
    const { actor, reads } = startPage(false);
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    actor.send({ type: "page.painted" });
    actor.send({ type: "reservation.changed" });
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    expect(actor.getSnapshot().value).toBe("ready");
    expect(reads).toEqual({ reservation: 2, money: 0 });
    expect(actor.getSnapshot().context.money).toBeNull();
  });
});

describe("a command pressed while the page is fetched again is asked once it shows (decision 112)", () => {
  /** The page with a dialog double that records what it was asked about and answers when told. */
  const startAsking = () => {
    let reservationReads = 0;
    const asked: Array<{ kind: string; version: number }> = [];
    let answerReservation = (_: Reservation) => {};
    const machine = reservationPageMachine.provide({
      actors: {
        fetchReservation: fromPromise(() => {
          reservationReads += 1;
          return reservationReads === 1 ? Promise.resolve(reservation) : new Promise<Reservation>((resolve) => { answerReservation = resolve; });
        }),
        fetchMoney: fromPromise(async () => money),
        askCommand: fromPromise(async ({ input }) => {
          asked.push({ kind: input.command.kind, version: input.reservation.version });
          return null;
        }),
      },
    });
    const actor = createActor(machine, { input: { client, id: 1, readsMoney: true, confirmsWithoutDeposit: false } }).start();
    return { actor, asked, answer: (changed: Reservation) => answerReservation(changed) };
  };

  it("asks a confirmation pressed as a deposit elsewhere reloads the page, about the reservation as reloaded", async () => {
    const { actor, asked, answer } = startAsking();
    await waitFor(actor, (snapshot) => snapshot.matches("awaitingFirstPaint"));
    actor.send({ type: "page.painted" });
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));

    // the deposit's change reaches the page a moment before the click on "Confirmar"
    actor.send({ type: "reservation.changed" });
    expect(actor.getSnapshot().value).toBe("loading");
    actor.send({ type: "command.ask", command: { kind: "confirm" } });
    expect(asked).toEqual([]);
    answer({ ...reservation, version: 2 });
    await waitFor(actor, () => asked.length === 1);
    expect(asked).toEqual([{ kind: "confirm", version: 2 }]);
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    expect(actor.getSnapshot().context.askedMeanwhile).toBeNull();
  });

  it("forgets a command pressed before the reservation turned out gone", async () => {
    let reads = 0;
    const machine = reservationPageMachine.provide({
      actors: {
        fetchReservation: fromPromise(async () => {
          reads += 1;
          if (reads > 1) throw new ApiError(404, messages.notFound);
          return reservation;
        }),
        fetchMoney: fromPromise(async () => money),
      },
    });
    const actor = createActor(machine, { input: { client, id: 1, readsMoney: true, confirmsWithoutDeposit: false } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches("awaitingFirstPaint"));
    actor.send({ type: "page.painted" });
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    actor.send({ type: "reservation.changed" });
    actor.send({ type: "command.ask", command: { kind: "delete" } });
    await waitFor(actor, (snapshot) => snapshot.matches("failed"));
    expect(actor.getSnapshot().context.askedMeanwhile).toBeNull();
  });
});
