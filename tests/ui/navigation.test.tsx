import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { Lead } from "../../src/api/leads.ts";
import { sampleLead } from "../../src/machines/shared/samples.ts";
import { quietChangeStream, renderApp, storeSession } from "./harness.tsx";
import { userId } from "../ids.ts";

const marta = Schema.encodeSync(Lead)(sampleLead);

/** The leads list of one lead and that lead's page, by path (the list's query aside). */
const fetch: typeof globalThis.fetch = async (input) => {
  const url = new URL(String(input), "http://localhost");
  const stream = quietChangeStream(url);
  if (stream !== null) return stream;
  if (url.pathname === "/api/leads") return Response.json({ data: [marta], meta: { total: 1, page: 1, pageSize: 50 } });
  if (url.pathname === `/api/leads/${sampleLead.id}`) return Response.json({ data: marta });
  if (url.pathname === "/api/users/getSalesUsers") return Response.json({ data: [] });
  return Response.json({ data: "resource not found" }, { status: 404 });
};

describe("a record opened from its list (the first time in this worker: its chunk not fetched yet)", () => {
  it("replaces the list when its screen is ready, the list inert meanwhile, with no spinner standing in for both", async () => {
    storeSession({ userName: "Pedro Vélez", token: "t0k3n", role: "sales", id: userId(5) });
    await renderApp("/panel/leads", fetch);
    const link = await screen.findByRole("link", { name: "Marta Quispe" });
    // every heading the page shows from the click on, in order: none while a spinner stands alone
    // (React hides a suspended screen's elements with an inline display: none, and keeps them)
    const headings: Array<string | null> = [];
    const seen = () => {
      const shown = [...document.querySelectorAll("h1")].find((element) => element.closest("[style*='display: none']") === null);
      const heading = shown === undefined ? null : `${shown.textContent}${shown.closest("[inert]") === null ? "" : " (inert)"}`;
      if (headings.at(-1) !== heading) headings.push(heading);
    };
    const observer = new MutationObserver(seen);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["inert", "style"] });
    seen();
    await userEvent.click(link);
    await screen.findByRole("heading", { level: 1, name: "Marta Quispe" }, { timeout: 3_000 });
    observer.disconnect();
    expect({ first: headings.slice(0, 2), last: headings.at(-1), withoutHeading: headings.filter((heading) => heading === null).length }).toEqual({
      first: ["Leads", "Leads (inert)"],
      last: "Marta Quispe",
      withoutHeading: 0,
    });
  });
});
