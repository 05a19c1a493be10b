/**
 * The rules of users and sign-ins as guards of their domain machines (decision 017), judged as the
 * server judges a command: from a stored status, with the facts it loaded. Every refusing branch
 * from every state that has it, including those the path generator cannot reach with one set of
 * facts per path (an update refused after a create that was accepted), and the replay (no facts)
 * that accepts what was decided.
 */
import { describe, expect, it } from "vitest";
import { judge } from "../../src/machines/domain/verdict.ts";
import { messages } from "../../src/api/messages.ts";
import { type StaffSessionFacts, staffSessionMachine } from "../../src/machines/domain/staffSession.machine.ts";
import { roleIds, type UserEvent, type UserFacts, userMachine } from "../../src/machines/domain/user.machine.ts";

const decided: UserFacts = {
  fieldProblem: null,
  isEmailInUse: false,
  isUnknownRole: false,
  isAgencyUnselected: false,
  isLastActiveAdmin: false,
  isSelf: false,
  passwordProblem: null,
  confirmationProblem: null,
};

const details = { firstName: "Marta", lastName: "Andrade", email: "marta@example.com" };
const create: UserEvent = {
  type: "user.create",
  ...details,
  roleId: roleIds.marketing,
  active: true,
  passwordHash: null,
  changePassword: true,
};
const update = (roleId: number): UserEvent => ({ type: "user.update", ...details, roleId });

const refused = (status: number, message: string) => ({ kind: "refused", refusal: expect.objectContaining({ status, message }) });

/** The user form's rules, in the order the form reports them, as facts and answers. */
const formRules: ReadonlyArray<readonly [string, Partial<UserFacts>, ReturnType<typeof refused>]> = [
  ["a blank field", { fieldProblem: "required" }, refused(400, messages.requiredInformation)],
  ["a field too long", { fieldProblem: "invalid" }, refused(400, messages.invalidInput)],
  ["a malformed email", { fieldProblem: "invalidEmail" }, refused(400, messages.invalidEmail)],
  ["an unknown role", { isUnknownRole: true }, refused(400, messages.unknownRole)],
  ["an agency user without an agency", { isAgencyUnselected: true }, refused(400, messages.selectAgency)],
  ["an email in use", { isEmailInUse: true }, refused(409, messages.emailInUse)],
];

describe("the user's machine", () => {
  it.each(formRules)("refuses a create with %s", (_case, facts, verdict) => {
    expect(judge(userMachine, null, create, { ...decided, ...facts })).toEqual(verdict);
  });

  it.each(formRules.flatMap(([name, facts, verdict]) => ["active", "inactive"].map((status) => [name, status, facts, verdict] as const)))(
    "refuses an update with %s while %s",
    (_case, status, facts, verdict) => {
      expect(judge(userMachine, status, update(roleIds.sales), { ...decided, ...facts })).toEqual(verdict);
    },
  );

  it("reports a missing field before an unknown role or an email in use", () => {
    const facts = { ...decided, fieldProblem: "required", isUnknownRole: true, isEmailInUse: true } as const;
    expect(judge(userMachine, null, create, facts)).toEqual(refused(400, messages.requiredInformation));
    expect(judge(userMachine, null, create, { ...facts, fieldProblem: null })).toEqual(refused(400, messages.unknownRole));
  });

  it("keeps the last active admin: no delete, no deactivation, no other role; the admin role may stay", () => {
    const lastAdmin = { ...decided, isLastActiveAdmin: true };
    const lastAdminRefused = refused(409, messages.lastAdmin);
    expect(judge(userMachine, "active", { type: "user.delete" }, lastAdmin)).toEqual(lastAdminRefused);
    expect(judge(userMachine, "active", { type: "user.deactivate" }, lastAdmin)).toEqual(lastAdminRefused);
    expect(judge(userMachine, "active", update(roleIds.marketing), lastAdmin)).toEqual(lastAdminRefused);
    expect(judge(userMachine, "active", update(roleIds.admin), lastAdmin)).toEqual({ kind: "accepted", status: "active" });
  });

  it("lets nobody delete themselves, active or not, before any other rule", () => {
    const self = { ...decided, isSelf: true, isLastActiveAdmin: true };
    for (const status of ["active", "inactive"]) {
      expect(judge(userMachine, status, { type: "user.delete" }, self)).toEqual(refused(409, messages.selfDelete));
    }
  });

  it.each([
    [{ passwordProblem: "required" }, messages.passwordRequired],
    [{ passwordProblem: "pattern" }, messages.passwordPattern],
    [{ passwordProblem: "tooShort" }, messages.passwordTooShort],
    [{ passwordProblem: "tooLong" }, messages.passwordTooLong],
    [{ confirmationProblem: "required" }, messages.passwordRequired],
    [{ confirmationProblem: "mismatch" }, messages.passwordsDoNotMatch],
    [{ passwordProblem: "pattern", confirmationProblem: "mismatch" }, messages.passwordPattern],
  ] as const)("refuses a new password with %j: %s", (facts, message) => {
    const event = { type: "user.changePassword", passwordHash: "$argon2id$x" } as const;
    expect(judge(userMachine, "active", event, { ...decided, ...facts })).toEqual(refused(400, message));
  });

  it("accepts every command with no rule broken, and replays (no facts) whatever was decided", () => {
    const lastAdmin = { ...decided, isLastActiveAdmin: true, isSelf: true, fieldProblem: "required" } as const;
    expect(judge(userMachine, null, create, decided)).toEqual({ kind: "accepted", status: "active" });
    expect(judge(userMachine, "active", update(roleIds.sales), decided)).toEqual({ kind: "accepted", status: "active" });
    expect(judge(userMachine, "active", { type: "user.delete" }, null)).toEqual({ kind: "accepted", status: "deleted" });
    expect(judge(userMachine, "active", update(roleIds.sales), null)).toEqual({ kind: "accepted", status: "active" });
    expect(judge(userMachine, "active", { type: "user.deactivate" }, null)).toEqual({ kind: "accepted", status: "inactive" });
    expect(judge(userMachine, "inactive", { type: "user.delete" }, lastAdmin)).toEqual(refused(409, messages.selfDelete));
  });
});

describe("the staff session's machine", () => {
  const open = (kind: "full" | "passwordChange") =>
    ({ type: "session.open", userId: 1, kind, tokenHash: "h", expiresAt: "2030-01-01T00:00:00.000Z" }) as const;

  const fine: StaffSessionFacts = { hasWrongCredentials: false, isTemporaryPasswordExpired: false };

  it("refuses wrong credentials first, then an expired temporary password (401), and opens a session otherwise", () => {
    expect(judge(staffSessionMachine, null, open("full"), { ...fine, hasWrongCredentials: true })).toEqual(
      refused(401, messages.wrongCredentials),
    );
    const both = { hasWrongCredentials: true, isTemporaryPasswordExpired: true };
    expect(judge(staffSessionMachine, null, open("passwordChange"), both)).toEqual(refused(401, messages.wrongCredentials));
    expect(judge(staffSessionMachine, null, open("passwordChange"), { ...fine, isTemporaryPasswordExpired: true })).toEqual(
      refused(401, messages.temporaryPasswordExpired),
    );
    expect(judge(staffSessionMachine, null, open("passwordChange"), fine)).toEqual({
      kind: "accepted",
      status: "open.passwordChange",
    });
    expect(judge(staffSessionMachine, null, open("full"), null)).toEqual({ kind: "accepted", status: "open.full" });
  });
});
