/**
 * `npm run build`: the panel and the landing page's script (Vite, then .br/.gz copies of their
 * text files) into dist/ and the server bundle into build/server/. With `--if-stale` (`npm
 * start`), builds only what is missing or older than its sources, so a restart starts at once.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { buildServer, serverBuildDir, serverSources } from "./build-server.ts";
import { compressDist } from "./compress-dist.ts";

const root = join(import.meta.dirname, "..");
// docs/flows: the flows page bundles what `npm run flows` writes there
const panelSources = ["src", "public", "index.html", "vite.config.ts", "vite.landing.config.ts", "package-lock.json", "docs/flows"];

const newestChange = (path: string): number => {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestChange(join(path, entry))),
    stats.mtimeMs,
  );
};

const isStale = (built: string, sources: ReadonlyArray<string>): boolean => {
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((source) => newestChange(join(root, source)) > builtAt);
};

const vite = (args: ReadonlyArray<string>, what: string): void => {
  const build = spawnSync(join(root, "node_modules", ".bin", "vite"), ["build", "--logLevel", "warn", ...args], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) throw new Error(`The ${what} build failed; see the messages above.`);
};

/** The panel, then the public landing page's own script and stylesheet beside it (decision 070). */
export const buildPanel = (): void => {
  vite([], "panel");
  vite(["--config", "vite.landing.config.ts"], "landing page");
  compressDist(join(root, "dist"));
};

export const buildAll = async (): Promise<void> => {
  buildPanel();
  await buildServer(root);
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const onlyStale = process.argv.includes("--if-stale");
  try {
    if (!onlyStale || isStale(join(root, "dist", "index.html"), panelSources)) {
      if (onlyStale) console.log("Building the panel (first start or changed sources)…");
      buildPanel();
    }
    if (!onlyStale || isStale(join(serverBuildDir(root), "main.js"), serverSources)) await buildServer(root);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
