import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ReservationId, SpaceId } from "../../src/api/ids.ts";
import type { CruiseCabin } from "../../src/api/reservations.ts";
import { explorerDeparture, fakeFetch, renderApp, storeSession } from "./harness.tsx";
import { userId } from "../ids.ts";

// a hold taken is toasted: SweetAlert2 stands in, as jsdom draws no popup
const fire = vi.hoisted(() => vi.fn(async () => ({})));
vi.mock("sweetalert2", () => ({ default: { fire } }));

const held = { spaceId: SpaceId.make(90), state: "reserved", reservationCode: null, reservationId: null, agencyName: null, genderId: 1 } as const;

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
  deckPlan: null,
});

/** Two decks: 2 saved far from 1, 3 never placed (it takes its deck's first free slot, beside 1), 4 alone upstairs. */
const cabins = [
  cabin(1, 10, "Cubierta principal", { x: 0, y: 0 }, [held, null]),
  cabin(2, 10, "Cubierta principal", { x: 12, y: 10 }),
  cabin(3, 10, "Cubierta principal", null),
  cabin(4, 11, "Cubierta superior", null),
];

/** The departure as the availability shows it: what an agency user's page heads itself with. */
const departure = {
  cruiseId: 7,
  code: "GEX-20300606",
  yachtId: 1,
  yachtName: "Galápagos Explorer",
  yachtColour: "#1e6091",
  itineraryName: "Norte 4 días",
  startDate: "2030-06-06",
  endDate: "2030-06-09",
  status: "available",
  free: 1,
  capacity: 8,
  waiting: 0,
  categories: [],
};

const replies = {
  "GET /api/availability/7": { status: 200, data: departure },
  "GET /api/cruises/7/cabins": { status: 200, data: cabins },
  "GET /api/auth/session": {
    status: 200,
    data: { id: 9, firstName: "Paola", lastName: "Vera", email: "reservas@ikarustours.example.com", rol: "agency", agency: { id: 3, name: "Ikarus Tours" } },
  },
  "GET /api/genders": {
    status: 200,
    data: [
      { id: 1, name: "Adulto masculino", englishName: "Male adult", active: true, version: 1, initials: "MA", gpsTaxNational: 6, gpsTaxForeign: 100, gpsTaxAndean: 50, child: false, sex: "male", icon: "" },
      { id: 2, name: "Adulto femenino", englishName: "Female adult", active: true, version: 1, initials: "FA", gpsTaxNational: 6, gpsTaxForeign: 100, gpsTaxAndean: 50, child: false, sex: "female", icon: "" },
    ],
  },
};

/** The grid lines a card starts at on its deck's plan, as the view gives them to reservations.css. */
const placeOf = (button: HTMLElement) => {
  const card = button.closest<HTMLElement>(".cabin-card");
  return [card?.style.getPropertyValue("--cabin-column"), card?.style.getPropertyValue("--cabin-row")];
};

/** A cabin's card on the plan, found by its button's name. */
const cardOf = (name: RegExp): HTMLElement => {
  const card = screen.getByRole("button", { name }).closest<HTMLElement>(".cabin-card");
  if (card === null) throw new Error(`no card for ${name}`);
  return card;
};

describe("a departure's cabins on its decks' plans", () => {
  it("draws each cabin where the yacht's plan places it, deck by deck in the yacht's order, and picks them by click and keyboard", async () => {
    storeSession({ userName: "Paola Vera", token: "t0k3n", role: "agency", id: userId(9) });
    const { fetch } = fakeFetch(replies);
    await renderApp("/panel/cruises/7/reservations", fetch);
    const main = await screen.findByRole("region", { name: "Cubierta principal" });
    const upper = screen.getByRole("region", { name: "Cubierta superior" });
    // an agency user's page says which departure it is (issue 37, item 6)
    expect(screen.getByRole("heading", { level: 1 }).textContent).toContain("GEX-20300606");
    expect(screen.getByText(/Galápagos Explorer · Norte 4 días · 06\/06\/2030/).textContent).toContain("1 libre de 8");
    // a screen reader and the tab key meet the decks, then each deck's cabins, in the yacht's order
    expect(screen.getAllByRole("region", { name: /^Cubierta/ })).toEqual([main, upper]);
    const onMain = within(main).getAllByRole("button", { name: /^Cabina/ });
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
    expect(within(upper).getAllByRole("button", { name: /^Cabina/ }).map(placeOf)).toEqual([["1", "1"]]);
    const plan = main.querySelector(".plan-cabins");
    expect(plan instanceof HTMLElement && [plan.style.getPropertyValue("--plan-columns"), plan.style.getPropertyValue("--plan-rows")]).toEqual(["48", "14"]);
    // the berths keep their colours by state
    expect([...(onMain[0]?.closest(".cabin-card")?.querySelectorAll(".berth") ?? [])].map((berth) => berth.className)).toEqual(["berth berth-reserved", "berth berth-free"]);

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

describe("the space types in the reader's language (issue 37 item 7)", () => {
  const named = {
    ...replies,
    "GET /api/genders": {
      status: 200,
      data: [
        { id: 1, name: "Hombre adulto", englishName: "Male Adult", active: true, version: 1, initials: "MA", gpsTaxNational: 30, gpsTaxForeign: 200, gpsTaxAndean: 100, child: false, sex: "male", icon: "" },
        { id: 2, name: "Mujer adulta", englishName: "Female Adult", active: true, version: 1, initials: "FA", gpsTaxNational: 30, gpsTaxForeign: 200, gpsTaxAndean: 100, child: false, sex: "female", icon: "" },
        { id: 3, name: "Niño", englishName: "", active: true, version: 1, initials: "CH", gpsTaxNational: 15, gpsTaxForeign: 100, gpsTaxAndean: 50, child: true, sex: "", icon: "" },
      ],
    },
  };
  const spaceTypesOfCabin2 = async (cabinLabel: RegExp, group: string) => {
    await userEvent.click(await screen.findByRole("button", { name: cabinLabel }));
    return [...within(screen.getByRole("group", { name: group })).getAllByRole("spinbutton")].map((input) => input.closest("label")?.textContent);
  };

  it("names them in Spanish for a Spanish reader", async () => {
    storeSession({ userName: "Paola Vera", token: "t0k3n", role: "agency", id: userId(9) });
    const { fetch, calls } = fakeFetch(named);
    await renderApp("/panel/cruises/7/reservations", fetch);
    expect(await spaceTypesOfCabin2(/^Cabina 2:/, "Cabina 2")).toEqual(["Hombre adulto", "Mujer adulta", "Niño"]);
    expect(calls.find((call) => call.url.endsWith("/api/cruises/7/cabins"))?.language).toBe("es");
  });

  it("names them in English for an English reader, the Spanish name where no English one is written, and asks the server in English", async () => {
    localStorage.setItem("lang", "en");
    storeSession({ userName: "Paola Vera", token: "t0k3n", role: "agency", id: userId(9) });
    const { fetch, calls } = fakeFetch(named);
    await renderApp("/panel/cruises/7/reservations", fetch);
    expect(await spaceTypesOfCabin2(/^Cabin 2:/, "Cabin 2")).toEqual(["Male Adult", "Female Adult", "Niño"]);
    expect(calls.find((call) => call.url.endsWith("/api/cruises/7/cabins"))?.language).toBe("en");
  });
});

/** What the server answers a hold it took: the reservation's summary. */
const heldSummary = {
  id: 41,
  code: "RES-000041",
  cruiseId: 7,
  cruiseCode: "GEX-20270304",
  yachtName: "Galápagos Explorer",
  startDate: "2027-03-04",
  agencyId: 3,
  agencyName: "Ikarus Tours",
  type: "general",
  executive: null,
  state: "waiting",
  timeLimit: null,
  extensions: 0,
  spaces: 1,
  price: { total: 2100, commission: 210, net: 1890 },
  createdAt: "2027-01-25T17:00:00.000Z",
  version: 1,
};

/** Picks cabin `name` on the plan, gives it one adult and presses Hold. */
const holdOne = async (name: string) => {
  await userEvent.click(await screen.findByRole("button", { name: new RegExp(`^Cabina ${name}:`) }));
  const picked = screen.getByRole("group", { name: `Cabina ${name}` });
  await userEvent.type(within(picked).getByLabelText("Adulto masculino"), "{selectall}1");
  await userEvent.click(screen.getByRole("button", { name: "Bloquear" }));
};

describe("a refused hold", () => {
  it("says why right above Hold and on the cabin picked, takes focus, and offers the waiting list that sends the same draft to wait", async () => {
    storeSession({ userName: "Paola Vera", token: "t0k3n", role: "agency", id: userId(9) });
    const answers = [
      { status: 409, data: "cabin not available" },
      { status: 200, data: heldSummary },
    ];
    const { fetch, calls } = fakeFetch({
      ...replies,
      "POST /api/reservations/createReservation": async () => answers.shift() ?? { status: 500, data: "server error" },
    });
    await renderApp("/panel/cruises/7/reservations", fetch);
    await holdOne("2");

    const hold = screen.getByRole("button", { name: "Bloquear" });
    const message = await screen.findByText("La cabina no está disponible.", { selector: ".hold-refusal p" });
    const region = message.closest(".hold-refusal");
    // the refusal sits right above the button just pressed, and holds the focus, so the page scrolls to it
    expect(region?.nextElementSibling).toBe(hold);
    expect(region?.getAttribute("aria-live")).toBe("assertive");
    expect(document.activeElement).toBe(region);
    // the cabin picked says it too
    const card = cardOf(/^Cabina 2:/);
    expect(card.classList.contains("refused")).toBe(true);
    expect(within(card).getByText("La cabina no está disponible.")).toBeTruthy();
    expect(cardOf(/^Cabina 3:/).classList.contains("refused")).toBe(false);

    await userEvent.click(within(region instanceof HTMLElement ? region : document.body).getByRole("button", { name: "Poner en lista de espera" }));
    // the same draft, sent again to wait
    const draft = { cruiseId: 7, agencyId: 3, type: "general", waitlist: false, notes: "", cabins: [{ cabinId: 2, spaces: [{ genderId: 1 }] }] };
    const holds = calls.filter((call) => call.url === "/api/reservations/createReservation").map((call) => call.body);
    expect(holds).toEqual([draft, { ...draft, waitlist: true }]);
    await waitFor(() => expect(fire).toHaveBeenCalledWith(expect.objectContaining({ titleText: "Reserva RES-000041 en lista de espera." })));
  });

  it("offers no waiting list for a refusal that more berths would not cure", async () => {
    storeSession({ userName: "Paola Vera", token: "t0k3n", role: "agency", id: userId(9) });
    const { fetch } = fakeFetch({ ...replies, "POST /api/reservations/createReservation": { status: 409, data: "time limit not allowed" } });
    await renderApp("/panel/cruises/7/reservations", fetch);
    await holdOne("3");
    const message = await screen.findByText("Fecha límite no permitida.", { selector: ".hold-refusal p" });
    expect(message.closest(".hold-refusal")?.querySelector("button")).toBeNull();
    // a refusal about the departure, not a cabin: no card is marked
    expect(cardOf(/^Cabina 3:/).classList.contains("refused")).toBe(false);
  });
});

/** Issue 37, item 2: each taken berth tells its type and state (and its reservation to whoever may read it), on the deck's drawing; free berths are picked by type. */
describe("a berth plan that tells", () => {
  const ours = { spaceId: SpaceId.make(91), state: "confirmed", reservationCode: "RES-000041", reservationId: ReservationId.make(41), agencyName: "Ikarus Tours", genderId: 2 } as const;
  const direct = { spaceId: SpaceId.make(92), state: "reserved", reservationCode: "RES-000042", reservationId: ReservationId.make(42), agencyName: null, genderId: 1 } as const;
  const drawn = (berths: CruiseCabin["berths"], id: number) => ({ ...cabin(id, 10, "Cubierta principal", { x: (id - 1) * 6, y: 0 }, berths), deckPlan: "uploads/yacht_pages/cubierta.webp" });
  const plan = [drawn([held, ours], 1), drawn([direct, null], 2), drawn([null, null], 3)];
  const cruise = explorerDeparture({ capacity: 6, held: 2, confirmed: 1, waiting: 0, free: 3, status: "available" });
  /** A berth's place in the plan: its item in its cabin's list of berths. */
  const berthsOf = (name: string) => screen.getByRole("list", { name: `Plazas de la cabina ${name}` });

  it("tells staff each taken berth's type, state, reservation (a link) and agency, on the deck's own drawing", async () => {
    storeSession({ userName: "Ana Vera", token: "t0k3n", role: "sales", id: userId(1) });
    const { fetch } = fakeFetch({
      ...replies,
      "GET /api/cruises/7": { status: 200, data: cruise },
      "GET /api/cruises/7/cabins": { status: 200, data: plan },
      "GET /api/agencies": { status: 200, data: [] },
    });
    await renderApp("/panel/cruises/7/reservations", fetch);
    const drawing = await screen.findByRole("group", { name: "Plano de la cubierta Cubierta principal" });
    expect(drawing.style.getPropertyValue("--plan-drawing")).toBe('url("/api/uploads/yacht_pages/cubierta.webp")');
    const first = within(berthsOf("1")).getAllByRole("listitem");
    expect(first.map((item) => item.textContent)).toEqual([
      "MAPlaza 1: Adulto masculino, bloqueadabloqueadaotra agencia",
      "FAPlaza 2: Adulto femenino, confirmadaconfirmadaRES-000041Ikarus Tours",
    ]);
    expect(within(first[1] ?? document.body).getByRole("link", { name: "RES-000041" }).getAttribute("href")).toBe("/panel/reservations/41");
    expect(within(berthsOf("2")).getAllByRole("listitem")[0]?.textContent).toContain("RES-000042Cliente directo");
    // free berths are the buttons of the plan, each named
    expect(within(berthsOf("2")).getAllByRole("button").map((button) => button.getAttribute("aria-label"))).toEqual(["Plaza 2 de la cabina 2: libre"]);
  });

  it("picks free berths as the type chosen, changes a pick's type in the form, lets one go, and holds them", async () => {
    storeSession({ userName: "Paola Vera", token: "t0k3n", role: "agency", id: userId(9) });
    const { fetch, calls } = fakeFetch({
      ...replies,
      "GET /api/cruises/7/cabins": { status: 200, data: plan },
      "POST /api/reservations/createReservation": { status: 200, data: { ...heldSummary, state: "reserved" } },
    });
    await renderApp("/panel/cruises/7/reservations", fetch);
    await screen.findByRole("group", { name: "Plano de la cubierta Cubierta principal" });
    // another agency's berth: taken, with its type, and nothing to open
    expect(within(berthsOf("1")).getAllByRole("listitem")[0]?.textContent).toContain("Adulto masculino, bloqueada");
    expect(within(berthsOf("1")).queryAllByRole("link")).toHaveLength(1);

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Elegir plazas como" }), "Adulto femenino");
    await userEvent.click(screen.getByRole("button", { name: "Plaza 1 de la cabina 3: libre" }));
    await userEvent.click(screen.getByRole("button", { name: "Plaza 2 de la cabina 3: libre" }));
    const picked = screen.getByRole("button", { name: "Plaza 2 de la cabina 3: elegida como Adulto femenino" });
    expect(picked.getAttribute("aria-pressed")).toBe("true");
    const group = screen.getByRole("group", { name: "Cabina 3" });
    await userEvent.selectOptions(within(group).getByRole("combobox", { name: "Tipo de la plaza 2" }), "Adulto masculino");
    expect(screen.getByRole("button", { name: "Plaza 2 de la cabina 3: elegida como Adulto masculino" })).toBeTruthy();
    // a third, let go again: pressed twice on the plan
    await userEvent.click(screen.getByRole("button", { name: "Plaza 2 de la cabina 2: libre" }));
    expect(screen.getByRole("group", { name: "Cabina 2" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Plaza 2 de la cabina 2: elegida como Adulto femenino" }));
    expect(screen.queryByRole("group", { name: "Cabina 2" })).toBeNull();
    // a taken berth is no button: it cannot be picked
    expect(within(berthsOf("2")).getAllByRole("button")).toHaveLength(1);

    await userEvent.click(screen.getByRole("button", { name: "Bloquear" }));
    await waitFor(() => expect(calls.some((call) => call.url === "/api/reservations/createReservation")).toBe(true));
    const sent = calls.find((call) => call.url === "/api/reservations/createReservation")?.body as { cabins: unknown };
    expect(sent.cabins).toEqual([{ cabinId: 3, spaces: [{ genderId: 2 }, { genderId: 1 }] }]);
  });
});
