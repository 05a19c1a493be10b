/**
 * The rules of a lead as guards of its domain machine (decision 017), judged as the server judges
 * a command: from a stored status, with the facts it loaded; every refusing branch from every
 * state that has it, and the replay (no facts) that accepts what was decided.
 */
import { describe, expect, it } from "vitest";
import { judge } from "../../src/machines/domain/verdict.ts";
import { messages } from "../../src/api/messages.ts";
import { type LeadEvent, type LeadFacts, leadMachine } from "../../src/machines/domain/lead.machine.ts";

const decided: LeadFacts = { fieldProblem: null, agentIsActiveSales: true };

const create: LeadEvent = {
  type: "lead.create",
  firstName: "Ana",
  lastName: "Ruiz",
  email: "ana@example.com",
  country: "Ecuador",
  phone: "099",
  message: "Hola",
  yachtName: null,
  details: null,
};
const assign: LeadEvent = { type: "lead.assign", agentId: 3, agentName: "Diego Cevallos" };
const comment: LeadEvent = { type: "lead.comment", authorId: 3, comments: "Llamé." };

const refused = (status: number, message: string) => ({ kind: "refused", refusal: expect.objectContaining({ status, message }) });

describe("the lead's machine", () => {
  it.each([
    ["required", messages.requiredInformation],
    ["invalid", messages.invalidInput],
    ["invalidEmail", messages.invalidEmail],
  ] as const)("refuses the public form with the problem %s", (problem, message) => {
    expect(judge(leadMachine, null, create, { ...decided, fieldProblem: problem })).toEqual(refused(400, message));
  });

  it.each(["new", "assigned"])("refuses a blank or too long note while %s", (status) => {
    expect(judge(leadMachine, status, comment, { ...decided, fieldProblem: "required" })).toEqual(
      refused(400, messages.requiredInformation),
    );
    expect(judge(leadMachine, status, comment, { ...decided, fieldProblem: "invalid" })).toEqual(
      refused(400, messages.invalidInput),
    );
    expect(judge(leadMachine, status, comment, decided)).toEqual({ kind: "accepted", status });
  });

  it.each(["new", "assigned"])("refuses an agent who is not an active sales user while %s", (status) => {
    expect(judge(leadMachine, status, assign, { ...decided, agentIsActiveSales: false })).toEqual(
      refused(400, messages.notSalesUser),
    );
    expect(judge(leadMachine, status, assign, decided)).toEqual({ kind: "accepted", status: "assigned" });
  });

  it("judges every command from its status alone: a refusal judged before from the same state leaves nothing behind", () => {
    expect(judge(leadMachine, null, create, { ...decided, fieldProblem: "invalidEmail" })).toEqual(refused(400, messages.invalidEmail));
    expect(judge(leadMachine, null, create, decided)).toEqual({ kind: "accepted", status: "new" });
    expect(judge(leadMachine, "assigned", assign, { ...decided, agentIsActiveSales: false })).toEqual(refused(400, messages.notSalesUser));
    expect(judge(leadMachine, "assigned", assign, decided)).toEqual({ kind: "accepted", status: "assigned" });
  });

  it("replays (no facts) whatever was decided", () => {
    expect(judge(leadMachine, null, create, null)).toEqual({ kind: "accepted", status: "new" });
    expect(judge(leadMachine, "new", assign, null)).toEqual({ kind: "accepted", status: "assigned" });
    expect(judge(leadMachine, "assigned", comment, null)).toEqual({ kind: "accepted", status: "assigned" });
  });
});
