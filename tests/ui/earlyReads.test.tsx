import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { EARLY_ANSWER_MS, earlyAnswers } from "../../src/api/earlyAnswers.ts";
import { ReservationId } from "../../src/api/ids.ts";
import { createI18n } from "../../src/i18n/index.ts";
import { getReservation } from "../../src/api/reservations.ts";
import { earlyReadsAt } from "../../src/ui/shared/earlyReads.ts";
import { preloadScreenAt } from "../../src/ui/shared/panelScreens.ts";

const reservation = { id: 560, code: "GEX-1" };

/** A network that answers every GET with its count so far, and says what it was asked. */
const network = (fail = false) => {
  const asked: Array<{ url: string; headers: Record<string, string> }> = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    asked.push({ url: String(input), headers: Object.fromEntries(new Headers(init?.headers).entries()) });
    if (fail && asked.length === 1) throw new TypeError("offline");
    return Response.json({ data: { ...reservation, answer: asked.length } });
  };
  return { fetch, asked };
};

describe("a first visit's early reads", () => {
  it("asks for a reservation's page's reservation at the address, and with the headers, the client asks for it", async () => {
    const net = { asked: [] as Array<{ url: string; headers: Record<string, string> }> };
    // the client's own request, answered "not found" (what it asks is all that counts here)
    const fetch: typeof globalThis.fetch = async (input, init) => {
      net.asked.push({ url: String(input), headers: Object.fromEntries(new Headers(init?.headers).entries()) });
      return Response.json({ data: "resource not found" }, { status: 404 });
    };
    const client = createClient({ fetch, readToken: () => "t0k", readLanguage: () => "en" });
    await client.request(getReservation, { params: { id: Schema.decodeSync(ReservationId)(560) } }).catch(() => undefined);
    const early = network();
    const answers = earlyAnswers(early.fetch);
    // as the start does (src/ui/main.tsx), whose texts are there first: the page's chunk asks for its groups
    await createI18n(localStorage);
    preloadScreenAt("/panel/reservations/560", (url) => answers.ask(url, { accept: "application/json", authorization: "Bearer t0k", "accept-language": "en" }));
    expect(earlyReadsAt("/panel/reservations/560")).toEqual([net.asked[0]?.url]);
    expect(early.asked).toEqual(net.asked);
  });

  it.each(["/panel/leads", "/panel/reservations", "/panel/reservations/0", "/panel/reservations/012", "/panel/reservations/560/voucher", "/panel/reservations/2147483648"])(
    "reads nothing early at %s",
    (location) => expect(earlyReadsAt(location)).toEqual([]),
  );

  it("hands the early answer to the first same request once; another token, another language or a second request go to the network", async () => {
    const net = network();
    const early = earlyAnswers(net.fetch);
    const headers = { accept: "application/json", authorization: "Bearer t0k", "accept-language": "es" };
    early.ask("/api/reservations/560", headers);
    await expect((await early.fetch("/api/reservations/560", { method: "GET", headers: { ...headers, authorization: "Bearer other" } })).json()).resolves.toMatchObject({ data: { answer: 2 } });
    await expect((await early.fetch("/api/reservations/560", { method: "GET", headers: { ...headers, "accept-language": "en" } })).json()).resolves.toMatchObject({ data: { answer: 3 } });
    await expect((await early.fetch("/api/reservations/560", { method: "GET", headers })).json()).resolves.toMatchObject({ data: { answer: 1 } });
    await expect((await early.fetch("/api/reservations/560", { method: "GET", headers })).json()).resolves.toMatchObject({ data: { answer: 4 } });
    expect(net.asked).toHaveLength(4);
  });

  it("lets an answer not taken in time go, and asks again for one that failed", async () => {
    let clock = 0;
    const net = network();
    const early = earlyAnswers(net.fetch, () => clock);
    const headers = { authorization: "Bearer t0k" };
    early.ask("/api/reservations/560", headers);
    clock = EARLY_ANSWER_MS + 1;
    await expect((await early.fetch("/api/reservations/560", { headers })).json()).resolves.toMatchObject({ data: { answer: 2 } });
    const failing = network(true);
    const again = earlyAnswers(failing.fetch);
    again.ask("/api/reservations/560", headers);
    await expect((await again.fetch("/api/reservations/560", { headers })).json()).resolves.toMatchObject({ data: { answer: 2 } });
    expect(failing.asked).toHaveLength(2);
  });
});
