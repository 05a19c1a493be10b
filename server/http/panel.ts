import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { cruiseDocumentNames } from "../../src/api/documents.ts";
import { destinationTypes } from "../../src/api/itineraries.ts";
import { reportNames } from "../../src/api/reportReaders.ts";
import { catalogueEntries, departuresEntry, passengersEntry, reservationsEntry, yachtsEntry } from "../../src/records/entries.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

/** Answers a client route of the panel with its page: index.html, naming what that route imports first. */
export type PanelPage = (reply: FastifyReply, path: string) => FastifyReply;

/** A path's expression from a route's pattern, each `:name` one segment. */
const pageOf = (pattern: string): string => pattern.replace(/:[^/]+/g, "[^/]+");

/** Any of `patterns`, the whole path. */
const anyOf = (patterns: ReadonlyArray<string>): RegExp => new RegExp(`^(?:${patterns.map(pageOf).join("|")})$`);

/** The records' routes (departures, reservations, passengers, the catalogues...) and one of their screens. */
const recordScreen = (path: RegExp, screen: string) => ({ path, modules: ["src/ui/shared/RecordRoutes.tsx", screen] });

/** A departure's tab page: `/panel/cruises/{id}/{tab}`. */
const cruiseTab = (tab: string): string => `${departuresEntry.listPath}/:id/${tab}`;

/**
 * The screens a signed-in visit often starts at (a bookmark, a link in a mail, a reload), with the
 * modules each imports before it draws, after the session's contract and client and the panel's
 * shell. The page served at such a path names their chunks as `modulepreload` links, so the browser
 * fetches them beside the first chunk rather than one level of imports at a time, each discovered
 * once the one before was evaluated (decision 087). Screens the shell fetches early itself too
 * (src/ui/shared/panelScreens.ts, which also fetches the other menu entries' screens when pointed at,
 * decision 143), held to the same modules by tests/layout/startScreens.test.ts; their
 * texts are not named, their language being the browser's.
 */
export const startScreens: ReadonlyArray<{ readonly path: RegExp; readonly modules: ReadonlyArray<string> }> = [
  { path: /^\/panel\/leads$/, modules: ["src/ui/leads/LeadsView.tsx"] },
  { path: /^\/panel\/availability$/, modules: ["src/ui/availability/AvailabilityView.tsx"] },
  { path: /^\/panel\/reservations\/[1-9]\d*$/, modules: ["src/ui/reservations/ReservationRoute.tsx"] },
  // the operations' lists: the records' routes and the list's own chunk, which the shell would
  // otherwise fetch one after the other (decision 143)
  recordScreen(anyOf([reservationsEntry.listPath]), "src/ui/reservations/ReservationsView.tsx"),
  recordScreen(anyOf([departuresEntry.listPath]), "src/ui/departures/DeparturesView.tsx"),
  recordScreen(anyOf([passengersEntry.listPath]), "src/ui/passengers/PassengersView.tsx"),
  // the other lists of the records' routes: the catalogues', the destinations' and the reports (decision 157)
  recordScreen(anyOf(catalogueEntries.map((entry) => entry.listPath)), "src/ui/catalogues/RecordListView.tsx"),
  recordScreen(anyOf(destinationTypes.map((type) => `/panel/${type}/destinations`)), "src/ui/catalogues/DestinationsView.tsx"),
  recordScreen(anyOf(reportNames.map((report) => `/panel/reports/${report}`)), "src/ui/reports/ReportsView.tsx"),
  // a record's own page, three levels of imports deep otherwise: the shell, the records' routes,
  // the screen (decision 157); a new record's form is one segment below its list, as an id is
  recordScreen(anyOf([`${passengersEntry.listPath}/:id`]), "src/ui/passengers/PassengerView.tsx"),
  recordScreen(anyOf([`${departuresEntry.listPath}/:id`, cruiseTab("edit")]), "src/ui/departures/CruiseFormView.tsx"),
  recordScreen(anyOf([cruiseTab("reservations")]), "src/ui/reservations/CruiseReservationsView.tsx"),
  recordScreen(anyOf([cruiseTab("voucher")]), "src/ui/departures/CruiseVouchersView.tsx"),
  recordScreen(anyOf([...cruiseDocumentNames.map(cruiseTab), `${reservationsEntry.listPath}/:id/voucher`]), "src/ui/departures/CruiseDocumentView.tsx"),
  recordScreen(anyOf(destinationTypes.flatMap((type) => [`/panel/${type}/destinations_new`, `/panel/${type}/destinations/:id`])), "src/ui/catalogues/DestinationFormView.tsx"),
  recordScreen(anyOf([`${yachtsEntry.listPath}/:id/:page`]), "src/ui/catalogues/YachtPageView.tsx"),
  recordScreen(anyOf(catalogueEntries.map((entry) => `${entry.listPath}/:id`)), "src/ui/catalogues/RecordFormView.tsx"),
];
export const signedInModules = ["src/api/auth.ts", "src/api/client.ts", "src/ui/shared/PanelView.tsx"];

interface ManifestChunk {
  readonly file: string;
  readonly name?: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly imports?: ReadonlyArray<string>;
  readonly css?: ReadonlyArray<string>;
}
type Manifest = Readonly<Record<string, ManifestChunk>>;

/**
 * The chunk holding `module`: its own when it is an entry, else the shared chunk the bundler named
 * after it (a module that other chunks import statically too has no entry of its own).
 */
const chunkOf = (manifest: Manifest, module: string): string | undefined => {
  if (manifest[module] !== undefined) return module;
  const name = module.split("/").pop()?.replace(/\.tsx?$/, "");
  return Object.keys(manifest).find((key) => manifest[key]?.src === undefined && manifest[key]?.name === name);
};

/** The files `modules` import statically, each once, the page's entry and what it imports left out (index.html names them). */
export const preloadsOf = (manifest: Manifest, modules: ReadonlyArray<string>): { readonly scripts: string[]; readonly styles: string[] } => {
  const seen = new Set<string>();
  const scripts: string[] = [];
  const styles: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || chunk.isEntry === true || seen.has(key)) return;
    seen.add(key);
    scripts.push(chunk.file);
    for (const style of chunk.css ?? []) if (!styles.includes(style)) styles.push(style);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry === true);
  const loaded = new Set([...(entry?.imports ?? [])]);
  for (const key of loaded) seen.add(key);
  for (const module of modules) {
    const key = chunkOf(manifest, module);
    if (key !== undefined) visit(key);
  }
  return { scripts, styles };
};

const withPreloads = (html: string, { scripts, styles }: ReturnType<typeof preloadsOf>): string => {
  const links = [
    ...scripts.map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`),
    // applied from the start: a stylesheet the screen's chunk added later restyled the whole page
    // in one long task each time one came (Lighthouse's blocking time, issue 39)
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ];
  return html.replace(/([ \t]*)<\/head>/, (head, indent: string) => `${links.map((link) => `${indent}  ${link}\n`).join("")}${head}`);
};

/**
 * Serves the built panel from `distDir` when it holds an index.html: Vite's hashed files under
 * /assets are cached for a year, everything else (index.html above all) is revalidated, so a new
 * build is picked up at once. Answers with the function that sends a client route its page: a
 * start screen's (above), naming its chunks when the build's manifest is there, index.html otherwise.
 */
export const registerPanel = async (app: FastifyInstance, distDir: string): Promise<PanelPage | null> => {
  const root = resolve(distDir);
  if (!existsSync(join(root, "index.html"))) return null;
  const assets = `${join(root, "assets")}${sep}`;
  await app.register(fastifyStatic, {
    root,
    prefix: "/",
    // One route for every path, the file looked up when asked: `wildcard: false` reads the whole
    // directory at start and adds a route per file, 0.45 s of each start (decision 056). A path
    // without a file falls to the not-found handler, which answers client routes with index.html.
    wildcard: true,
    cacheControl: false,
    // `npm run build` writes .br and .gz beside each file: sent to browsers that accept them.
    preCompressed: true,
    setHeaders: (reply, path) => {
      reply.header("cache-control", path.startsWith(assets) ? IMMUTABLE : REVALIDATE);
    },
  });
  const manifestFile = join(root, ".vite", "manifest.json");
  const indexFile = join(root, "index.html");
  // built again from a new build's files, as index.html itself is served from the disk on each request
  let built: { readonly at: string; readonly pages: ReadonlyArray<{ readonly path: RegExp; readonly html: string }> } | null = null;
  const startPages = () => {
    const at = [indexFile, manifestFile].map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)).join();
    if (built?.at !== at) {
      const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, "utf8")) : {};
      const index = readFileSync(indexFile, "utf8");
      built = { at, pages: startScreens.map(({ path, modules }) => ({ path, html: withPreloads(index, preloadsOf(manifest, [...signedInModules, ...modules])) })) };
    }
    return built.pages;
  };
  return (reply, url) => {
    const path = url.split("?")[0] ?? "/";
    const page = startScreens.some((screen) => screen.path.test(path)) ? startPages().find((candidate) => candidate.path.test(path)) : undefined;
    return page === undefined ? sendIndex(reply) : reply.header("cache-control", REVALIDATE).type("text/html; charset=utf-8").send(page.html);
  };
};

/**
 * Whether an unmatched request is a client route of the panel (like /panel/users/7 on a hard
 * refresh), answered with index.html. Missing files (a name with an extension, or anything under
 * /assets) stay 404s so that the browser never runs HTML as a script.
 */
export const isClientRoute = (request: FastifyRequest): boolean => {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const path = request.url.split("?")[0] ?? "/";
  if (path.startsWith("/assets/")) return false;
  const last = path.split("/").pop() ?? "";
  return !last.includes(".");
};

export const sendIndex = (reply: FastifyReply): FastifyReply =>
  reply.header("cache-control", REVALIDATE).type("text/html; charset=utf-8").sendFile("index.html");
