import { Result, Schema } from "effect";
import { type Endpoint, envelope, type ListMeta } from "./endpoint.ts";
import { ApiError, INVALID_SESSION } from "./errors.ts";
import { API_BASE } from "./index.ts";

export interface CallInput<E extends Endpoint> {
  readonly params?: E["params"]["Type"];
  readonly query?: E["query"]["Type"];
  readonly body?: E["body"]["Type"];
}

export interface ClientOptions {
  /** Where the API lives; `/api` when the panel is served by the API server. */
  readonly base?: string;
  readonly fetch?: typeof globalThis.fetch;
  /** The bearer token of the stored session, if any. */
  readonly readToken: () => string | null;
  /** Told when an answer is 498, so the session flow can end the session. */
  readonly onInvalidSession?: () => void;
}

export interface Answer<T> {
  readonly data: T;
  readonly meta?: ListMeta;
}

const ErrorBody = Schema.Struct({ data: Schema.String });

const encodeSync = <S extends Endpoint["params"]>(schema: S, value: unknown): Record<string, unknown> =>
  Schema.encodeUnknownSync(schema)(value) as Record<string, unknown>;

/** Builds `/users/7` from `/users/:id` and the encoded path parameters. */
export const fillPath = (path: string, params: Record<string, unknown>): string =>
  path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key])));

const toSearch = (query: Record<string, unknown>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text === "" ? "" : `?${text}`;
};

const readJson = async (response: Response): Promise<unknown> => {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
};

/**
 * The one API client: it adds the bearer token, encodes the request with the endpoint's schemas
 * and decodes the answer. It resolves with the decoded answer or rejects with an ApiError whose
 * message is the server's `data` text (or a readable description of a malformed answer).
 */
export const createClient = (options: ClientOptions) => {
  const base = options.base ?? API_BASE;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  const request = async <E extends Endpoint>(
    endpoint: E,
    input: CallInput<E> = {},
  ): Promise<Answer<E["response"]["Type"]>> => {
    const params = encodeSync(endpoint.params, input.params ?? {});
    const query = encodeSync(endpoint.query, input.query ?? {});
    const hasBody = endpoint.method !== "GET" && endpoint.method !== "DELETE";
    const headers: Record<string, string> = { accept: "application/json" };
    const token = options.readToken();
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (hasBody) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(Schema.encodeUnknownSync(endpoint.body)(input.body ?? {}));
    }
    let response: Response;
    try {
      response = await doFetch(`${base}${fillPath(endpoint.path, params)}${toSearch(query)}`, {
        method: endpoint.method,
        headers,
        body,
      });
    } catch {
      throw new ApiError(0, "network error");
    }
    const json = await readJson(response);
    if (response.status !== 200) {
      if (response.status === INVALID_SESSION) options.onInvalidSession?.();
      const failure = Schema.decodeUnknownResult(ErrorBody)(json);
      throw new ApiError(
        response.status,
        Result.isSuccess(failure) ? failure.success.data : `HTTP ${response.status}`,
      );
    }
    const decoded = Schema.decodeUnknownResult(envelope(endpoint.response))(json, { errors: "all" });
    if (Result.isFailure(decoded)) {
      throw new ApiError(200, `unexpected answer from ${endpoint.name}: ${decoded.failure.message}`);
    }
    return decoded.success as Answer<E["response"]["Type"]>;
  };

  return {
    request,
    /** The decoded `data` of the answer. */
    call: async <E extends Endpoint>(endpoint: E, input?: CallInput<E>) =>
      (await request(endpoint, input)).data,
  };
};

export type ApiClient = ReturnType<typeof createClient>;
