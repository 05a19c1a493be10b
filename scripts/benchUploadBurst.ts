/**
 * Issue 35, item 6 (`BENCH_ONLY=burst`, and tests/hardening/uploadBurst.test.ts): ten staff send
 * a photo at once, each as a new destination, while loops ask GET /api/health every 10 ms; the
 * same loops measure health without uploads just before and just after. Health's p99 during the
 * burst is held to 100 ms (decision 063).
 */
import sharp from "sharp";
import { type Budget, percentile, sleep } from "./benchSupport.ts";

/** Uploads sent at once. */
export const UPLOADS = 10;
export const HEALTH_P99_MS = 100;
/** Loops asking health at once: each stall of the server is seen by several requests, not one. */
const PROBES = 4;
/** How long health is asked without uploads, before the burst and again after it. */
const IDLE_MS = 3_000;
/** Between two questions of one loop, as a monitor polls. */
const PROBE_PAUSE_MS = 10;

/** A JPEG whose pixels vary everywhere, so no encoder finds it cheap: a photo, not a drawing. */
export const noisyJpeg = (width: number, height: number, quality: number): Promise<Buffer> => {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let index = 0; index < raw.length; index += 1) {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    raw[index] = (Math.floor(index / 3) % width) + (seed >>> 25);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
};

/** The burst's photo: 2400 x 1800, about 3 MB, stored as about 2 MB of WebP (noise compresses badly). */
export const burstPhoto = (): Promise<Buffer> => noisyJpeg(2400, 1800, 90);

/** A destination's form holding `photo`, encoded before anything is timed. */
const destinationForm = async (name: string, photo: Buffer): Promise<{ readonly body: Uint8Array<ArrayBuffer>; readonly type: string }> => {
  const form = new FormData();
  const fields = { name, avalability: "Todo el año", price: "210", type: "international", "servicesIncluded[0]": "Traslados", "departureFrom[0]": "Quito" };
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "foto.jpg");
  const encoded = new Response(form);
  return { body: new Uint8Array(await encoded.arrayBuffer()), type: encoded.headers.get("content-type") ?? "" };
};

const createDestination = async (url: string, token: string, form: { readonly body: Uint8Array<ArrayBuffer>; readonly type: string }): Promise<number> => {
  const response = await fetch(`${url}/api/itineraries/createItinerary?images=tiptops&&file=files`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": form.type },
    body: form.body,
  });
  await response.arrayBuffer();
  return response.status;
};

/** GET /api/health's latencies, PROBES loops asking until `done` says stop. */
const askHealth = async (url: string, done: () => boolean): Promise<number[]> => {
  const latencies: number[] = [];
  const loop = async () => {
    while (!done()) {
      const started = performance.now();
      const response = await fetch(`${url}/api/health`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`/api/health answered ${response.status}`);
      latencies.push(performance.now() - started);
      await sleep(PROBE_PAUSE_MS);
    }
  };
  await Promise.all(Array.from({ length: PROBES }, loop));
  return latencies;
};

const askHealthFor = (url: string, ms: number): Promise<number[]> => {
  const until = performance.now() + ms;
  return askHealth(url, () => performance.now() >= until);
};

export interface HealthFigures {
  readonly requests: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

const figures = (latencies: ReadonlyArray<number>): HealthFigures => ({
  requests: latencies.length,
  p50Ms: percentile(latencies, 50),
  p99Ms: percentile(latencies, 99),
});

export interface UploadBurstResult {
  readonly photoMb: number;
  /** The uploads' answers, by status. */
  readonly answers: Record<string, number>;
  /** From the burst's start to its last answer. */
  readonly burstMs: number;
  /** Health without uploads, before and after the burst together. */
  readonly idle: HealthFigures;
  readonly during: HealthFigures;
}

/**
 * One upload first, left out of the figures: it loads sharp into the server (decision 056), a
 * once-in-a-process import of about 0.2 s; then health alone, the burst, and health alone again.
 */
export const measureUploadBurst = async (url: string, token: string, photo: Buffer): Promise<UploadBurstResult> => {
  const forms = await Promise.all(Array.from({ length: UPLOADS + 1 }, (_, index) => destinationForm(`Ráfaga ${Date.now()}-${index}`, photo)));
  const [first, ...burst] = forms;
  if (first === undefined) throw new Error("no form");
  const warm = await createDestination(url, token, first);
  if (warm !== 200) throw new Error(`the first upload answered ${warm}`);
  const before = await askHealthFor(url, IDLE_MS);
  const answers: Record<string, number> = {};
  let answered = 0;
  const started = performance.now();
  const uploads = burst.map(async (form) => {
    const status = await createDestination(url, token, form).catch(() => 0);
    answers[status] = (answers[status] ?? 0) + 1;
    answered += 1;
  });
  const during = await askHealth(url, () => answered === burst.length);
  await Promise.all(uploads);
  const burstMs = Math.round(performance.now() - started);
  const after = await askHealthFor(url, IDLE_MS);
  return {
    photoMb: Math.round((photo.length / 1_048_576) * 10) / 10,
    answers,
    burstMs,
    idle: figures([...before, ...after]),
    during: figures(during),
  };
};

export const uploadBurstReport = (result: UploadBurstResult): { lines: string[]; budgets: Budget[] } => ({
  lines: [
    `${UPLOADS} uploads of a ${result.photoMb} MB JPEG sent at once as new destinations (answers ${JSON.stringify(result.answers)}, the last after ${result.burstMs} ms), ${PROBES} loops asking GET /api/health every ${PROBE_PAUSE_MS} ms:`,
    "",
    "| GET /api/health | requests | p50 ms | p99 ms |",
    "|---|---:|---:|---:|",
    `| without uploads (${IDLE_MS / 1000} s before and after) | ${result.idle.requests} | ${result.idle.p50Ms} | ${result.idle.p99Ms} |`,
    `| during ${UPLOADS} parallel uploads | ${result.during.requests} | ${result.during.p50Ms} | ${result.during.p99Ms} |`,
  ],
  budgets: [
    {
      name: `GET /api/health p99 during ${UPLOADS} parallel ${result.photoMb} MB uploads (PGlite; ${result.idle.p99Ms} ms without)`,
      limit: `≤ ${HEALTH_P99_MS} ms`,
      value: `${result.during.p99Ms} ms`,
      pass: result.during.p99Ms <= HEALTH_P99_MS,
    },
    {
      name: `every one of ${UPLOADS} parallel uploads stored`,
      limit: "200 only",
      value: Object.keys(result.answers).join(", "),
      pass: result.answers["200"] === UPLOADS,
    },
  ],
});
