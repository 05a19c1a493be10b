/**
 * The departures' month while departures change elsewhere (a hold anywhere has it fetched again):
 * a step to another month is never dropped, and a change heard while the month is fetched or a
 * cancellation is asked is never lost (decision 112).
 */
import { createActor, fromPromise, waitFor } from "xstate";
import { describe, expect, it } from "vitest";
import { type DeparturesInput, type DeparturesPage, departuresMachine } from "../../src/machines/departures/departures.machine.ts";
import { unusedClient } from "../../src/machines/shared/fixtures.ts";

const empty: DeparturesPage = { cruises: [], total: 0, next: null, yachts: [], itineraries: [] };

/** The screen on March 2027, each month's fetch answered by hand; every month asked recorded. */
const startScreen = (confirmCancel = fromPromise<string | null, unknown>(async () => null)) => {
  const answers: Array<(page: DeparturesPage) => void> = [];
  const asked: string[] = [];
  const machine = departuresMachine.provide({
    actors: {
      fetchDepartures: fromPromise<DeparturesPage, DeparturesInput>(({ input }) => {
        asked.push(input.query.month);
        return new Promise((resolve) => answers.push(resolve));
      }) as never,
      confirmCancel: confirmCancel as never,
    },
  });
  const screen = createActor(machine, { input: { client: unusedClient, query: { month: "2027-03", yachtId: null, view: "list" } } }).start();
  return { screen, answers, asked };
};

describe("the departures' month while departures change elsewhere", () => {
  it("fetches the month asked with a step taken while a change has the month fetched again", async () => {
    const { screen, answers, asked } = startScreen();
    answers[0]?.(empty);
    await waitFor(screen, (snapshot) => snapshot.matches("ready"));
    screen.send({ type: "departures.reload" });
    screen.send({ type: "month.next" });
    expect(screen.getSnapshot().context.query.month).toBe("2027-04");
    expect(asked).toEqual(["2027-03", "2027-03", "2027-04"]);
    answers[2]?.(empty);
    await waitFor(screen, (snapshot) => snapshot.matches("ready"));
  });

  it("fetches the month again when a change is heard while it is being fetched", async () => {
    const { screen, answers, asked } = startScreen();
    screen.send({ type: "departures.reload" });
    expect(asked).toEqual(["2027-03", "2027-03"]);
    answers[1]?.(empty);
    await waitFor(screen, (snapshot) => snapshot.matches("ready"));
  });

  it("fetches the month again after a cancellation's dialog during which a change was heard", async () => {
    let close = (_: string | null) => {};
    const { screen, answers, asked } = startScreen(fromPromise<string | null, unknown>(() => new Promise((resolve) => { close = resolve; })));
    answers[0]?.(empty);
    await waitFor(screen, (snapshot) => snapshot.matches("ready"));
    screen.send({ type: "cruise.cancel", id: 4, title: "GEX-20270304" });
    expect(screen.getSnapshot().value).toBe("confirmingCancel");
    screen.send({ type: "departures.reload" });
    close(null);
    await waitFor(screen, () => asked.length === 2);
    expect(screen.getSnapshot().value).toBe("loading");
  });
});
