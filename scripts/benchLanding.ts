/**
 * The public landing page as a traveller's phone gets it (issue 39 item 1, decision 070): the
 * bytes of JavaScript and CSS it loads (gzip, as Chromium receives them, and every file the
 * landing's own Vite build can ever load, from its manifest), the HTML, and Lighthouse's mobile
 * audit (its default: a mid-range phone, simulated slow 4G and a four times slower CPU) run
 * LANDING_RUNS times (3), the median run counted. Used by `npm run bench` (its browser part, or
 * BENCH_ONLY=landing) and `npm run bench:landing`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { type Budget, sleep } from "./benchSupport.ts";

const root = join(import.meta.dirname, "..");
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const KB = 1024;
const LIGHTHOUSE_ATTEMPTS = 3;

/** Issue 39 item 1's budgets. */
export const LANDING_ASSETS_KB = 60;
export const LANDING_PERFORMANCE = 98;
export const LANDING_ACCESSIBILITY = 100;
export const LANDING_LCP_MS = 1_500;

export interface LighthouseRun {
  readonly performance: number | null;
  readonly accessibility: number | null;
  readonly lcpMs: number | null;
  readonly fcpMs: number | null;
  readonly tbtMs: number | null;
  readonly cls: number | null;
  /** Lighthouse's measure of the host's CPU at the run (its "CPU/Memory Power"): the 4x slowdown is of this. */
  readonly benchmarkIndex: number | null;
  readonly error?: string;
}

export interface LandingFigures {
  readonly path: string;
  /** What Chromium loaded for the page until nothing more came for a second: scripts and stylesheets, those written into the page too. */
  readonly loaded: { readonly files: number; readonly gzipBytes: number; readonly names: ReadonlyArray<string> };
  /** The page's HTML, gzip. */
  readonly htmlGzipBytes: number;
  /** Every file of the landing's build (dist/.vite/landing.json): the entry, its CSS and what it imports later. Null before decision 070. */
  readonly built: { readonly files: number; readonly gzipBytes: number } | null;
  readonly runs: ReadonlyArray<LighthouseRun>;
  /** The run of median performance. */
  readonly median: LighthouseRun;
}

const browserArgs = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** Scripts and stylesheets a first visit loads (nothing cached), and the HTML, each gzip-compressed. */
const measureLoaded = async (url: string): Promise<{ loaded: LandingFigures["loaded"]; htmlGzipBytes: number }> => {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: browserArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const pending: Array<Promise<{ name: string; bytes: number }>> = [];
    page.on("response", (response) => {
      const type = response.request().resourceType();
      if (type === "script" || type === "stylesheet") {
        const name = new URL(response.url()).pathname;
        pending.push(response.body().then((body) => ({ name, bytes: gzipSync(body).length }), () => ({ name, bytes: 0 })));
      }
    });
    const answer = await page.goto(url, { waitUntil: "load" });
    const html = answer === null ? Buffer.alloc(0) : await answer.body();
    await page.locator("h1").first().waitFor();
    for (let seen = -1; seen !== pending.length; ) {
      seen = pending.length;
      await sleep(1_000);
    }
    // a stylesheet written into the page counts as one (decision 070 writes the landing's there)
    const inline = await page.evaluate(() => [...document.querySelectorAll("style")].map((style) => style.textContent ?? "").join(""));
    const files = [...(await Promise.all(pending)), ...(inline === "" ? [] : [{ name: "<style> in the page", bytes: gzipSync(inline).length }])];
    await context.close();
    return {
      loaded: { files: files.length, gzipBytes: files.reduce((sum, file) => sum + file.bytes, 0), names: files.map((file) => file.name) },
      htmlGzipBytes: gzipSync(html).length,
    };
  } finally {
    await browser.close();
  }
};

interface ManifestChunk {
  readonly file: string;
  readonly css?: ReadonlyArray<string>;
  readonly imports?: ReadonlyArray<string>;
  readonly dynamicImports?: ReadonlyArray<string>;
}

/**
 * Every file the landing's build may send, whatever the visitor does: its entry, the chunks it
 * imports at once or later (the contact form's code), and their stylesheets, each counted once.
 */
export const landingBuildBytes = (distDir: string): { files: number; gzipBytes: number } | null => {
  const manifestFile = join(distDir, ".vite", "landing.json");
  if (!existsSync(manifestFile)) return null;
  const manifest: Record<string, ManifestChunk> = JSON.parse(readFileSync(manifestFile, "utf8"));
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if ((chunk as { isEntry?: boolean }).isEntry) visit(key);
  const gzipBytes = [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(distDir, file))).length, 0);
  return { files: files.size, gzipBytes };
};

const numeric = (report: { audits?: Record<string, { numericValue?: unknown }> }, audit: string): number | null => {
  const value = report.audits?.[audit]?.numericValue;
  return typeof value === "number" ? value : null;
};

/** One Lighthouse audit of `url` in its default mobile emulation, in a Chromium it starts itself. */
const lighthouseRun = (url: string): LighthouseRun => {
  const run = spawnSync(
    process.execPath,
    [
      join(root, "node_modules", "lighthouse", "cli", "index.js"),
      url,
      "--output=json",
      "--output-path=stdout",
      "--only-categories=performance,accessibility",
      `--chrome-flags=${browserArgs.join(" ")}`,
      "--quiet",
    ],
    { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, timeout: 180_000, env: { ...process.env, CHROME_PATH: CHROMIUM } },
  );
  try {
    const report = JSON.parse(run.stdout);
    const score = (category: string): number | null => {
      const value = report.categories?.[category]?.score;
      return typeof value === "number" ? Math.round(value * 100) : null;
    };
    const round = (value: number | null) => (value === null ? null : Math.round(value));
    const cls = numeric(report, "cumulative-layout-shift");
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      lcpMs: round(numeric(report, "largest-contentful-paint")),
      fcpMs: round(numeric(report, "first-contentful-paint")),
      tbtMs: round(numeric(report, "total-blocking-time")),
      cls: cls === null ? null : Math.round(cls * 1000) / 1000,
      benchmarkIndex: typeof report.environment?.benchmarkIndex === "number" ? Math.round(report.environment.benchmarkIndex) : null,
    };
  } catch {
    return { performance: null, accessibility: null, lcpMs: null, fcpMs: null, tbtMs: null, cls: null, benchmarkIndex: null, error: run.stderr.slice(-300) || "no report" };
  }
};

/** The landing page `path` of the server at `url`, measured (see the module's comment). */
export const measureLanding = async (url: string, path = "/", log: (line: string) => void = () => {}): Promise<LandingFigures> => {
  const { loaded, htmlGzipBytes } = await measureLoaded(`${url}${path}`);
  const runs: LighthouseRun[] = [];
  const count = Number(process.env.LANDING_RUNS ?? "3");
  for (let index = 1; index <= count; index += 1) {
    log(`lighthouse ${path} (${index} of ${count})`);
    // Lighthouse now and then loses the page's first navigation (NO_NAVSTART): such a run
    // measured nothing, so it is run again, up to three times in all.
    let run = lighthouseRun(`${url}${path}`);
    for (let attempt = 2; run.performance === null && attempt <= LIGHTHOUSE_ATTEMPTS; attempt += 1) run = lighthouseRun(`${url}${path}`);
    runs.push(run);
  }
  const scored = runs.filter((run) => run.performance !== null).sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
  const median = scored[Math.floor((scored.length - 1) / 2)] ?? runs[0] ?? lighthouseRun(`${url}${path}`);
  return { path, loaded, htmlGzipBytes, built: landingBuildBytes(join(root, "dist")), runs, median };
};

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const shown = (value: number | null, unit = "") => (value === null ? "n/a" : `${value}${unit}`);

/** The figures as a table, and the budgets they are held to. */
export const landingReport = (figures: ReadonlyArray<LandingFigures>): { lines: string[]; budgets: Budget[] } => {
  const lines = [
    "Lighthouse's mobile audit (simulated slow 4G, 4x CPU slowdown) of the public page; the median run by performance counts. Host benchmark: Lighthouse's measure of this machine's CPU at each run (its CPU/Memory Power; 1,000-1,500 a low-end desktop, over 1,500 a high-end one): the slowdown is of it, so a lower figure is a slower emulated phone.",
    "",
    "| page | JS+CSS loaded (gzip) | files | every landing file (gzip) | HTML (gzip) | performance | accessibility | LCP ms | FCP ms | TBT ms | CLS | runs (performance) | host benchmark (runs) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|",
    ...figures.map((figure) => {
      const { median } = figure;
      const runs = figure.runs.map((run) => shown(run.performance)).join(", ");
      const hosts = figure.runs.map((run) => shown(run.benchmarkIndex)).join(", ");
      const built = figure.built === null ? "n/a" : `${kb(figure.built.gzipBytes)} in ${figure.built.files}`;
      return `| ${figure.path} | ${kb(figure.loaded.gzipBytes)} | ${figure.loaded.files} | ${built} | ${kb(figure.htmlGzipBytes)} | ${shown(median.performance)} | ${shown(median.accessibility)} | ${shown(median.lcpMs)} | ${shown(median.fcpMs)} | ${shown(median.tbtMs)} | ${shown(median.cls)} | ${runs} | ${hosts} |`;
    }),
  ];
  const budgets: Budget[] = figures.flatMap((figure) => {
    const { median, path } = figure;
    const assets = Math.max(figure.loaded.gzipBytes, figure.built?.gzipBytes ?? Number.POSITIVE_INFINITY);
    const failed = median.error === undefined ? "" : ` (${median.error.trim().split("\n").pop()})`;
    return [
      { name: `landing ${path} JS+CSS, loaded and every file of its build (gzip)`, limit: `≤ ${LANDING_ASSETS_KB} KB`, value: kb(assets), pass: assets <= LANDING_ASSETS_KB * KB },
      { name: `Lighthouse performance, landing ${path} (mobile, median of ${figure.runs.length})`, limit: `≥ ${LANDING_PERFORMANCE}`, value: `${shown(median.performance)}${failed}`, pass: (median.performance ?? 0) >= LANDING_PERFORMANCE },
      { name: `Lighthouse accessibility, landing ${path}`, limit: `≥ ${LANDING_ACCESSIBILITY}`, value: shown(median.accessibility), pass: (median.accessibility ?? 0) >= LANDING_ACCESSIBILITY },
      { name: `largest contentful paint, landing ${path} (Lighthouse mobile)`, limit: `≤ ${LANDING_LCP_MS} ms`, value: shown(median.lcpMs, " ms"), pass: median.lcpMs !== null && median.lcpMs <= LANDING_LCP_MS },
    ];
  });
  return { lines, budgets };
};
