/**
 * Bundles the server into build/server/main.js (and the documents' worker, fileWorker.js), plain JavaScript with its packages left in
 * node_modules, and copies the migrations beside it (server/db/migrate.ts finds them next to
 * itself). Production runs this bundle: a TypeScript loader in the server process costs about
 * 100 MB of resident memory (docs/decisions/015).
 */
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

export const serverBuildDir = (root: string): string => join(root, "build", "server");

/** The sources the bundle is made of, for deciding whether it is stale. */
export const serverSources = ["server", "src", "package-lock.json"];

export const buildServer = async (root: string): Promise<void> => {
  const outDir = serverBuildDir(root);
  rmSync(outDir, { recursive: true, force: true });
  await build({
    // the worker that draws documents' files runs its own module, beside main.js
    entryPoints: { main: join(root, "server", "main.ts"), fileWorker: join(root, "server", "documents", "fileWorker.ts") },
    outdir: outDir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
  cpSync(join(root, "server", "db", "migrations"), join(outDir, "migrations"), { recursive: true });
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer(join(import.meta.dirname, ".."));
}
