/**
 * The ids are branded per record kind (src/api/ids.ts): `npm test` runs `tsc -p .` first, so each
 * `@ts-expect-error` below fails the run the day a lead id is accepted where a user id is expected
 * (the directive itself is then an error: "Unused '@ts-expect-error' directive").
 */
import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import type { assignLead as assignLeadCommand } from "../../server/leads/leads.ts";
import { type LeadId, MAX_ID, type UserId, UserId as UserIdSchema, UserIdFromPath } from "../../src/api/ids.ts";
import type { BodyOf, ParamsOf } from "../../src/api/endpoint.ts";
import type { assignLead } from "../../src/api/leads.ts";
import { itineraryId, leadId, userId } from "../ids.ts";

const expectsUser = (id: UserId): UserId => id;
type AssignArguments = Parameters<typeof assignLeadCommand>;

describe("branded ids", () => {
  it("refuse a lead id where a user id is expected, and a plain number", () => {
    const lead: LeadId = leadId(5);
    // @ts-expect-error a LeadId is not a UserId
    expectsUser(lead);
    // @ts-expect-error a number is an id only once decoded
    expectsUser(5);
    // @ts-expect-error nor is a destination's id a user's
    expectsUser(itineraryId(5));
    expect(expectsUser(userId(5))).toBe(5);
  });

  it("flow through the contract and the server's commands", () => {
    // @ts-expect-error the assign body takes a user id, not a lead id
    const body: BodyOf<typeof assignLead> = { userId: leadId(3) };
    // @ts-expect-error the path takes a lead id, not a user id
    const params: ParamsOf<typeof assignLead> = { leadId: userId(3) };
    const ok: BodyOf<typeof assignLead> = { userId: userId(3) };
    // @ts-expect-error the command's lead and agent swapped
    const swapped: [AssignArguments[1], AssignArguments[2]] = [userId(1), leadId(2)];
    expect([body, params, ok, swapped]).toHaveLength(4);
  });

  it("decode integers from 1 to 2^31-1 only", () => {
    const decode = Schema.decodeUnknownOption(UserIdSchema);
    expect(decode(1)._tag).toBe("Some");
    expect(decode(MAX_ID)._tag).toBe("Some");
    for (const wrong of [0, -1, 1.5, MAX_ID + 1, "1"]) expect(decode(wrong)._tag).toBe("None");
    const fromPath = Schema.decodeUnknownOption(UserIdFromPath);
    expect(fromPath("7")._tag).toBe("Some");
    expect(fromPath(String(MAX_ID + 1))._tag).toBe("None");
  });
});
