import type { LoginUser } from "../../api/auth.ts";
import type { RoleName } from "../../api/endpoint.ts";
import type { UserId } from "../../api/ids.ts";
import { MAX_ID } from "../../api/maxId.ts";
import { roleNames } from "../../api/roles.ts";

/** The local-storage key of the signed-in session (SPEC.md section 9). */
export const USER_INFO_KEY = "userInfo";

/** What the panel keeps in local storage under `userInfo` (SPEC.md section 3). */
export interface StoredSession {
  readonly userName: string;
  readonly token: string;
  readonly role: RoleName;
  readonly id: UserId;
}

const isRoleName = (value: unknown): value is RoleName => roleNames.some((role) => role === value);

const isUserId = (value: unknown): value is UserId =>
  typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= MAX_ID;

const parsed = (stored: string): unknown => {
  try {
    return JSON.parse(stored);
  } catch {
    return null;
  }
};

/**
 * The stored text decoded, or null when it is missing, not JSON or not a session. Checked by hand,
 * not with the contract's schemas: the login page reads it before anything else and loads without
 * the schema library (decision 081).
 */
export const decodeStoredSession = (stored: string | null): StoredSession | null => {
  const value = stored === null ? null : parsed(stored);
  if (typeof value !== "object" || value === null) return null;
  const { userName, token, role, id } = value as Record<string, unknown>;
  if (typeof userName !== "string" || typeof token !== "string" || token === "" || !isRoleName(role) || !isUserId(id)) return null;
  return { userName, token, role, id };
};

export const encodeStoredSession = (session: StoredSession): string =>
  JSON.stringify({ userName: session.userName, token: session.token, role: session.role, id: session.id });

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
