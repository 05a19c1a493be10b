import { Schema } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Credentials, forgotPassword, Health, LoginUser, NewPassword, upgradePassword } from "../../src/api/auth.ts";
import { envelope, type AnyCodec } from "../../src/api/endpoint.ts";
import { MAX_ID } from "../../src/api/ids.ts";
import { userId } from "../ids.ts";
import { decodeStoredSession, encodeStoredSession } from "../../src/machines/session/storedSession.ts";

const text = fc.string({ maxLength: 40 });
/** Login and forgot password refuse a blank email or an empty password ('required_information'). */
const filled = text.filter((value) => /\S/.test(value));
const role = fc.constantFrom("admin" as const, "marketing" as const, "sales" as const);

const roundTrips = <S extends AnyCodec>(schema: S, values: fc.Arbitrary<S["Type"]>) =>
  fc.assert(
    fc.property(values, (value) => {
      const wire = JSON.parse(JSON.stringify(Schema.encodeUnknownSync(schema)(value)));
      expect(Schema.decodeUnknownSync(schema)(wire)).toEqual(value);
    }),
  );

const loginUsers = fc.record({
  id: fc.integer({ min: 1, max: MAX_ID }).map(userId),
  firstName: text,
  lastName: text,
  email: text,
  token: text,
  rol: role,
  changePassword: fc.boolean(),
});

describe("every auth contract schema decodes what it encodes", () => {
  it("credentials", () => roundTrips(Credentials, fc.record({ email: filled, password: filled })));
  it("login answer, inside the wire envelope", () =>
    roundTrips(envelope(LoginUser), fc.record({ data: loginUsers })));
  it("forgot password body", () => roundTrips(forgotPassword.body, fc.record({ email: filled })));
  it("new password", () => roundTrips(NewPassword, fc.record({ password: text, confirmPassword: text })));
  it("upgradePassword path id", () =>
    roundTrips(upgradePassword.params, fc.record({ id: fc.integer({ min: 1, max: MAX_ID }).map(userId) })));
  it("health", () => roundTrips(Health, fc.constant({ status: "ok" as const })));
  it("the stored session", () =>
    fc.assert(
      fc.property(
        fc.record({ userName: text, token: fc.string({ minLength: 1 }), role, id: fc.integer({ min: 1, max: MAX_ID }).map(userId) }),
        (session) => {
          expect(decodeStoredSession(encodeStoredSession(session))).toEqual(session);
        },
      ),
    ));
});
