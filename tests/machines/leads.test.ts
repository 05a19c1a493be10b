import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { type ApiClient, createClient } from "../../src/api/client.ts";
import { ApiError } from "../../src/api/errors.ts";
import type { Lead, LeadsQuery } from "../../src/api/leads.ts";
import { messages } from "../../src/api/messages.ts";
import type { User } from "../../src/api/users.ts";
import type { LeadId, UserId } from "../../src/api/ids.ts";
import { type AssignmentTarget, leadAssignmentMachine } from "../../src/machines/leadAssignment.machine.ts";
import { leadConversationMachine } from "../../src/machines/leadConversation.machine.ts";
import { type LeadsPage, leadsListMachine, leadsQuery } from "../../src/machines/leadsList.machine.ts";
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
  trakin: [],
  ...overrides,
});

const pedro: User = {
  id: userId(5),
  first_name: "Pedro",
  last_name: "Vélez",
  email: "ventas@example.com",
  role_id: roleId(3),
  user_rol: { id: roleId(3), name: "sales" },
  active: true,
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
  /** A server of 45 leads: every query is recorded and answered with the asked page. */
  const startList = () => {
    const queries: LeadsQuery[] = [];
    const fetchLeads = fromPromise<LeadsPage, { client: ApiClient; query: LeadsQuery }>(async ({ input }) => {
      queries.push(input.query);
      return { leads: [lead(input.query.page ?? 1)], page: input.query.page ?? 1, total: 45 };
    });
    const fetchAgents = fromPromise<ReadonlyArray<User>, { client: ApiClient }>(async () => [pedro]);
    const actor = createActor(leadsListMachine.provide({ actors: { fetchLeads, fetchAgents } }), {
      input: { client, pageSize: 20 },
    });
    actor.start();
    return { actor, queries };
  };

  it("loads page 1 and the sales users for the filter", async () => {
    const { actor, queries } = startList();
    await flush();
    expect(actor.getSnapshot().value).toBe("ready");
    expect(queries).toEqual([{ page: 1, pageSize: 20 }]);
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, total: 45, agents: [pedro] });
  });

  it("pages forward, back and to a page number, never past the last page", async () => {
    const { actor, queries } = startList();
    await flush();
    expect(actor.getSnapshot().can({ type: "page.previous" })).toBe(false);
    actor.send({ type: "page.next" });
    await flush();
    actor.send({ type: "page.next" });
    await flush();
    expect(actor.getSnapshot().context.page).toBe(3);
    expect(actor.getSnapshot().can({ type: "page.next" })).toBe(false);
    actor.send({ type: "page.next" });
    actor.send({ type: "page.go", page: 9 });
    actor.send({ type: "page.previous" });
    await flush();
    actor.send({ type: "page.go", page: 1 });
    await flush();
    expect(queries.map((query) => query.page)).toEqual([1, 2, 3, 2, 1]);
  });

  it("searches searchDelay (300 ms) after the last keystroke, from page 1", async () => {
    const { actor, queries } = startList();
    await flush();
    actor.send({ type: "page.next" });
    await flush();
    actor.send({ type: "search.change", text: "qui" });
    await vi.advanceTimersByTimeAsync(200);
    actor.send({ type: "search.change", text: "quispe " });
    await vi.advanceTimersByTimeAsync(299);
    expect(queries).toHaveLength(2);
    expect(actor.getSnapshot().value).toBe("debouncing");
    await vi.advanceTimersByTimeAsync(1);
    expect(queries.at(-1)).toEqual({ page: 1, pageSize: 20, q: "quispe" });
    expect(actor.getSnapshot().context.page).toBe(1);
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

  it("filters by agent from page 1, and reloads the same page after an assignment", async () => {
    const { actor, queries } = startList();
    await flush();
    actor.send({ type: "page.go", page: 2 });
    await flush();
    actor.send({ type: "agent.change", agent: { kind: "unassigned" } });
    await flush();
    expect(queries.at(-1)).toEqual({ page: 1, pageSize: 20, agent: "unassigned" });
    actor.send({ type: "agent.change", agent: { kind: "user", userId: 5 } });
    await flush();
    actor.send({ type: "page.next" });
    await flush();
    actor.send({ type: "list.reload" });
    await flush();
    expect(queries.slice(-2)).toEqual([
      { page: 2, pageSize: 20, agent: "5" },
      { page: 2, pageSize: 20, agent: "5" },
    ]);
  });

  it("shows the server's message when the page cannot be loaded, and tries again on reload", async () => {
    let refuse = true;
    const fetchLeads = fromPromise<LeadsPage, { client: ApiClient; query: LeadsQuery }>(async () => {
      if (refuse) throw new ApiError(403, messages.forbidden);
      return { leads: [], page: 1, total: 0 };
    });
    const fetchAgents = fromPromise<ReadonlyArray<User>, { client: ApiClient }>(async () => []);
    const actor = createActor(leadsListMachine.provide({ actors: { fetchLeads, fetchAgents } }), {
      input: { client },
    });
    actor.start();
    await flush();
    expect(actor.getSnapshot().value).toBe("failed");
    expect(actor.getSnapshot().context.error).toBe(messages.forbidden);
    refuse = false;
    actor.send({ type: "list.reload" });
    await flush();
    expect(actor.getSnapshot().value).toBe("ready");
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("builds the query without empty search or 'all' filter", () => {
    expect(leadsQuery(1, 20, "", { kind: "all" })).toEqual({ page: 1, pageSize: 20 });
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
type Comment = { client: ApiClient; userId: UserId; leadId: LeadId; coments: string };

describe("the lead conversation", () => {
  const startConversation = (send: (body: { userId: number; leadId: number; coments: string }) => Promise<string>) => {
    const fetchLead = vi.fn(async (): Promise<Lead> => lead(12));
    const notify = vi.fn();
    const actor = createActor(
      leadConversationMachine.provide({
        actors: {
          fetchLead: fromPromise<Lead, { client: ApiClient; leadId: LeadId }>(fetchLead),
          sendComment: fromPromise<string, Comment>(({ input }) =>
            send({ userId: input.userId, leadId: input.leadId, coments: input.coments }),
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
    expect(send.mock.calls).toEqual([[{ userId: 7, leadId: 12, coments: "Envié la cotización.\nLlamar el lunes." }]]);
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
