import { Schema } from "effect";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { type ApiClient, createClient } from "../../src/api/client.ts";
import { ApiError } from "../../src/api/errors.ts";
import { Lead, type LeadsQuery } from "../../src/api/leads.ts";
import { User as UserSchema } from "../../src/api/users.ts";
import { messages } from "../../src/api/messages.ts";
import type { User } from "../../src/api/users.ts";
import type { LeadId, UserId } from "../../src/api/ids.ts";
import { type AssignmentTarget, leadAssignmentMachine } from "../../src/machines/leads/leadAssignment.machine.ts";
import { leadConversationMachine } from "../../src/machines/leads/leadConversation.machine.ts";
import {
  assignToAgent,
  dayStart,
  fetchLeadsPage,
  LEADS_EXPORT_PAGE_SIZE,
  type LeadsChoices,
  leadsListMachine,
  leadsQuery,
  leadsQueryDefaults,
} from "../../src/machines/leads/leadsList.machine.ts";
import { initialQuery, type ListQuery, listQuerySearch, parseListQuery } from "../../src/machines/shared/listQuery.ts";
import {
  type BulkQuestion,
  collectRows,
  exportsAll,
  hasPage,
  type PagedFetchInput,
  type PagedRows,
  runBulkCommand,
} from "../../src/machines/shared/pagedList.machine.ts";
import { leadId, roleId, userId } from "../ids.ts";

/** Actors are doubles in these tests: the client is only passed around, never called. */
const client = createClient({
  readToken: () => "t0k3n",
  fetch: () => Promise.reject(new Error("the doubles answer instead")),
});

const lead = (id: number, overrides: Partial<Lead> = {}): Lead => ({
  id: leadId(id),
  createdAt: "2026-03-14T15:30:00.000Z",
  firstName: "Marta",
  lastName: "Quispe",
  message: "Quisiera cotizar un crucero.",
  email: "marta@example.com",
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

/** Lets settled promises reach the actors without moving the fake clock. */
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the leads list", () => {
  /** One page as the doubled server answers it (the page asked is added). */
  type Answer = Omit<PagedRows<Lead, LeadsChoices>, "extras">;
  /** A server of 45 leads (or `answer`'s): every query is recorded as GET /leads gets it, and answered with the asked page. */
  const startList = (
    query: ListQuery = initialQuery(leadsQueryDefaults),
    answer: (page: number) => Answer = (page) => ({ rows: [lead(page)], total: 45 }),
    options: { refuse?: () => boolean; assignee?: () => string | null } = {},
  ) => {
    const queries: LeadsQuery[] = [];
    const fetchPage = fromPromise<PagedRows<Lead, LeadsChoices>, PagedFetchInput<null, LeadsChoices>>(async ({ input }) => {
      if (options.refuse?.() === true) throw new ApiError(403, messages.forbidden);
      const asked = leadsQuery(input.query);
      queries.push(asked);
      return { ...answer(asked.page ?? 1), extras: input.known ?? { agents: [pedro] } };
    });
    const askBulk = fromPromise<string | null, BulkQuestion>(async () => options.assignee?.() ?? null);
    const published: Array<{ search: string; mode: string }> = [];
    const actor = createActor(
      leadsListMachine.provide({
        actors: { fetchPage, askBulk },
        actions: {
          publishQuery: (_, { query, mode }) => {
            published.push({ search: listQuerySearch(query, leadsQueryDefaults), mode });
          },
        },
      }),
      { input: { client, query, scope: null } },
    );
    actor.start();
    return { actor, queries, published };
  };
  const nextPage = (actor: ReturnType<typeof startList>["actor"]) =>
    actor.send({ type: "page.go", page: actor.getSnapshot().context.query.page + 1 });
  const canGoTo = (actor: ReturnType<typeof startList>["actor"], page: number) => hasPage(actor.getSnapshot().context, page);

  it("loads page 1 and the sales users for the filter", async () => {
    const { actor, queries } = startList();
    await flush();
    expect(actor.getSnapshot().value).toBe("ready");
    expect(queries).toEqual([{ page: 1, pageSize: 20 }]);
    expect(actor.getSnapshot().context).toMatchObject({ query: { page: 1 }, total: 45, extras: { agents: [pedro] } });
  });

  it("pages forward, back and to a page number, never past the last page", async () => {
    const { actor, queries } = startList();
    await flush();
    expect(canGoTo(actor, 0)).toBe(false);
    nextPage(actor);
    await flush();
    nextPage(actor);
    await flush();
    expect(actor.getSnapshot().context.query.page).toBe(3);
    expect(canGoTo(actor, 4)).toBe(false);
    nextPage(actor);
    actor.send({ type: "page.go", page: 9 });
    actor.send({ type: "page.go", page: 2 });
    await flush();
    actor.send({ type: "page.go", page: 1 });
    await flush();
    expect(queries.map((query) => query.page)).toEqual([1, 2, 3, 2, 1]);
  });

  it("pages on past a total known only as 'more than N' while the pages are full, and offers no export of it", async () => {
    // a common search among many leads: 40 known to match, the fourth page the last and partial
    const { actor, queries } = startList(parseListQuery("q=galapagos", leadsQueryDefaults), (page) => ({
      rows: Array.from({ length: page < 4 ? 20 : 5 }, (_, index) => lead(page * 100 + index)),
      total: page < 4 ? Math.max(40, page * 20) : 65,
      totalIsAtLeast: page < 4,
    }));
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ total: 40, totalIsAtLeast: true });
    expect(exportsAll(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: "list.export", format: "csv" });
    expect(actor.getSnapshot().value).toBe("ready");
    for (const page of [2, 3, 4]) {
      expect(canGoTo(actor, page), `next from page ${page - 1}`).toBe(true);
      nextPage(actor);
      await flush();
    }
    expect(actor.getSnapshot().context).toMatchObject({ query: { page: 4 }, total: 65, totalIsAtLeast: false });
    expect(canGoTo(actor, 5)).toBe(false);
    nextPage(actor);
    await flush();
    expect(queries.map((query) => query.page)).toEqual([1, 2, 3, 4]);
  });

  it("searches searchDelay (300 ms) after the last keystroke, from page 1", async () => {
    const { actor, queries } = startList();
    await flush();
    nextPage(actor);
    await flush();
    actor.send({ type: "search.change", text: "qui" });
    await vi.advanceTimersByTimeAsync(200);
    actor.send({ type: "search.change", text: "quispe " });
    await vi.advanceTimersByTimeAsync(299);
    expect(queries).toHaveLength(2);
    expect(actor.getSnapshot().value).toBe("typing");
    await vi.advanceTimersByTimeAsync(1);
    expect(queries.at(-1)).toEqual({ page: 1, pageSize: 20, q: "quispe" });
    expect(actor.getSnapshot().context.query.page).toBe(1);
  });

  it("searches at once on submit", async () => {
    const { actor, queries } = startList();
    await flush();
    actor.send({ type: "search.change", text: "marta" });
    actor.send({ type: "search.submit" });
    await flush();
    expect(queries.at(-1)).toEqual({ page: 1, pageSize: 20, q: "marta" });
    await vi.advanceTimersByTimeAsync(1000);
    expect(queries).toHaveLength(2);
  });

  it("filters by agent from page 1, and fetches the same page again when a lead changed", async () => {
    const { actor, queries } = startList();
    await flush();
    actor.send({ type: "page.go", page: 2 });
    await flush();
    actor.send({ type: "filter.change", name: "agent", value: "unassigned" });
    await flush();
    expect(queries.at(-1)).toEqual({ page: 1, pageSize: 20, agent: "unassigned" });
    actor.send({ type: "filter.change", name: "agent", value: "5" });
    await flush();
    nextPage(actor);
    await flush();
    actor.send({ type: "list.changed" });
    await flush();
    expect(queries.slice(-2)).toEqual([
      { page: 2, pageSize: 20, agent: "5" },
      { page: 2, pageSize: 20, agent: "5" },
    ]);
  });

  it("keeps a filter, a sort or a page size chosen while a page reloads or a search waits, and shows its rows", async () => {
    const { actor, queries, published } = startList();
    await flush();
    // a lead changed elsewhere: the page is being fetched again as the user picks an agent
    actor.send({ type: "list.changed" });
    actor.send({ type: "filter.change", name: "agent", value: "5" });
    await flush();
    expect(actor.getSnapshot().value).toBe("ready");
    expect(queries.at(-1)).toEqual({ page: 1, pageSize: 20, agent: "5" });
    actor.send({ type: "search.change", text: "marta" });
    actor.send({ type: "sort.toggle", column: "name" });
    actor.send({ type: "pageSize.change", pageSize: 50 });
    await flush();
    expect(queries.at(-1)).toEqual({ page: 1, pageSize: 50, agent: "5", q: "marta", sort: "name", direction: "asc" });
    expect(actor.getSnapshot().context.query).toMatchObject({ filters: { agent: "5" }, q: "marta", pageSize: 50, sort: "name" });
    expect(published.map((entry) => entry.mode)).toEqual(["push", "push", "replace"]);
  });

  it("shows the server's message when the page cannot be loaded, and tries again on retry", async () => {
    let refuse = true;
    const { actor } = startList(undefined, () => ({ rows: [], total: 0 }), { refuse: () => refuse });
    await flush();
    expect(actor.getSnapshot().value).toBe("failed");
    expect(actor.getSnapshot().context.error).toBe(messages.forbidden);
    refuse = false;
    actor.send({ type: "retry" });
    await flush();
    expect(actor.getSnapshot().value).toBe("ready");
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("builds the query without empty search or 'all' filter", () => {
    expect(leadsQuery(initialQuery(leadsQueryDefaults))).toEqual({ page: 1, pageSize: 20 });
    expect(leadsQuery({ ...initialQuery(leadsQueryDefaults), q: "   " })).toEqual({ page: 1, pageSize: 20 });
  });

  it("asks for the days chosen from the start of the first to the start of the day after the last, in local time", () => {
    const query = parseListQuery("from=2026-11-01&to=2026-11-30&sort=name&dir=asc", leadsQueryDefaults);
    expect(leadsQuery(query)).toEqual({
      page: 1,
      pageSize: 20,
      receivedFrom: new Date(2026, 10, 1).toISOString(),
      receivedBefore: new Date(2026, 11, 1).toISOString(),
      sort: "name",
      direction: "asc",
    });
    expect(dayStart("2026-02-30")).toBe(new Date(2026, 2, 2).toISOString());
    expect(dayStart("yesterday")).toBeUndefined();
  });

  it("starts from the address's query, and writes each change back: pages pushed, typing replaced", async () => {
    const { actor, queries, published } = startList(parseListQuery("q=marta&page=2&sort=date&dir=asc", leadsQueryDefaults));
    await flush();
    expect(queries).toEqual([{ page: 2, pageSize: 20, q: "marta", sort: "date", direction: "asc" }]);
    expect(actor.getSnapshot().context.query.q).toBe("marta");
    nextPage(actor);
    await flush();
    actor.send({ type: "sort.toggle", column: "name" });
    await flush();
    actor.send({ type: "search.change", text: "marta q" });
    await vi.advanceTimersByTimeAsync(300);
    actor.send({ type: "filter.change", name: "from", value: "2026-11-01" });
    await flush();
    expect(published).toEqual([
      { search: "q=marta&sort=date&dir=asc&page=3", mode: "push" },
      { search: "q=marta&sort=name&dir=asc", mode: "push" },
      { search: "q=marta+q&sort=name&dir=asc", mode: "replace" },
      { search: "q=marta+q&from=2026-11-01&sort=name&dir=asc", mode: "push" },
    ]);
  });

  it("shows what the address asks for on Back, without writing it again", async () => {
    const { actor, queries, published } = startList();
    await flush();
    nextPage(actor);
    await flush();
    actor.send({ type: "query.sync", query: parseListQuery("q=ana", leadsQueryDefaults) });
    await flush();
    expect(queries.at(-1)).toEqual({ page: 1, pageSize: 20, q: "ana" });
    expect(actor.getSnapshot().context.query.q).toBe("ana");
    expect(published).toHaveLength(1);
  });

  it("assigns the ticked leads to the chosen agent only, keeps the ticks across pages and clears them on a filter", async () => {
    let assignee: string | null = null;
    const { actor } = startList(undefined, undefined, { assignee: () => assignee });
    await flush();
    expect(actor.getSnapshot().can({ type: "bulk.ask", command: "assign" })).toBe(false);
    actor.send({ type: "row.select", id: 1, selected: true });
    // the list declares the assignment and nothing else
    expect(actor.getSnapshot().can({ type: "bulk.ask", command: "confirm" })).toBe(false);
    expect(actor.getSnapshot().can({ type: "bulk.ask", command: "assign" })).toBe(true);
    // no agent chosen: nothing is sent
    actor.send({ type: "bulk.ask", command: "assign" });
    await flush();
    expect(actor.getSnapshot().value).toBe("ready");
    expect(actor.getSnapshot().context.bulkReply).toBe("");
    nextPage(actor);
    await flush();
    expect(actor.getSnapshot().context.selected.map((row) => row.id)).toEqual([1]);
    actor.send({ type: "filter.change", name: "agent", value: "unassigned" });
    await flush();
    expect(actor.getSnapshot().context.selected).toEqual([]);
    assignee = "5";
    actor.send({ type: "row.select", id: 1, selected: true });
    actor.send({ type: "bulk.ask", command: "assign" });
    await flush();
    expect(actor.getSnapshot().context.bulkReply).toBe("5");
  });

  it("keeps a tick made while the page reloads after a change elsewhere, and clears the ticks then too", async () => {
    const { actor } = startList();
    await flush();
    // a lead changed elsewhere: the page reloads, its rows still shown
    actor.send({ type: "list.changed" });
    expect(actor.getSnapshot().hasTag("loading")).toBe(true);
    actor.send({ type: "row.select", id: 1, selected: true });
    expect(actor.getSnapshot().context.selected.map((row) => row.id)).toEqual([1]);
    await flush();
    expect(actor.getSnapshot().value).toBe("ready");
    expect(actor.getSnapshot().context.selected.map((row) => row.id)).toEqual([1]);
    actor.send({ type: "list.changed" });
    actor.send({ type: "selection.clear" });
    expect(actor.getSnapshot().context.selected).toEqual([]);
    actor.send({ type: "page.select", selected: true });
    expect(actor.getSnapshot().context.selected.map((row) => row.id)).toEqual([1]);
  });

  it("asks a bulk command pressed while the page reloads once the page is in, and forgets one pressed before a failed reload (decision 112)", async () => {
    let refusing = false;
    const { actor } = startList(undefined, undefined, { assignee: () => null, refuse: () => refusing });
    await flush();
    actor.send({ type: "row.select", id: 1, selected: true });
    actor.send({ type: "list.changed" });
    actor.send({ type: "bulk.ask", command: "assign" });
    expect(actor.getSnapshot().hasTag("loading")).toBe(true);
    expect(actor.getSnapshot().context.pressedMeanwhile).toEqual({ type: "bulk.ask", command: "assign" });
    await flush();
    // asked once the page showed (the dialog double answers "closed"): the command was the one pressed
    expect(actor.getSnapshot().value).toBe("ready");
    expect(actor.getSnapshot().context.bulkCommand).toBe("assign");
    expect(actor.getSnapshot().context.pressedMeanwhile).toBeNull();

    refusing = true;
    actor.send({ type: "list.changed" });
    actor.send({ type: "list.export", format: "csv" });
    await flush();
    expect(actor.getSnapshot().value).toBe("failed");
    expect(actor.getSnapshot().context.pressedMeanwhile).toBeNull();
  });

  it("fetches the page again after a bulk command's dialog during which a lead changed elsewhere (decision 112)", async () => {
    let close = (_: string | null) => {};
    const queries: LeadsQuery[] = [];
    // a dialog the test closes by hand
    const machine = leadsListMachine.provide({
      actors: {
        fetchPage: fromPromise<PagedRows<Lead, LeadsChoices>, PagedFetchInput<null, LeadsChoices>>(async ({ input }) => {
          queries.push(leadsQuery(input.query));
          return { rows: [lead(1)], total: 45, extras: input.known ?? { agents: [pedro] } };
        }),
        askBulk: fromPromise<string | null, BulkQuestion>(() => new Promise((resolve) => { close = resolve; })),
      },
    });
    const list = createActor(machine, { input: { client, query: initialQuery(leadsQueryDefaults), scope: null } }).start();
    await flush();
    const reads = queries.length;
    list.send({ type: "row.select", id: 1, selected: true });
    list.send({ type: "bulk.ask", command: "assign" });
    expect(list.getSnapshot().value).toBe("bulkAsking");
    list.send({ type: "list.changed" });
    close(null);
    await flush();
    expect(queries.length).toBe(reads + 1);
    expect(list.getSnapshot().value).toBe("ready");
    list.stop();
  });

  it("assigns the ticked leads one call each and reports each lead's outcome", async () => {
    const calls: Array<{ id: number; body: unknown }> = [];
    const report = await runBulkCommand(assignToAgent, {
      client: createClient({
        readToken: () => "t",
        fetch: async (input, init) => {
          const id = Number(String(input).split("/").at(-1));
          calls.push({ id, body: JSON.parse(String(init?.body)) });
          return id === 2
            ? Response.json({ data: messages.forbidden }, { status: 403 })
            : Response.json({ data: messages.updated }, { status: 200 });
        },
      }),
      rows: [lead(1), lead(2, { firstName: "Luis" }), lead(3)],
      reply: "5",
      name: "assign",
      scope: null,
    });
    expect(calls).toEqual([
      { id: 1, body: { userId: 5 } },
      { id: 2, body: { userId: 5 } },
      { id: 3, body: { userId: 5 } },
    ]);
    expect(report).toEqual({
      action: "assign",
      succeeded: 2,
      refused: [{ id: 2, title: "Luis Quispe", message: messages.forbidden }],
      done: [
        { id: 1, title: "Marta Quispe", message: messages.updated },
        { id: 3, title: "Marta Quispe", message: messages.updated },
      ],
    });
  });

  /** A client doubling GET /leads (`answer` for each page asked) and the sales users; the queries asked are kept. */
  const serverOf = (answer: (page: number) => { data: ReadonlyArray<Lead>; meta: unknown }, users: () => Response) => {
    const asked: string[] = [];
    const fake = createClient({
      readToken: () => "t",
      fetch: async (input) => {
        const url = new URL(String(input), "http://x");
        if (url.pathname.endsWith("/users/getSalesUsers")) return users();
        asked.push(url.search);
        const { data, meta } = answer(Number(url.searchParams.get("page")));
        // as the server sends them, spelled as SPEC.md spells them (decision 074)
        return Response.json({ data: Schema.encodeSync(Schema.Array(Lead))(data), meta });
      },
    });
    return { fake, asked };
  };

  it("exports every matching lead, page after page of a hundred, not just the one shown", async () => {
    const { fake, asked } = serverOf(
      (page) => ({
        data: page < 3 ? Array.from({ length: 100 }, (_, index) => lead(page * 1000 + index)) : [lead(9999)],
        meta: { total: 201, page, pageSize: 100 },
      }),
      () => Response.json({ data: [] }),
    );
    const rows = await collectRows(
      fetchLeadsPage,
      { client: fake, query: parseListQuery("q=ana&page=4", leadsQueryDefaults), scope: null, known: { agents: [] } },
      LEADS_EXPORT_PAGE_SIZE,
    );
    expect(rows).toHaveLength(201);
    expect(asked).toEqual(["?page=1&pageSize=100&q=ana", "?page=2&pageSize=100&q=ana", "?page=3&pageSize=100&q=ana"]);
  });

  it("exports past a total known only as 'more than N' until a page comes short", async () => {
    const { fake, asked } = serverOf(
      (page) => ({
        data: Array.from({ length: page < 3 ? 100 : 7 }, (_, index) => lead(page * 1000 + index)),
        meta: { total: 100, page, pageSize: 100, totalIsAtLeast: true },
      }),
      () => Response.json({ data: [] }),
    );
    const rows = await collectRows(fetchLeadsPage, { client: fake, query: initialQuery(leadsQueryDefaults), scope: null, known: { agents: [] } }, 100);
    expect(rows).toHaveLength(207);
    expect(asked).toHaveLength(3);
  });

  it("reads the sales users with the first page only, and shows the page when they cannot be read", async () => {
    let users = () => Response.json({ data: Schema.encodeSync(Schema.Array(UserSchema))([pedro]) });
    const { fake } = serverOf((page) => ({ data: [lead(page)], meta: { total: 1, page, pageSize: 20 } }), () => users());
    const first = await fetchLeadsPage({ client: fake, query: initialQuery(leadsQueryDefaults), scope: null, known: null });
    expect(first).toMatchObject({ total: 1, totalIsAtLeast: false, extras: { agents: [pedro] } });
    users = () => {
      throw new Error("the users were read once already");
    };
    const next = await fetchLeadsPage({ client: fake, query: initialQuery(leadsQueryDefaults), scope: null, known: first.extras });
    expect(next.extras.agents).toEqual([pedro]);
    users = () => Response.json({ data: messages.forbidden }, { status: 403 });
    const refused = await fetchLeadsPage({ client: fake, query: initialQuery(leadsQueryDefaults), scope: null, known: null });
    expect(refused).toMatchObject({ rows: [lead(1)], extras: { agents: [] } });
  });
});

describe("the lead assignment menu", () => {
  const startMenu = (assign: (leadId: number, userId: number) => Promise<string>) => {
    const fetchSalesUsers = vi.fn(async (): Promise<ReadonlyArray<User>> => [pedro]);
    const reportAssigned = vi.fn();
    const notify = vi.fn();
    const actor = createActor(
      leadAssignmentMachine.provide({
        actors: {
          fetchSalesUsers: fromPromise<ReadonlyArray<User>, { client: ApiClient }>(fetchSalesUsers),
          assignAgent: fromPromise<string, { client: ApiClient; target: AssignmentTarget | null; userId: UserId }>(({ input }) =>
            assign(input.target?.leadId ?? 0, input.userId),
          ),
        },
        actions: { reportAssigned, notify: (_, { message }) => notify(message) },
      }),
      { input: { client } },
    );
    actor.start();
    return { actor, fetchSalesUsers, reportAssigned, notify };
  };
  const target = { leadId: leadId(12), name: "Marta Quispe", agentId: null };

  it("loads the sales users once, assigns, and tells the list to reload", async () => {
    const assign = vi.fn(async () => messages.updated);
    const { actor, fetchSalesUsers, reportAssigned, notify } = startMenu(assign);
    actor.send({ type: "menu.open", target });
    expect(actor.getSnapshot().value).toBe("loadingUsers");
    await flush();
    expect(actor.getSnapshot().context.salesUsers).toEqual([pedro]);
    actor.send({ type: "agent.choose", userId: userId(5) });
    actor.send({ type: "agent.choose", userId: userId(5) });
    await flush();
    expect(assign.mock.calls).toEqual([[12, 5]]);
    expect(actor.getSnapshot().value).toBe("closed");
    expect(reportAssigned).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith(messages.updated);

    actor.send({ type: "menu.open", target: { ...target, leadId: leadId(13) } });
    expect(actor.getSnapshot().value).toBe("choosing");
    actor.send({ type: "menu.close" });
    expect(fetchSalesUsers).toHaveBeenCalledTimes(1);
  });

  it("keeps the menu open with the server's message when the assignment is refused", async () => {
    const assign = vi
      .fn<(leadId: number, userId: number) => Promise<string>>()
      .mockRejectedValueOnce(new ApiError(400, messages.notSalesUser))
      .mockResolvedValueOnce(messages.updated);
    const { actor, reportAssigned } = startMenu(assign);
    actor.send({ type: "menu.open", target });
    await flush();
    actor.send({ type: "agent.choose", userId: userId(5) });
    await flush();
    expect(actor.getSnapshot().value).toBe("failed");
    expect(actor.getSnapshot().context.error).toBe(messages.notSalesUser);
    expect(reportAssigned).not.toHaveBeenCalled();
    actor.send({ type: "agent.choose", userId: userId(5) });
    await flush();
    expect(actor.getSnapshot().value).toBe("closed");
    expect(reportAssigned).toHaveBeenCalledTimes(1);
  });
});

/** What the comment actor is given. */
type Comment = { client: ApiClient; userId: UserId; leadId: LeadId; comments: string };

describe("the lead conversation", () => {
  const startConversation = (send: (body: { userId: number; leadId: number; comments: string }) => Promise<string>) => {
    const fetchLead = vi.fn(async (): Promise<Lead> => lead(12));
    const notify = vi.fn();
    const actor = createActor(
      leadConversationMachine.provide({
        actors: {
          fetchLead: fromPromise<Lead, { client: ApiClient; leadId: LeadId }>(fetchLead),
          sendComment: fromPromise<string, Comment>(({ input }) =>
            send({ userId: input.userId, leadId: input.leadId, comments: input.comments }),
          ),
        },
        actions: { notify: (_, { message }) => notify(message) },
      }),
      { input: { client, leadId: leadId(12), userId: userId(7) } },
    );
    actor.start();
    return { actor, fetchLead, notify };
  };

  it("refuses an empty or blank comment: the required message shows and nothing is sent", async () => {
    const send = vi.fn(async () => messages.created);
    const { actor } = startConversation(send);
    await flush();
    actor.send({ type: "comment.submit" });
    expect(actor.getSnapshot().context.problem).toBe("required");
    actor.send({ type: "comment.change", text: "  \n\t " });
    expect(actor.getSnapshot().context.problem).toBeNull();
    actor.send({ type: "comment.submit" });
    await flush();
    expect(actor.getSnapshot().context.problem).toBe("required");
    expect(actor.getSnapshot().value).toBe("ready");
    expect(send).not.toHaveBeenCalled();
  });

  it("refuses a comment longer than the server keeps (commentProblems): the message shows and nothing is sent", async () => {
    const send = vi.fn(async () => messages.created);
    const { actor } = startConversation(send);
    await flush();
    actor.send({ type: "comment.change", text: "x".repeat(5001) });
    actor.send({ type: "comment.submit" });
    await flush();
    expect(actor.getSnapshot().context.problem).toBe("invalid");
    expect(actor.getSnapshot().value).toBe("ready");
    expect(send).not.toHaveBeenCalled();
  });

  it("sends the first draft once with the signed-in user's id, clears the box and reloads the lead", async () => {
    const send = vi.fn(async () => messages.created);
    const { actor, fetchLead, notify } = startConversation(send);
    await flush();
    actor.send({ type: "comment.change", text: " Envié la cotización.\nLlamar el lunes. " });
    actor.send({ type: "comment.submit" });
    actor.send({ type: "comment.change", text: "otra cosa" });
    actor.send({ type: "comment.submit" });
    expect(actor.getSnapshot().value).toBe("sending");
    await flush();
    expect(send.mock.calls).toEqual([[{ userId: 7, leadId: 12, comments: "Envié la cotización.\nLlamar el lunes." }]]);
    expect(actor.getSnapshot().context.draft).toBe("");
    expect(fetchLead).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toBe("ready");
    expect(notify).toHaveBeenCalledWith(messages.created);
  });

  it("keeps the draft and shows the server's message when the comment is refused", async () => {
    const send = vi.fn(async (): Promise<string> => {
      throw new ApiError(403, messages.forbidden);
    });
    const { actor, fetchLead } = startConversation(send);
    await flush();
    actor.send({ type: "comment.change", text: "Hola" });
    actor.send({ type: "comment.submit" });
    await flush();
    expect(actor.getSnapshot().value).toBe("ready");
    expect(actor.getSnapshot().context).toMatchObject({ draft: "Hola", error: messages.forbidden });
    expect(fetchLead).toHaveBeenCalledTimes(1);
  });

  it("ends in failed when the lead does not exist", async () => {
    const actor = createActor(
      leadConversationMachine.provide({
        actors: {
          fetchLead: fromPromise<Lead, { client: ApiClient; leadId: LeadId }>(async () => {
            throw new ApiError(404, messages.notFound);
          }),
        },
      }),
      { input: { client, leadId: leadId(99), userId: userId(7) } },
    );
    actor.start();
    await flush();
    expect(actor.getSnapshot().value).toBe("failed");
    expect(actor.getSnapshot().context.error).toBe(messages.notFound);
  });
});
