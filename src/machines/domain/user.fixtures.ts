import { machineFixtures, withFacts } from "../fixtures.ts";
import { roleIds, type UserFacts, userMachine } from "./user.machine.ts";

/** Facts under which every command is accepted. */
const decided: UserFacts = {
  fieldProblem: null,
  isEmailInUse: false,
  isUnknownRole: false,
  isLastActiveAdmin: false,
  isSelf: false,
  passwordProblem: null,
  confirmationProblem: null,
};

export const fixtures = machineFixtures({
  id: "domain.user",
  file: "src/machines/domain/user.machine.ts",
  machine: userMachine,
  inputs: [undefined],
  events: withFacts(
    userMachine,
    [
      {
        type: "user.create",
        firstName: "Marta",
        lastName: "Andrade",
        email: "marta@example.com",
        roleId: roleIds.marketing,
        active: true,
        passwordHash: null,
        changePassword: true,
      },
      {
        type: "user.create",
        firstName: "Diego",
        lastName: "Cevallos",
        email: "diego@example.com",
        roleId: roleIds.sales,
        active: false,
        passwordHash: null,
        changePassword: true,
      },
      { type: "user.issueTemporaryPassword", temporaryPasswordHash: "$argon2id$sample", expiresAt: "2030-01-01T00:00:00.000Z" },
      { type: "user.resetPassword", temporaryPasswordHash: "$argon2id$sample", expiresAt: "2030-01-01T00:00:00.000Z" },
      { type: "user.changePassword", passwordHash: "$argon2id$sample" },
      { type: "user.update", firstName: "Marta", lastName: "Andrade", email: "marta@example.com", roleId: roleIds.admin },
      { type: "user.update", firstName: "Marta", lastName: "Andrade", email: "marta@example.com", roleId: roleIds.sales },
      { type: "user.activate" },
      { type: "user.deactivate" },
      { type: "user.delete" },
    ],
    [
      decided,
      { ...decided, fieldProblem: "required" },
      { ...decided, fieldProblem: "invalid" },
      { ...decided, fieldProblem: "invalidEmail" },
      { ...decided, isUnknownRole: true },
      { ...decided, isEmailInUse: true },
      { ...decided, isLastActiveAdmin: true },
      { ...decided, isSelf: true },
      { ...decided, passwordProblem: "required" },
      { ...decided, passwordProblem: "pattern" },
      { ...decided, passwordProblem: "tooShort" },
      { ...decided, passwordProblem: "tooLong" },
      { ...decided, confirmationProblem: "required" },
      { ...decided, confirmationProblem: "mismatch" },
    ],
  ),
});
