import { Option, Schema } from "effect";
import type { LoginUser } from "../../api/auth.ts";
import { RoleName } from "../../api/endpoint.ts";
import { UserId } from "../../api/ids.ts";

/** The local-storage key of the signed-in session (SPEC.md section 9). */
export const USER_INFO_KEY = "userInfo";

/** What the panel keeps in local storage under `userInfo` (SPEC.md section 3). */
export const StoredSession = Schema.Struct({
  userName: Schema.String,
  token: Schema.String.check(Schema.isMinLength(1)),
  role: RoleName,
  id: UserId,
});
export type StoredSession = typeof StoredSession.Type;

const StoredSessionJson = Schema.fromJsonString(StoredSession);

/** The stored text decoded, or null when it is missing, not JSON or not a session. */
export const decodeStoredSession = (stored: string | null): StoredSession | null =>
  stored === null ? null : Option.getOrNull(Schema.decodeUnknownOption(StoredSessionJson)(stored));

export const encodeStoredSession = (session: StoredSession): string =>
  Schema.encodeSync(StoredSessionJson)(session);

/** The session a successful login stores: userName is the first and last name. */
export const sessionFromLogin = (user: LoginUser): StoredSession => ({
  userName: `${user.firstName} ${user.lastName}`.trim(),
  token: user.token,
  role: user.rol,
  id: user.id,
});

/** The change-password-only token given at login; kept in memory, never stored. */
export interface PendingPasswordChange {
  readonly id: number;
  readonly token: string;
}
