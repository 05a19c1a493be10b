import { Option, Result, Schema } from "effect";
import { API_BASE, type Endpoint, envelope, JSON_FORM_FIELD, type ListMeta } from "./endpoint.ts";
import { ApiError, INVALID_SESSION } from "./errors.ts";
import { ErrorAnswer, messages } from "./messages.ts";
import { clientMessages } from "./messageTexts.ts";

export interface CallInput<E extends Endpoint> {
  readonly params?: E["params"]["Type"];
  readonly query?: E["query"]["Type"];
  readonly body?: E["body"]["Type"];
}

/** A multipart endpoint's call: path and query as for `request`, the form's text fields and its files. */
export interface UploadInput<E extends Endpoint> {
  readonly params?: E["params"]["Type"];
  readonly query?: E["query"]["Type"];
  readonly fields: E["body"]["Type"];
  readonly files?: ReadonlyArray<Blob>;
  /** Told how much of the request has been sent, 0 to 100. */
  readonly onProgress?: (percent: number) => void;
  /** Aborts the upload, e.g. when the screen that started it closes. */
  readonly signal?: AbortSignal;
}

/** One multipart request, as handed to the transport. */
export interface UploadRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: FormData;
  readonly onProgress: (loaded: number, total: number) => void;
  readonly signal?: AbortSignal;
}

/** The raw answer of an upload: its status and its body as text. */
export interface UploadResponse {
  readonly status: number;
  readonly text: string;
}

/** Sends one multipart request; XMLHttpRequest in the browser, a double in tests. */
export type UploadTransport = (request: UploadRequest) => Promise<UploadResponse>;

/** What the transport reads of a ProgressEvent. */
export interface UploadProgress {
  readonly lengthComputable: boolean;
  readonly loaded: number;
  readonly total: number;
}

/** The part of XMLHttpRequest the transport uses, so tests can hand in a small double. */
export interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  readonly upload: { addEventListener(type: "progress", listener: (event: UploadProgress) => void): void };
  addEventListener(type: "load" | "error" | "abort", listener: () => void): void;
  send(body: FormData): void;
  abort(): void;
  readonly status: number;
  readonly responseText: string;
}

/**
 * The upload transport over XMLHttpRequest: fetch reports no upload progress, XMLHttpRequest's
 * `upload` does. A failed connection or an abort rejects like a failed fetch does in `request`.
 */
export const xhrTransport =
  (createXhr: () => XhrLike): UploadTransport =>
  (request) =>
    new Promise((resolve, reject) => {
      const xhr = createXhr();
      xhr.open(request.method, request.url);
      for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
      xhr.upload.addEventListener("progress", (event) => {
        if (event.lengthComputable) request.onProgress(event.loaded, event.total);
      });
      xhr.addEventListener("load", () => resolve({ status: xhr.status, text: xhr.responseText }));
      xhr.addEventListener("error", () => reject(new ApiError(0, clientMessages.networkError)));
      xhr.addEventListener("abort", () => reject(new ApiError(0, clientMessages.uploadAborted)));
      request.signal?.addEventListener("abort", () => xhr.abort());
      xhr.send(request.body);
    });

/**
 * The text fields of a multipart form as SPEC.md section 7 names them: a list as `name[0]`,
 * `name[1]` ..., an empty list as one empty `name` field (so the server reads "none", not "missing").
 */
const appendFields = (form: FormData, fields: Record<string, unknown>): void => {
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length === 0) form.append(name, "");
      for (const [index, item] of value.entries()) form.append(`${name}[${index}]`, String(item));
    } else {
      form.append(name, String(value));
    }
  }
};

export { clientMessages };

export interface ClientOptions {
  /** Where the API lives; `/api` when the panel is served by the API server. */
  readonly base?: string;
  readonly fetch?: typeof globalThis.fetch;
  /** The bearer token of the stored session, if any. */
  readonly readToken: () => string | null;
  /** Told when an answer is 498, so the session flow can end the session. */
  readonly onInvalidSession?: () => void;
  /** Sends multipart requests; XMLHttpRequest when not given. */
  readonly upload?: UploadTransport;
  /**
   * The reader's language, sent as Accept-Language: the server names reference data (space
   * types, decks, itineraries) in it (decision 080). None: the server's Spanish.
   */
  readonly readLanguage?: () => string | null;
}

export interface Answer<T> {
  readonly data: T;
  readonly meta?: ListMeta;
}

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

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * The one API client: it adds the bearer token, encodes the request with the endpoint's schemas
 * and decodes the answer. It resolves with the decoded answer or rejects with an ApiError whose
 * message is the server's `data` message (a refusal whose body is not `{"data": <message>}`, such
 * as a proxy's error page, becomes its status with `server error`; a malformed 200 answer a
 * readable description of what did not decode).
 */
export const createClient = (options: ClientOptions) => {
  const base = options.base ?? API_BASE;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  const doUpload = options.upload ?? xhrTransport(() => new XMLHttpRequest());

  const headersFor = (): Record<string, string> => {
    const headers: Record<string, string> = { accept: "application/json" };
    const token = options.readToken();
    if (token) headers.authorization = `Bearer ${token}`;
    const language = options.readLanguage?.();
    if (language) headers["accept-language"] = language;
    return headers;
  };

  const urlFor = (endpoint: Endpoint, params: unknown, query: unknown): string => {
    const path = fillPath(endpoint.path, encodeSync(endpoint.params, params ?? {}));
    return `${base}${path}${toSearch(encodeSync(endpoint.query, query ?? {}))}`;
  };

  /** One decoding for `request` and `upload`: the same errors and the same 498 notification. */
  const decodeAnswer = <E extends Endpoint>(
    endpoint: E,
    status: number,
    json: unknown,
  ): Answer<E["response"]["Type"]> => {
    if (status !== 200) {
      if (status === INVALID_SESSION) options.onInvalidSession?.();
      const failure = Schema.decodeUnknownResult(ErrorAnswer)(json);
      if (Result.isFailure(failure)) throw new ApiError(status, messages.serverError);
      throw new ApiError(status, failure.success.data, failure.success.meta?.refusalId ?? null);
    }
    const decoded = Schema.decodeUnknownResult(envelope(endpoint.response))(json, { errors: "all" });
    if (Result.isFailure(decoded)) {
      // for whoever looks into it; the user is told in their language (clientMessages)
      console.error(`unexpected answer from ${endpoint.name}: ${decoded.failure.message}`);
      throw new ApiError(200, clientMessages.unexpectedAnswer);
    }
    return decoded.success as Answer<E["response"]["Type"]>;
  };

  const request = async <E extends Endpoint>(
    endpoint: E,
    input: CallInput<E> = {},
  ): Promise<Answer<E["response"]["Type"]>> => {
    const hasBody = endpoint.method !== "GET" && endpoint.method !== "DELETE";
    const headers = headersFor();
    let body: string | undefined;
    if (hasBody) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(Schema.encodeUnknownSync(endpoint.body)(input.body ?? {}));
    }
    let response: Response;
    try {
      response = await doFetch(urlFor(endpoint, input.params, input.query), {
        method: endpoint.method,
        headers,
        body,
      });
    } catch {
      throw new ApiError(0, clientMessages.networkError);
    }
    return decodeAnswer(endpoint, response.status, parseJson(await response.text()));
  };

  /**
   * A multipart endpoint's call: the text fields (encoded with the endpoint's body schema), then
   * the files under the endpoint's upload field. The browser sets the multipart content type.
   */
  const upload = async <E extends Endpoint>(endpoint: E, input: UploadInput<E>): Promise<E["response"]["Type"]> => {
    // the endpoint type does not record whether `upload` is set, so a JSON endpoint is refused here
    if (endpoint.upload === undefined) throw new ApiError(0, `${endpoint.name} takes no upload`);
    const form = new FormData();
    const fields = encodeSync(endpoint.body, input.fields);
    // a `json` form sends its body whole, its images naming the files as new:<n> (decision 031)
    if (endpoint.upload.form === "json") form.append(JSON_FORM_FIELD, JSON.stringify(fields));
    else appendFields(form, fields);
    for (const file of input.files ?? []) form.append(endpoint.upload.field, file);
    const response = await doUpload({
      method: endpoint.method,
      url: urlFor(endpoint, input.params, input.query),
      headers: headersFor(),
      body: form,
      onProgress: (loaded, total) => input.onProgress?.(total > 0 ? Math.round((100 * loaded) / total) : 0),
      signal: input.signal,
    });
    return decodeAnswer(endpoint, response.status, parseJson(response.text)).data;
  };

  /**
   * Listens to a server-sent events endpoint with the bearer token (which EventSource cannot
   * send): each message's data decoded with the endpoint's response schema and handed to
   * `onMessage`, until the server closes, the network fails (the promise rejects) or `signal`
   * aborts (it resolves). `query` is the endpoint's, as in `request`.
   */
  const listen = async <E extends Endpoint>(
    endpoint: E,
    onMessage: (message: E["response"]["Type"]) => void,
    signal: AbortSignal,
    query?: E["query"]["Type"],
  ): Promise<void> => {
    let response: Response;
    try {
      response = await doFetch(urlFor(endpoint, {}, query), { method: "GET", headers: { ...headersFor(), accept: "text/event-stream" }, signal });
    } catch (error) {
      if (signal.aborted) return;
      throw error instanceof ApiError ? error : new ApiError(0, clientMessages.networkError);
    }
    if (response.status !== 200 || response.body === null) decodeAnswer(endpoint, response.status, parseJson(await response.text()));
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
    if (reader === undefined) return;
    const decode = Schema.decodeUnknownOption(Schema.fromJsonString(endpoint.response));
    let pending = "";
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        pending += chunk.value;
        const messages = pending.split("\n\n");
        pending = messages.pop() ?? "";
        for (const message of messages) {
          const data = message.split("\n").find((line) => line.startsWith("data: "));
          if (data === undefined) continue;
          const decoded = decode(data.slice("data: ".length));
          if (Option.isSome(decoded)) onMessage(decoded.value);
        }
      }
    } catch {
      if (!signal.aborted) throw new ApiError(0, clientMessages.networkError);
    }
  };

  /**
   * A file an endpoint answers instead of its JSON (a document as PDF or XLSX), with the bearer
   * token a plain link cannot send; a refusal rejects as `request` does.
   */
  const download = async <E extends Endpoint>(endpoint: E, input: CallInput<E> = {}): Promise<Blob> => {
    let response: Response;
    try {
      response = await doFetch(urlFor(endpoint, input.params, input.query), { method: "GET", headers: { ...headersFor(), accept: "*/*" } });
    } catch {
      throw new ApiError(0, clientMessages.networkError);
    }
    if (response.status !== 200) decodeAnswer(endpoint, response.status, parseJson(await response.text()));
    return response.blob();
  };

  return {
    request,
    upload,
    listen,
    download,
    /** The decoded `data` of the answer. */
    call: async <E extends Endpoint>(endpoint: E, input?: CallInput<E>) =>
      (await request(endpoint, input)).data,
  };
};

export type ApiClient = ReturnType<typeof createClient>;
