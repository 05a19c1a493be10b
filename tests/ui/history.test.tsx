import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeFetch, renderApp, storeSession } from "./harness.tsx";
import { userId } from "../ids.ts";

beforeEach(() => {
  storeSession({ userName: "Diego Cevallos", token: "t0k3n", role: "sales", id: userId(5) });
});

const breakfast = { id: 3, name: "Desayuno buffet", active: true, version: 2 };

const history = [
  {
    version: 1,
    type: "catalogueItem.create",
    occurredAt: "2026-11-02T14:05:00.000Z",
    actor: { id: 5, firstName: "Diego", lastName: "Cevallos" },
    status: { before: null, after: "active" },
    changes: [{ field: "name", before: null, after: "Desayuno" }],
  },
  {
    version: 2,
    type: "catalogueItem.rename",
    occurredAt: "2026-11-20T09:30:00.000Z",
    actor: null,
    status: { before: "active", after: "active" },
    changes: [{ field: "name", before: "Desayuno", after: "Desayuno buffet" }],
  },
];

describe("the 'Historial' of an edit screen", () => {
  it("asks the server only when unfolded, then lists who changed what, oldest first", async () => {
    const { fetch, calls } = fakeFetch({
      "GET /api/feedings/3": { status: 200, data: breakfast },
      "GET /api/history/feeding/3": { status: 200, data: history },
    });
    await renderApp("/panel/feeding/3", fetch);
    const summary = await screen.findByText("Historial");
    expect(calls.some((call) => call.url.startsWith("/api/history"))).toBe(false);

    await userEvent.click(summary);
    const created = await screen.findByText("Creado");
    const renamed = screen.getByText("Nombre cambiado");
    expect(created.compareDocumentPosition(renamed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(created.closest("p")?.textContent).toMatch(/Diego Cevallos$/);
    expect(renamed.closest("p")?.textContent).toMatch(/Sistema$/);
    expect(screen.getByText("Nombre: Desayuno → Desayuno buffet")).toBeDefined();
    expect(screen.getByText(/02\/11\/2026/)).toBeDefined();
  });

  it("writes a record's whole cents as US$, as a reservation's price is stored (decision 082)", async () => {
    const priced = [{ ...history[0], changes: [{ field: "price", before: null, after: { totalCents: 224_050, commissionCents: 22_405, netCents: 201_645 } }] }];
    const { fetch } = fakeFetch({
      "GET /api/feedings/3": { status: 200, data: breakfast },
      "GET /api/history/feeding/3": { status: 200, data: priced },
    });
    await renderApp("/panel/feeding/3", fetch);
    await userEvent.click(await screen.findByText("Historial"));
    const change = (await screen.findByText(/totalCents:/)).textContent ?? "";
    expect(change).toMatch(/totalCents: US\$ 2\.?240,50 · commissionCents: US\$ 224,05 · netCents: US\$ 2\.?016,45/);
  });

  it("labels a catalogue's amount kept in cents as its detail, and writes it as US$ (decision 088)", async () => {
    const edited = [{ ...history[1], type: "catalogueItem.edit", changes: [{ field: "gpsTaxForeignCents", before: 10_000, after: 20_050 }] }];
    const { fetch } = fakeFetch({
      "GET /api/feedings/3": { status: 200, data: breakfast },
      "GET /api/history/feeding/3": { status: 200, data: edited },
    });
    await renderApp("/panel/feeding/3", fetch);
    await userEvent.click(await screen.findByText("Historial"));
    expect(await screen.findByText("Tasa GPS extranjero (US$): US$ 100,00 → US$ 200,50")).toBeDefined();
  });

  it("shows the images a change names as pictures, not as their stored paths", async () => {
    const first = `uploads/home_page/${"a".repeat(64)}.webp`;
    const second = `uploads/home_page/${"b".repeat(64)}.webp`;
    const banner = {
      id: 2,
      type: "baner",
      title: "Galápagos",
      text: "",
      textTwo: "",
      titleEn: "",
      textEn: "",
      textTwoEn: "",
      images: [second, first],
      imageAlts: ["", ""],
      imageAltsEn: ["", ""],
      page: "home",
      active: true,
      version: 2,
    };
    const bannerHistory = [
      {
        version: 2,
        type: "banner.update",
        occurredAt: "2026-11-20T09:30:00.000Z",
        actor: null,
        status: { before: "active", after: "active" },
        changes: [{ field: "images", before: [first], after: [second, first] }],
      },
    ];
    storeSession({ userName: "Marta Andrade", token: "t0k3n", role: "marketing", id: userId(2) });
    await renderApp(
      "/panel/home/baner/2",
      fakeFetch({
        "GET /api/homeScreen/getBaner/2": { status: 200, data: banner },
        "GET /api/history/banner/2": { status: 200, data: bannerHistory },
      }).fetch,
    );
    await userEvent.click(await screen.findByText("Historial"));
    await screen.findByText("Banner cambiado", { exact: false });
    const change = screen.getAllByRole("img", { name: /^Imágenes/ }).filter((image) => image.closest(".history") !== null);
    expect(change.map((image) => image.getAttribute("src"))).toEqual([`/api/${first}`, `/api/${second}`, `/api/${first}`]);
    expect(screen.queryByText(new RegExp(first))).toBeNull();
  });

  it("shows the server's refusal translated and offers to try again", async () => {
    await renderApp(
      "/panel/feeding/3",
      fakeFetch({
        "GET /api/feedings/3": { status: 200, data: breakfast },
        "GET /api/history/feeding/3": { status: 403, data: "forbidden" },
      }).fetch,
    );
    await userEvent.click(await screen.findByText("Historial"));
    expect(await screen.findByText("No tiene permiso para esta acción")).toBeDefined();
    expect(screen.getByRole("button", { name: "Reintentar" })).toBeDefined();
  });

  it("is not offered on the form of a new item", async () => {
    await renderApp("/panel/feeding/feeding_new", fakeFetch({}).fetch);
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByText("Historial")).toBeNull();
  });
});
