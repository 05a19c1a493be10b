import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { SpaceId } from "../../src/api/ids.ts";
import type { CruiseCabin } from "../../src/api/reservations.ts";
import { fakeFetch, renderApp, storeSession } from "./harness.tsx";
import { userId } from "../ids.ts";

const held = { spaceId: SpaceId.make(90), state: "reserved", reservationCode: null, genderId: 1 } as const;

const cabin = (id: number, deckId: number, deckName: string, position: CruiseCabin["position"], berths: CruiseCabin["berths"] = [null, null]) => ({
  id,
  name: String(id),
  deckId,
  deckName,
  category: "double",
  familyRoom: false,
  capacity: berths.length,
  berths,
  waiting: 0,
  position,
});

/** Two decks: 2 saved far from 1, 3 never placed (it takes its deck's first free slot, beside 1), 4 alone upstairs. */
const cabins = [
  cabin(1, 10, "Cubierta principal", { x: 0, y: 0 }, [held, null]),
  cabin(2, 10, "Cubierta principal", { x: 12, y: 10 }),
  cabin(3, 10, "Cubierta principal", null),
  cabin(4, 11, "Cubierta superior", null),
];

const replies = {
  "GET /api/cruises/7/cabins": { status: 200, data: cabins },
  "GET /api/auth/session": {
    status: 200,
    data: { id: 9, firstName: "Paola", lastName: "Vera", email: "reservas@ikarustours.example.com", rol: "agency", agency: { id: 3, name: "Ikarus Tours" } },
  },
  "GET /api/genders": {
    status: 200,
    data: [
      { id: 1, name: "Adulto masculino", active: true, version: 1, initials: "MA", gpsTaxNational: 6, gpsTaxForeign: 100, gpsTaxAndean: 50, child: false, sex: "male", icon: "" },
      { id: 2, name: "Adulto femenino", active: true, version: 1, initials: "FA", gpsTaxNational: 6, gpsTaxForeign: 100, gpsTaxAndean: 50, child: false, sex: "female", icon: "" },
    ],
  },
};

/** The grid lines a card starts at on its deck's plan, as the view gives them to reservations.css. */
const placeOf = (card: HTMLElement) => [card.style.getPropertyValue("--cabin-column"), card.style.getPropertyValue("--cabin-row")];

describe("a departure's cabins on its decks' plans", () => {
  it("draws each cabin where the yacht's plan places it, deck by deck in the yacht's order, and picks them by click and keyboard", async () => {
    storeSession({ userName: "Paola Vera", token: "t0k3n", role: "agency", id: userId(9) });
    const { fetch } = fakeFetch(replies);
    await renderApp("/panel/cruises/7/reservations", fetch);
    const main = await screen.findByRole("region", { name: "Cubierta principal" });
    const upper = screen.getByRole("region", { name: "Cubierta superior" });
    // a screen reader and the tab key meet the decks, then each deck's cabins, in the yacht's order
    expect(screen.getAllByRole("region", { name: /^Cubierta/ })).toEqual([main, upper]);
    const onMain = within(main).getAllByRole("button");
    expect(onMain.map((card) => card.getAttribute("aria-label"))).toEqual([
      "Cabina 1: 1 de 2 plazas libres",
      "Cabina 2: 2 de 2 plazas libres",
      "Cabina 3: 2 de 2 plazas libres",
    ]);
    expect(onMain.map(placeOf)).toEqual([
      ["1", "1"],
      ["13", "11"],
      ["7", "1"],
    ]);
    expect(within(upper).getAllByRole("button").map(placeOf)).toEqual([["1", "1"]]);
    const plan = main.querySelector(".plan-cabins");
    expect(plan instanceof HTMLElement && [plan.style.getPropertyValue("--plan-columns"), plan.style.getPropertyValue("--plan-rows")]).toEqual(["48", "14"]);
    // the berths keep their colours by state
    expect([...(onMain[0]?.querySelectorAll(".berth") ?? [])].map((berth) => berth.className)).toEqual(["berth berth-reserved", "berth berth-free"]);

    const [first, second, third] = onMain;
    if (first === undefined || second === undefined || third === undefined) throw new Error("three cabins on the main deck");
    await userEvent.click(second);
    expect(second.getAttribute("aria-pressed")).toBe("true");
    third.focus();
    await userEvent.keyboard("{Enter}");
    expect(third.getAttribute("aria-pressed")).toBe("true");
    // the hold form asks for the spaces of each cabin picked, in the order they were picked
    const form = screen.getByRole("heading", { name: "Nueva reserva" }).closest("form");
    expect([...(form?.querySelectorAll("legend") ?? [])].map((legend) => legend.textContent)).toEqual(["Cabina 2", "Cabina 3"]);
    await userEvent.keyboard(" ");
    expect(third.getAttribute("aria-pressed")).toBe("false");
    expect(first.getAttribute("aria-pressed")).toBe("false");
  });
});
