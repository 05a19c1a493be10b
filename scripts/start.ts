/**
 * `npm start`: builds the panel when the build is missing or older than its sources, then runs
 * the server (API + built panel) in this process.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { compressDist } from "./compress-dist.ts";

const root = join(import.meta.dirname, "..");
const builtIndex = join(root, "dist", "index.html");
const sources = ["src", "public", "index.html", "vite.config.ts", "package-lock.json"];

const newestChange = (path: string): number => {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestChange(join(path, entry))),
    stats.mtimeMs,
  );
};

const buildIsStale = (): boolean => {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sources.some((source) => newestChange(join(root, source)) > builtAt);
};

if (buildIsStale()) {
  console.log("Building the panel (first start or changed sources)…");
  const build = spawnSync(join(root, "node_modules", ".bin", "vite"), ["build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) {
    console.error("The panel build failed; see the messages above.");
    process.exit(build.status ?? 1);
  }
  compressDist(join(root, "dist"));
}

await import("../server/main.ts");
