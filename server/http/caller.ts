import { Schema } from "effect";
import { RoleName } from "../../src/api/endpoint.ts";
import { CatalogueItemId, UserId } from "../../src/api/ids.ts";
import { SessionKind } from "../../src/machines/domain/staffSession.machine.ts";
import type { RefusedCommand } from "../events/refused.ts";

/**
 * Who calls an endpoint that is not public: the session its bearer token opens. The routes know
 * the caller by this shape; which token opens which session is the accounts feature's, handed to
 * the server as `findSession` (server/app.ts), as is how a refusal is kept (`keepRefusal`), so the
 * route registration imports no feature.
 */
export const Session = Schema.Struct({
  id: Schema.String,
  kind: SessionKind,
  userId: UserId,
  firstName: Schema.String,
  lastName: Schema.String,
  email: Schema.String,
  role: RoleName,
  /** An agency user's agency: what they may see is that agency's. */
  agencyId: Schema.NullOr(CatalogueItemId),
});
export type Session = typeof Session.Type;

/** The open session a bearer token names at an instant, or null. */
export type FindSession = (token: string, now: Date) => Promise<Session | null>;

/** Keeps a refused command of a signed-in caller and answers the refusal's id (decision 071). */
export type KeepRefusal = (refused: RefusedCommand, session: Session, at: Date) => Promise<number>;

declare module "fastify" {
  interface FastifyInstance {
    readonly findSession: FindSession;
    readonly keepRefusal: KeepRefusal;
  }
}

/** The languages reference data is named in: its Spanish `name`, its `englishName` (decision 080). */
export type ReaderLanguage = "es" | "en";

/**
 * The reader's language from an Accept-Language header: English when its first language is,
 * else Spanish (the panel sends its own language alone; a browser's list starts with its first).
 */
export const readerLanguage = (acceptLanguage: string | undefined): ReaderLanguage =>
  (acceptLanguage ?? "").trim().toLowerCase().startsWith("en") ? "en" : "es";
