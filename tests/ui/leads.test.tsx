import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Schema } from "effect";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Lead } from "../../src/api/leads.ts";
import { messages } from "../../src/api/messages.ts";
import type { User } from "../../src/api/users.ts";
import { quietChangeStream, renderApp, storeSession, dialogAsked } from "./harness.tsx";
import { leadId, roleId, userId } from "../ids.ts";

const fire = vi.hoisted(() => vi.fn());
vi.mock("sweetalert2", () => ({ default: { fire } }));

beforeEach(() => {
  fire.mockReset();
  fire.mockResolvedValue({});
  storeSession({ userName: "Pedro Vélez", token: "t0k3n", role: "sales", id: userId(5) });
});

interface Call {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly body: unknown;
}

type Body = { readonly data: unknown; readonly meta?: unknown };
type Handler = (call: Call) => Body | Promise<Body>;

/**
 * A fetch that answers by "METHOD /path" (the query string goes to the handler, so a list can
 * answer the page it was asked for with its meta) and records every call but the session check and
 * the change stream.
 */
const fakeApi = (routes: Record<string, Handler>) => {
  const calls: Call[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    const stream = quietChangeStream(url);
    if (stream !== null) return stream;
    const method = init?.method ?? "GET";
    const call = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    };
    if (url.pathname !== "/api/auth/session") calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) return Response.json({ data: messages.notFound }, { status: 404 });
    return Response.json(await route(call), { status: 200 });
  };
  return { fetch, calls };
};

const lead = (id: number, overrides: Partial<Lead> = {}): Lead => ({
  id: leadId(id),
  createdAt: "2026-03-04T15:30:00.000Z",
  firstName: "Marta",
  lastName: `Quispe ${id}`,
  message: "Quisiera cotizar un crucero de 8 días por las islas del sur.",
  email: `marta${id}@example.com`,
  country: "Perú",
  phone: "+51 999 888 777",
  lead_user: null,
  yachtName: null,
  details: null,
  notes: [],
  ...overrides,
});

const pedro: User = {
  id: userId(5),
  first_name: "Pedro",
  last_name: "Vélez",
  email: "ventas@example.com",
  role_id: roleId(3),
  user_rol: { id: roleId(3), name: "sales" },
  agency_id: null,
  active: true,
  version: 1,
};
const lucia: User = { ...pedro, id: userId(6), first_name: "Lucía", last_name: "Mena", email: "ventas2@example.com" };

const longMessage =
  "Buenos días, somos una familia de cuatro personas y queremos conocer las islas Galápagos en julio, con dos niños.";

/** 45 leads on the server, 20 a page; the first one carries a long message. */
/** Leads as the server sends them, spelled as SPEC.md spells them (decision 074). */
const asSent = Schema.encodeSync(Schema.Array(Lead));

const leadsRoute =
  (rows: () => ReadonlyArray<Lead>): Handler =>
  ({ query }) => {
    const page = Number(query.get("page") ?? "1");
    const pageSize = Number(query.get("pageSize") ?? "50");
    const all = rows();
    return { data: asSent(all.slice((page - 1) * pageSize, page * pageSize)), meta: { total: all.length, page, pageSize } };
  };

const manyLeads = Array.from({ length: 45 }, (_, index) =>
  lead(index + 1, index === 0 ? { message: longMessage } : {}),
);

const rowOf = async (name: string) => (await screen.findByRole("link", { name })).closest("tr") ?? document.body;

describe("the leads list", () => {
  it("shows date, name, shortened message, contact, 'sin asignar' and the pager", async () => {
    const { fetch, calls } = fakeApi({
      "GET /api/leads": leadsRoute(() => manyLeads),
      "GET /api/users/getSalesUsers": () => ({ data: [pedro, lucia] }),
    });
    await renderApp("/panel/leads", fetch);
    expect(await screen.findByRole("heading", { level: 1, name: "Leads" })).toBeDefined();
    const row = within(await rowOf("Marta Quispe 1"));
    expect(row.getByRole("link", { name: "Marta Quispe 1" }).getAttribute("href")).toBe("/panel/leads/1");
    expect(row.getByRole("cell", { name: "04/03/2026" })).toBeDefined();
    const preview = row.getByText(/^Buenos días/);
    expect(preview.textContent?.length).toBeLessThanOrEqual(80);
    expect(preview.textContent?.length).toBeGreaterThan(70);
    expect(preview.textContent?.endsWith("…")).toBe(true);
    expect(preview.getAttribute("title")).toBe(longMessage);
    expect(row.getByRole("cell", { name: "marta1@example.com" })).toBeDefined();
    expect(row.getByRole("cell", { name: "Perú" })).toBeDefined();
    expect(row.getByRole("cell", { name: "+51 999 888 777" })).toBeDefined();
    expect(row.getByRole("cell", { name: "sin asignar" })).toBeDefined();
    // the page is drawn a few rows a frame (src/ui/shared/rowsInSlices.ts)
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(21));
    const pager = within(screen.getByRole("navigation", { name: "Páginas de leads" }));
    expect(pager.getByText("Página 1 de 3")).toBeDefined();
    expect(pager.getByText("45 leads en total")).toBeDefined();
    expect(pager.getByRole("button", { name: "Anterior" }).hasAttribute("disabled")).toBe(true);
    expect(calls.find((call) => call.path === "/api/leads")?.query.toString()).toBe("page=1&pageSize=20");

    await userEvent.click(pager.getByRole("button", { name: "Siguiente" }));
    await rowOf("Marta Quispe 21");
    expect(screen.getByText("Página 2 de 3")).toBeDefined();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Ir a la página" }), "3");
    await rowOf("Marta Quispe 41");
    expect(screen.getByRole("button", { name: "Siguiente" }).hasAttribute("disabled")).toBe(true);
  });

  it("says it is busy, the old page's rows dimmed, until the next page is in", async () => {
    let answerSecondPage = () => {};
    const secondPageAsked = new Promise<void>((resolve) => {
      answerSecondPage = resolve;
    });
    const route = leadsRoute(() => manyLeads);
    const { fetch } = fakeApi({
      "GET /api/leads": async (call) => {
        if (call.query.get("page") === "2") await secondPageAsked;
        return route(call);
      },
      "GET /api/users/getSalesUsers": () => ({ data: [pedro, lucia] }),
    });
    const { container } = await renderApp("/panel/leads", fetch);
    await rowOf("Marta Quispe 1");
    const list = container.querySelector(".paged-list");
    expect(list?.getAttribute("aria-busy")).toBe("false");

    await userEvent.click(screen.getByRole("button", { name: "Siguiente" }));
    await waitFor(() => expect(list?.getAttribute("aria-busy")).toBe("true"));
    expect(screen.getByText("Página 2 de 3")).toBeDefined();
    expect(screen.getByRole("link", { name: "Marta Quispe 1" })).toBeDefined();

    answerSecondPage();
    await rowOf("Marta Quispe 21");
    expect(list?.getAttribute("aria-busy")).toBe("false");
    expect(screen.queryByRole("link", { name: "Marta Quispe 1" })).toBeNull();
  });

  it("turns the export off for more leads than it collects, without saying it is busy", async () => {
    const { fetch } = fakeApi({
      "GET /api/leads": ({ query }) => ({ data: asSent(manyLeads.slice(0, 20)), meta: { total: 20_000, page: Number(query.get("page")), pageSize: 20 } }),
      "GET /api/users/getSalesUsers": () => ({ data: [pedro, lucia] }),
    });
    await renderApp("/panel/leads", fetch);
    await rowOf("Marta Quispe 1");
    // 1,000 pages: the chooser offers landmarks (the neighbours, round numbers, the last), not a thousand options
    const chooser = screen.getByRole("combobox", { name: "Ir a la página" });
    const offered = within(chooser).getAllByRole("option").map((option) => option.textContent);
    expect(offered.length).toBeLessThan(60);
    expect(offered).toEqual(expect.arrayContaining(["1", "2", "6", "10", "100", "1000"]));
    expect(await screen.findByText(/Para exportar, acote la búsqueda/)).toBeDefined();
    const exportButton = screen.getByRole("button", { name: "Exportar CSV" });
    expect(exportButton.hasAttribute("disabled")).toBe(true);
    // Pico draws a spinning wheel beside anything aria-busy: it would turn for as long as the page is open.
    expect(exportButton.closest("fieldset")?.getAttribute("aria-busy")).toBe("false");
  });

  it("searches from page 1 after the typing pauses, and filters by agent", async () => {
    const { fetch, calls } = fakeApi({
      "GET /api/leads": leadsRoute(() => manyLeads),
      "GET /api/users/getSalesUsers": () => ({ data: [pedro, lucia] }),
    });
    await renderApp("/panel/leads", fetch);
    await rowOf("Marta Quispe 1");
    await userEvent.click(screen.getByRole("button", { name: "Siguiente" }));
    await rowOf("Marta Quispe 21");
    await userEvent.type(screen.getByRole("searchbox", { name: "Buscar" }), "quispe");
    await waitFor(() => expect(calls.at(-1)?.query.toString()).toBe("page=1&pageSize=20&q=quispe"));
    // one search for the whole word, not one per keystroke
    expect(calls.filter((call) => call.query.has("q"))).toHaveLength(1);
    await userEvent.selectOptions(await screen.findByRole("combobox", { name: "Agente" }), "Sin asignar");
    await waitFor(() =>
      expect(calls.at(-1)?.query.toString()).toBe("page=1&pageSize=20&q=quispe&agent=unassigned"),
    );
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Agente" }), "Lucía Mena");
    await waitFor(() => expect(calls.at(-1)?.query.get("agent")).toBe("6"));
  });

  it("assigns a lead from the row's menu of sales users, then reloads the list", async () => {
    let rows = [lead(12), lead(13, { lead_user: { id: userId(6), firstName: "Lucía", lastName: "Mena" } })];
    const { fetch, calls } = fakeApi({
      "GET /api/leads": leadsRoute(() => rows),
      "GET /api/users/getSalesUsers": () => ({ data: [pedro, lucia] }),
      "PUT /api/leads/assingLeadtoUser/12": () => {
        rows = [lead(12, { lead_user: { id: userId(5), firstName: "Pedro", lastName: "Vélez" } }), rows[1] ?? lead(13)];
        return { data: messages.updated };
      },
    });
    await renderApp("/panel/leads", fetch);
    const row = within(await rowOf("Marta Quispe 12"));
    await userEvent.click(row.getByRole("button", { name: "Asignar Marta Quispe 12" }));
    const menu = within(await screen.findByRole("dialog", { name: "Asignar el lead de Marta Quispe 12" }));
    const choices = await menu.findAllByRole("button", { name: /Pedro Vélez|Lucía Mena/ });
    expect(choices.map((choice) => choice.textContent)).toEqual(["Pedro Vélez", "Lucía Mena"]);
    await userEvent.click(menu.getByRole("button", { name: "Pedro Vélez" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((call) => call.method === "PUT").map((call) => call.body)).toEqual([{ userId: 5 }]);
    await within(await rowOf("Marta Quispe 12")).findByRole("cell", { name: "Pedro Vélez" });
    expect(calls.filter((call) => call.path === "/api/leads")).toHaveLength(2);
    await dialogAsked(fire, { toast: true, titleText: "Registro actualizado correctamente" });

    // the second menu shows the current agent and does not fetch the sales users again
    await userEvent.click(screen.getByRole("button", { name: "Asignar Marta Quispe 13" }));
    const second = within(await screen.findByRole("dialog"));
    expect(second.getByRole("button", { name: /Lucía Mena/ }).getAttribute("aria-current")).toBe("true");
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    // one call for the agent filter, one for the first menu
    expect(calls.filter((call) => call.path === "/api/users/getSalesUsers")).toHaveLength(2);
  });

  it("makes an export pressed while a search waits once the search's page is in, of the search's leads (decision 112)", async () => {
    const answers: Array<() => void> = [];
    const { fetch, calls } = fakeApi({
      "GET /api/leads": async (call) => {
        // a search's page is answered when the test says so; the export's pages at once
        if (call.query.get("pageSize") === "20" && call.query.has("q")) await new Promise<void>((resolve) => answers.push(resolve));
        return leadsRoute(() => manyLeads)(call);
      },
      "GET /api/users/getSalesUsers": () => ({ data: [pedro, lucia] }),
    });
    await renderApp("/panel/leads", fetch);
    await rowOf("Marta Quispe 1");
    await userEvent.type(screen.getByRole("searchbox", { name: "Buscar" }), "marta");
    await waitFor(() => expect(answers).toHaveLength(1));
    const exportCsv = screen.getByRole("button", { name: "Exportar CSV" });
    expect(exportCsv.hasAttribute("disabled")).toBe(false);
    await userEvent.click(exportCsv);
    const exportReads = () => calls.filter((call) => call.path === "/api/leads" && call.query.get("pageSize") !== "20");
    expect(exportReads()).toEqual([]);
    answers[0]?.();
    await waitFor(() => expect(exportReads().length).toBeGreaterThan(0));
    expect(exportReads().every((call) => call.query.get("q") === "marta")).toBe(true);
  });

  it("takes the next page pressed during an export: the rows dimmed until it is in, asked once the file is saved (decision 121)", async () => {
    const exportAnswers: Array<() => void> = [];
    const route = leadsRoute(() => manyLeads);
    const { fetch, calls } = fakeApi({
      "GET /api/leads": async (call) => {
        // the export's pages are answered when the test says so; the list's at once
        if (call.query.get("pageSize") !== "20") await new Promise<void>((resolve) => exportAnswers.push(resolve));
        return route(call);
      },
      "GET /api/users/getSalesUsers": () => ({ data: [pedro, lucia] }),
    });
    const { container } = await renderApp("/panel/leads", fetch);
    await rowOf("Marta Quispe 1");
    const list = container.querySelector(".paged-list");
    await userEvent.click(screen.getByRole("button", { name: "Exportar CSV" }));
    await waitFor(() => expect(exportAnswers).toHaveLength(1));
    await userEvent.click(screen.getByRole("button", { name: "Siguiente" }));
    expect(screen.getByText("Página 2 de 3")).toBeDefined();
    expect(list?.getAttribute("aria-busy")).toBe("true");
    const listReads = () => calls.filter((call) => call.path === "/api/leads" && call.query.get("pageSize") === "20");
    expect(listReads().map((call) => call.query.get("page"))).toEqual(["1"]);

    exportAnswers[0]?.();
    await rowOf("Marta Quispe 21");
    expect(listReads().map((call) => call.query.get("page"))).toEqual(["1", "2"]);
    expect(list?.getAttribute("aria-busy")).toBe("false");
  });

  it("says 'más de N' for a total the server only counted up to, and pages on while the pages come full", async () => {
    const { fetch, calls } = fakeApi({
      "GET /api/leads": ({ query }) => {
        const page = Number(query.get("page"));
        const rows = page < 3 ? manyLeads.slice((page - 1) * 20, page * 20) : manyLeads.slice(40, 45);
        return { data: asSent(rows), meta: { total: page < 3 ? 20 * page : 45, page, pageSize: 20, totalIsAtLeast: page < 3 } };
      },
      "GET /api/users/getSalesUsers": () => ({ data: [pedro, lucia] }),
    });
    await renderApp("/panel/leads?q=marta", fetch);
    await rowOf("Marta Quispe 1");
    const pager = within(screen.getByRole("navigation", { name: "Páginas de leads" }));
    expect(pager.getByText("Más de 20 leads")).toBeDefined();
    expect(screen.getByRole("button", { name: "Exportar CSV" }).hasAttribute("disabled")).toBe(true);
    await userEvent.click(pager.getByRole("button", { name: "Siguiente" }));
    await rowOf("Marta Quispe 21");
    expect(screen.getByText("Más de 40 leads")).toBeDefined();
    await userEvent.click(screen.getByRole("button", { name: "Siguiente" }));
    await rowOf("Marta Quispe 41");
    expect(screen.getByText("45 leads en total")).toBeDefined();
    expect(screen.getByRole("button", { name: "Siguiente" }).hasAttribute("disabled")).toBe(true);
    expect(calls.filter((call) => call.path === "/api/leads").map((call) => call.query.get("page"))).toEqual(["1", "2", "3"]);
  });

  it("shows the address's agent and days in their controls after a reload and asks the server for them", async () => {
    const { fetch, calls } = fakeApi({
      "GET /api/leads": leadsRoute(() => manyLeads.slice(0, 3)),
      "GET /api/users/getSalesUsers": () => ({ data: [pedro, lucia] }),
    });
    await renderApp("/panel/leads?agent=6&from=2026-03-01&to=2026-03-31", fetch);
    await rowOf("Marta Quispe 1");
    await waitFor(() => expect((screen.getByRole("combobox", { name: "Agente" }) as HTMLSelectElement).selectedOptions[0]?.textContent).toBe("Lucía Mena"));
    expect(screen.getByLabelText("Recibido desde")).toHaveProperty("value", "2026-03-01");
    expect(screen.getByLabelText("Recibido hasta")).toHaveProperty("value", "2026-03-31");
    const asked = calls.find((call) => call.path === "/api/leads")?.query;
    expect(asked?.get("agent")).toBe("6");
    expect(asked?.get("receivedFrom")).toBe(new Date(2026, 2, 1).toISOString());
    expect(asked?.get("receivedBefore")).toBe(new Date(2026, 3, 1).toISOString());
    fireEvent.change(screen.getByLabelText("Recibido hasta"), { target: { value: "2026-03-15" } });
    await waitFor(() => expect(calls.at(-1)?.query.get("receivedBefore")).toBe(new Date(2026, 2, 16).toISOString()));
    expect(window.location.search).toBe("?agent=6&from=2026-03-01&to=2026-03-15");
  });

  it("gives the ticked leads to the agent the bulk bar names, one call each, and shows each lead's outcome", async () => {
    const { fetch, calls } = fakeApi({
      "GET /api/leads": leadsRoute(() => manyLeads.slice(0, 3)),
      "GET /api/users/getSalesUsers": () => ({ data: [pedro, lucia] }),
      "PUT /api/leads/assingLeadtoUser/1": () => ({ data: messages.updated }),
      "PUT /api/leads/assingLeadtoUser/2": () => ({ data: messages.updated }),
    });
    await renderApp("/panel/leads", fetch);
    await rowOf("Marta Quispe 1");
    await userEvent.click(screen.getByRole("checkbox", { name: "Seleccionar Marta Quispe 1" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Seleccionar Marta Quispe 2" }));
    const bar = within(screen.getByRole("region", { name: /acciones/i }));
    const assign = bar.getByRole("button", { name: "Asignar los seleccionados" });
    // no agent chosen: nothing to send
    expect(assign.hasAttribute("disabled")).toBe(true);
    await userEvent.selectOptions(bar.getByRole("combobox", { name: "Asignar a" }), "Lucía Mena");
    await userEvent.click(assign);
    const outcome = await screen.findByRole("status", {}, { timeout: 5_000 });
    await within(outcome).findByText(/Asignados: 2/);
    expect(within(outcome).getByText("Marta Quispe 1").parentElement?.textContent).toBe("Marta Quispe 1: Registro actualizado correctamente");
    expect(within(outcome).getByText("Marta Quispe 2")).toBeDefined();
    expect(calls.filter((call) => call.method === "PUT").map((call) => [call.path, call.body])).toEqual([
      ["/api/leads/assingLeadtoUser/1", { userId: 6 }],
      ["/api/leads/assingLeadtoUser/2", { userId: 6 }],
    ]);
    // the page is fetched again to show the new agents
    await waitFor(() => expect(calls.filter((call) => call.path === "/api/leads")).toHaveLength(2));
  });

  it("speaks English when chosen", async () => {
    localStorage.setItem("lang", "en");
    const { fetch } = fakeApi({
      "GET /api/leads": leadsRoute(() => manyLeads),
      "GET /api/users/getSalesUsers": () => ({ data: [] }),
    });
    await renderApp("/panel/leads", fetch);
    const row = within(await rowOf("Marta Quispe 1"));
    expect(row.getByRole("cell", { name: "unassigned" })).toBeDefined();
    expect(screen.getByText("Page 1 of 3")).toBeDefined();
    expect(screen.getByRole("searchbox", { name: "Search" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Assign Marta Quispe 1" })).toBeDefined();
  });
});

const xss = "<img src=x onerror=alert(1)>";

const conversationLead = lead(12, {
  message: `Hola,\n${xss}\nGracias`,
  lead_user: { id: userId(6), firstName: "Lucía", lastName: "Mena" },
  yachtName: "Galápagos Explorer",
  details: {
    in: "2026-07-10",
    out: "2026-07-18",
    itinerary: "Islas del sur",
    spaces: 4,
    cabins: 2,
    conditions: "Dos niños",
    isLastMinute: true,
    mainLowerLm: 4250.5,
    mainLowerGross: 5000,
    upperLm: null,
    upperGross: 6100.25,
  },
  // newest first on purpose: the screen shows them oldest first
  notes: [
    { comments: "Segunda nota", createdAt: "2026-03-06T14:05:00.000Z", author: { firstName: "Lucía", lastName: "Mena" } },
    { comments: `Primera ${xss}`, createdAt: "2026-03-05T14:05:00.000Z", author: { firstName: "Ana", lastName: "Ruiz" } },
  ],
});

describe("the lead conversation", () => {
  it("shows the message as text, the contact, the details and the notes oldest first", async () => {
    const { fetch } = fakeApi({ "GET /api/leads/12": () => ({ data: asSent([conversationLead])[0] }) });
    await renderApp("/panel/leads/12", fetch);
    expect(await screen.findByRole("heading", { level: 1, name: "Marta Quispe 12" })).toBeDefined();
    const message = screen.getByText((_, element) => element?.textContent === `Hola,\n${xss}\nGracias`);
    expect(message.tagName).toBe("P");
    expect(document.querySelector("img")).toBeNull();
    expect(screen.getByRole("link", { name: "marta12@example.com" }).getAttribute("href")).toBe(
      "mailto:marta12@example.com",
    );
    expect(screen.getByRole("link", { name: "+51 999 888 777" }).getAttribute("href")).toBe("tel:+51999888777");
    expect(screen.getByText("10/07/2026")).toBeDefined();
    expect(screen.getByText("18/07/2026")).toBeDefined();
    expect(screen.getByText("Galápagos Explorer")).toBeDefined();
    expect(screen.getByText("Sí")).toBeDefined();
    expect(screen.getByText("US$ 4.250,50")).toBeDefined();
    expect(screen.getByText("US$ 6.100,25")).toBeDefined();
    expect(screen.queryByText("Upper (última hora)")).toBeNull();
    expect(screen.getByText("Lucía Mena", { selector: "dd .lead-agent" })).toBeDefined();
    const notes = within(screen.getByRole("list", { name: "Seguimiento" })).getAllByRole("listitem");
    expect(notes.map((note) => note.querySelector("p")?.textContent)).toEqual([`Primera ${xss}`, "Segunda nota"]);
    expect(notes[0]?.textContent).toMatch(/Ana Ruiz · 05\/03\/2026 \d{2}:05/);
    expect(screen.getByRole("link", { name: "Volver a leads" }).getAttribute("href")).toBe("/panel/leads");
  });

  it("assigns the lead from its own page and shows the new agent", async () => {
    let current = conversationLead;
    const { fetch, calls } = fakeApi({
      "GET /api/leads/12": () => ({ data: asSent([current])[0] }),
      "GET /api/users/getSalesUsers": () => ({ data: [pedro, lucia] }),
      "PUT /api/leads/assingLeadtoUser/12": () => {
        current = { ...conversationLead, lead_user: { id: userId(5), firstName: "Pedro", lastName: "Vélez" } };
        return { data: messages.updated };
      },
    });
    await renderApp("/panel/leads/12", fetch);
    await userEvent.click(await screen.findByRole("button", { name: "Asignar Marta Quispe 12" }));
    const menu = within(await screen.findByRole("dialog", { name: "Asignar el lead de Marta Quispe 12" }));
    await userEvent.click(await menu.findByRole("button", { name: "Pedro Vélez" }));
    expect(await screen.findByText("Pedro Vélez", { selector: "dd .lead-agent" })).toBeDefined();
    expect(calls.filter((call) => call.method === "PUT").map((call) => call.body)).toEqual([{ userId: 5 }]);
    expect(calls.filter((call) => call.path === "/api/leads/12")).toHaveLength(2);
  });

  it("sends nothing for an empty comment and shows 'Información requerida'", async () => {
    const { fetch, calls } = fakeApi({ "GET /api/leads/12": () => ({ data: asSent([conversationLead])[0] }) });
    await renderApp("/panel/leads/12", fetch);
    const box = await screen.findByRole("textbox", { name: "Nuevo comentario" });
    await userEvent.click(screen.getByRole("button", { name: "Agregar comentario" }));
    expect(screen.getByText("Información requerida")).toBeDefined();
    await userEvent.type(box, "   ");
    await userEvent.click(screen.getByRole("button", { name: "Agregar comentario" }));
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("sends a double-submitted comment once as the signed-in user, clears the box and reloads", async () => {
    let current = conversationLead;
    // the server holds its answer until the second click is done
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { fetch, calls } = fakeApi({
      "GET /api/leads/12": () => ({ data: asSent([current])[0] }),
      "POST /api/leads/createTrakin": async () => {
        await released;
        current = {
          ...current,
          notes: [
            ...current.notes,
            {
              comments: "Cotización enviada",
              createdAt: "2026-03-07T14:05:00.000Z",
              author: { firstName: "Pedro", lastName: "Vélez" },
            },
          ],
        };
        return { data: messages.created };
      },
    });
    await renderApp("/panel/leads/12", fetch);
    const box = await screen.findByRole("textbox", { name: "Nuevo comentario" });
    expect(box.closest("form")?.hasAttribute("data-unsaved")).toBe(false);
    await userEvent.type(box, "Cotización enviada");
    // a typed comment is asked about before the page is left
    expect(box.closest("form")?.hasAttribute("data-unsaved")).toBe(true);
    const send = screen.getByRole("button", { name: "Agregar comentario" });
    await userEvent.click(send);
    await userEvent.click(send);
    expect(box).toHaveProperty("readOnly", true);
    release();
    await screen.findByText("Cotización enviada", { selector: "p" });
    expect(calls.filter((call) => call.method === "POST").map((call) => call.body)).toEqual([
      { userId: 5, leadId: 12, coments: "Cotización enviada" },
    ]);
    await waitFor(() => expect(box).toHaveProperty("value", ""));
    expect(box.closest("form")?.hasAttribute("data-unsaved")).toBe(false);
    expect(calls.filter((call) => call.method === "GET" && call.path === "/api/leads/12")).toHaveLength(2);
    await dialogAsked(fire, { titleText: "Registro creado correctamente" });
  });

  it("shows the not-found message and the way back for a lead that does not exist", async () => {
    const { fetch } = fakeApi({});
    await renderApp("/panel/leads/99", fetch);
    expect((await screen.findByRole("alert")).textContent).toBe("Recurso no encontrado");
    expect(screen.getByRole("link", { name: "Volver a leads" })).toBeDefined();
  });
});
