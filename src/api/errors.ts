import { messages } from "./messageTexts.ts";

/**
 * A refused request: the HTTP status and the `data` message of its body. The server throws it from
 * a handler; the panel's client returns it for every non-200 answer. A command a domain machine's
 * guard refused is kept as a refusal record (decision 071): its id travels beside the message, as
 * `meta.refusalId`, so the panel can ask why.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    override readonly message: string,
    readonly refusalId: number | null = null,
  ) {
    // an answer, not a fault: nobody reads where it was thrown, and taking its stack was among the
    // costliest steps of a refused hold (decision 129)
    const frames = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = frames;
  }
}

/** The status that means the session is missing, unknown, expired or revoked. */
export const INVALID_SESSION = 498;

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

/** Whether a request was refused because someone saved the record since it was loaded (409 stale). */
export const isStaleRefusal = (value: unknown): boolean =>
  isApiError(value) && value.status === 409 && value.message === messages.stale;
