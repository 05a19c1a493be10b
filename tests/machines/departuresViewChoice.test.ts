/**
 * The departures screen's view switch is never dropped: a month still being fetched (after Back,
 * say) shows in the view chosen, and the address says so.
 */
import { createActor, fromPromise } from "xstate";
import { describe, expect, it } from "vitest";
import { type DeparturesPage, departuresMachine } from "../../src/machines/departures/departures.machine.ts";
import { unusedClient } from "../../src/machines/shared/fixtures.ts";

describe("the departures' view switch", () => {
  it("takes a view chosen while the month is being fetched, writes it to the address, and shows the month in it once fetched", async () => {
    const answers: Array<(page: DeparturesPage) => void> = [];
    const published: string[] = [];
    const machine = departuresMachine.provide({
      actors: { fetchDepartures: fromPromise<DeparturesPage, unknown>(() => new Promise((resolve) => answers.push(resolve))) as never },
      actions: { publishQuery: ({ context }) => void published.push(context.query.view) },
    });
    const screen = createActor(machine, { input: { client: unusedClient, query: { month: "2027-03", yachtId: null, view: "list" } } }).start();
    expect(screen.getSnapshot().matches("loading")).toBe(true);
    screen.send({ type: "view.choose", view: "calendar" });
    expect(screen.getSnapshot().context.query.view).toBe("calendar");
    expect(published).toEqual(["calendar"]);
    answers[0]?.({ cruises: [], total: 0, next: null, yachts: [], itineraries: [] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getSnapshot().matches("ready")).toBe(true);
    expect(screen.getSnapshot().context.query).toEqual({ month: "2027-03", yachtId: null, view: "calendar" });
    expect(answers).toHaveLength(1);
  });
});
