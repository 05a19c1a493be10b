import { describe, expect, it, vi } from "vitest";
import {
  clientMessages,
  createClient,
  type UploadProgress,
  type UploadRequest,
  type UploadResponse,
  type XhrLike,
  xhrTransport,
} from "../../src/api/client.ts";
import { ApiError } from "../../src/api/errors.ts";
import { createItinerary, updateItinerary } from "../../src/api/itineraries.ts";
import { listUsers } from "../../src/api/users.ts";
import { messages } from "../../src/api/messages.ts";
import { itineraryId } from "../ids.ts";

/** An upload transport that records each request and answers as told. */
const fakeTransport = (answer: UploadResponse, progress: ReadonlyArray<[number, number]> = []) => {
  const requests: UploadRequest[] = [];
  const transport = async (request: UploadRequest) => {
    requests.push(request);
    for (const [loaded, total] of progress) request.onProgress(loaded, total);
    return answer;
  };
  return { transport, requests };
};

const ok = (data: unknown): UploadResponse => ({ status: 200, text: JSON.stringify({ data }) });

const fields = {
  name: "Quilotoa",
  availability: "Todo el año",
  price: "180",
  type: "national",
  region: "Sierra",
  isOffer: "false",
  servicesIncluded: ["Traslados"],
  feeding: [],
  activities: ["4", "8"],
  departureFrom: ["Quito", "Guayaquil", "Manta"],
};

const query = { images: "tiptops", file: "files" } as const;

describe("the client's multipart upload", () => {
  it("names list fields name[i], sends an empty list as one empty field, and the files last", async () => {
    const { transport, requests } = fakeTransport(ok(messages.created));
    const client = createClient({ readToken: () => "t0k3n", upload: transport });
    const image = new Blob(["png"], { type: "image/png" });
    const answer = await client.upload(createItinerary, { query, fields, files: [image] });
    expect(answer).toBe(messages.created);
    const [request] = requests;
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe("/api/itineraries/createItinerary?images=tiptops&file=files");
    expect(request?.headers.authorization).toBe("Bearer t0k3n");
    const form = request?.body ?? new FormData();
    // the text fields travel spelled as SPEC.md section 7 spells them (decision 074)
    expect([...form.keys()]).toEqual([
      "name",
      "avalability",
      "price",
      "type",
      "region",
      "isOfert",
      "servicesIncluded[0]",
      "feeding",
      "activities[0]",
      "activities[1]",
      "departureFrom[0]",
      "departureFrom[1]",
      "departureFrom[2]",
      "image",
    ]);
    expect(form.get("feeding")).toBe("");
    expect(form.getAll("departureFrom[2]")).toEqual(["Manta"]);
    expect(form.get("image")).toBeInstanceOf(Blob);
  });

  it("fills the path, sends the version as a text field and no image part when no file is given", async () => {
    const { transport, requests } = fakeTransport(ok(messages.updated));
    const client = createClient({ readToken: () => null, upload: transport });
    await client.upload(updateItinerary, { params: { id: itineraryId(9) }, query, fields: { ...fields, version: 2 } });
    expect(requests[0]?.method).toBe("PUT");
    expect(requests[0]?.url).toBe("/api/itineraries/updateItinerary/9?images=tiptops&file=files");
    expect(requests[0]?.headers.authorization).toBeUndefined();
    expect(requests[0]?.body.has("image")).toBe(false);
    expect(requests[0]?.body.get("version")).toBe("2");
  });

  it("reports progress as a percentage", async () => {
    const { transport } = fakeTransport(ok(messages.created), [
      [0, 400],
      [100, 400],
      [400, 400],
    ]);
    const onProgress = vi.fn();
    const client = createClient({ readToken: () => "t0k3n", upload: transport });
    await client.upload(createItinerary, { query, fields, onProgress });
    expect(onProgress.mock.calls.map(([percent]) => percent)).toEqual([0, 25, 100]);
  });

  it("decodes a refusal like request does, and tells the session about a 498", async () => {
    const onInvalidSession = vi.fn();
    const refuse = (status: number, data: string) =>
      createClient({
        readToken: () => "old",
        onInvalidSession,
        upload: fakeTransport({ status, text: JSON.stringify({ data }) }).transport,
      }).upload(createItinerary, { query, fields });
    await expect(refuse(415, messages.unsupportedFile)).rejects.toEqual(new ApiError(415, messages.unsupportedFile));
    expect(onInvalidSession).not.toHaveBeenCalled();
    await expect(refuse(498, messages.invalidSession)).rejects.toMatchObject({ status: 498 });
    expect(onInvalidSession).toHaveBeenCalledTimes(1);
  });

  it("refuses a malformed answer (its details go to the console, not to the user) and an endpoint without upload", async () => {
    const client = createClient({ readToken: () => null, upload: fakeTransport(ok(42)).transport });
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(client.upload(createItinerary, { query, fields })).rejects.toMatchObject({
      status: 200,
      message: clientMessages.unexpectedAnswer,
    });
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining("itineraries.create"));
    consoleError.mockRestore();
    await expect(client.upload(listUsers, { fields: {} })).rejects.toMatchObject({ status: 0 });
  });
});

/** A small stand-in for XMLHttpRequest: it records what is sent and fires events when told. */
class FakeXhr implements XhrLike {
  static last: FakeXhr | null = null;
  opened: [string, string] | null = null;
  headers: Record<string, string> = {};
  sent: FormData | null = null;
  aborted = false;
  status = 0;
  responseText = "";
  private readonly listeners = new Map<string, () => void>();
  private progressListener: ((event: UploadProgress) => void) | null = null;
  readonly upload = {
    addEventListener: (_type: "progress", listener: (event: UploadProgress) => void) => {
      this.progressListener = listener;
    },
  };
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: "load" | "error" | "abort", listener: () => void) {
    this.listeners.set(type, listener);
  }
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.listeners.get("abort")?.();
  }
  progress(loaded: number, total: number) {
    this.progressListener?.({ lengthComputable: true, loaded, total });
  }
  finish(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.listeners.get("load")?.();
  }
  fail() {
    this.listeners.get("error")?.();
  }
}

describe("the XMLHttpRequest transport", () => {
  const request = (signal?: AbortSignal) => ({
    method: "POST",
    url: "/api/itineraries/createItinerary?images=tiptops",
    headers: { authorization: "Bearer t0k3n" },
    body: new FormData(),
    onProgress: vi.fn(),
    signal,
  });

  it("sends the headers and body, reports upload progress and resolves with the answer", async () => {
    const sent = request();
    const answer = xhrTransport(() => new FakeXhr())(sent);
    const xhr = FakeXhr.last;
    expect(xhr?.opened).toEqual(["POST", "/api/itineraries/createItinerary?images=tiptops"]);
    expect(xhr?.headers).toEqual({ authorization: "Bearer t0k3n" });
    expect(xhr?.sent).toBe(sent.body);
    xhr?.progress(50, 100);
    expect(sent.onProgress).toHaveBeenCalledWith(50, 100);
    xhr?.finish(200, '{"data":"ok"}');
    await expect(answer).resolves.toEqual({ status: 200, text: '{"data":"ok"}' });
  });

  it("rejects as a network error, and aborts with the signal", async () => {
    const failed = xhrTransport(() => new FakeXhr())(request());
    FakeXhr.last?.fail();
    await expect(failed).rejects.toEqual(new ApiError(0, "network error"));
    const controller = new AbortController();
    const aborted = xhrTransport(() => new FakeXhr())(request(controller.signal));
    controller.abort();
    expect(FakeXhr.last?.aborted).toBe(true);
    await expect(aborted).rejects.toMatchObject({ status: 0 });
  });
});
