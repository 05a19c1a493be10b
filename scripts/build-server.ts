/**
 * Bundles the server into build/server/main.js (and its workers: the documents' fileWorker.js and
 * the passenger sheets' sheetWorker.js), plain JavaScript with its packages left in
 * node_modules but effect's (see `bundledPackages`), and copies the migrations beside it
 * (server/db/migrate.ts finds them next to itself), with an empty database at their schema (server/db/emptyDatabase.ts) and the contract's
 * OpenAPI document (server/http/openapi.ts). Production runs this bundle: a TypeScript loader in the server process costs about
 * 100 MB of resident memory (docs/decisions/015).
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build, type Plugin } from "esbuild";
import { emptyDatabaseName, makeEmptyDatabase } from "../server/db/emptyDatabase.ts";
import { OPENAPI_FILE, openApiDocument } from "../server/http/openapi.ts";

export const serverBuildDir = (root: string): string => join(root, "build", "server");

/** The sources the bundle is made of, for deciding whether it is stale. */
export const serverSources = ["server", "src", "package-lock.json"];

/**
 * The packages written into the bundle. effect's namespaces are some hundred small modules, which
 * Node's loader finds, reads and compiles one by one: 250 ms of a start alone, 80-160 ms less of
 * every start once they are part of main.js (decision 110). The others stay in node_modules:
 * bundling fastify and its plugins, xstate, i18next gained nothing measurable, and PGlite, sharp,
 * Argon2 and piscina load files of their own beside their modules.
 */
const bundledPackages = new Set(["effect"]);

/** Every package of package.json but the bundled ones, and their subpaths, left to Node to load. */
const externalPackages = (root: string): string[] => {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { dependencies?: object; devDependencies?: object };
  return Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
    .filter((name) => !bundledPackages.has(name))
    .flatMap((name) => [name, `${name}/*`]);
};

/** The namespaces of effect the code imports (`import { Schema } from "effect"`, STACK.md). */
const EFFECT_NAMESPACES = ["Effect", "JsonSchema", "Option", "Result", "Schema", "SchemaAST", "SchemaGetter", "SchemaIssue", "Struct"];

/**
 * effect's index loads every one of its modules: 13 MB of the server's heap (36 MB resident)
 * where the namespaces the code uses take 8 (23 MB). The bundle imports them from their own
 * modules instead; a namespace missing from the list fails the build ("No matching export").
 */
const effectNamespaces: Plugin = {
  name: "effect-namespaces",
  setup: (bundle) => {
    bundle.onResolve({ filter: /^effect$/ }, () => ({ path: "effect", namespace: "effect-namespaces" }));
    bundle.onLoad({ filter: /.*/, namespace: "effect-namespaces" }, () => ({
      contents: EFFECT_NAMESPACES.map((name) => `export * as ${name} from "effect/${name}";`).join("\n"),
      resolveDir: import.meta.dirname,
    }));
  },
};

export const buildServer = async (root: string): Promise<void> => {
  const outDir = serverBuildDir(root);
  rmSync(outDir, { recursive: true, force: true });
  await build({
    // each worker (documents' files, passenger sheets) runs its own module, beside main.js
    entryPoints: {
      main: join(root, "server", "main.ts"),
      fileWorker: join(root, "server", "documents", "fileWorker.ts"),
      sheetWorker: join(root, "server", "passengers", "sheetWorker.ts"),
    },
    outdir: outDir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: externalPackages(root),
    logLevel: "warning",
    plugins: [effectNamespaces],
  });
  cpSync(join(root, "server", "db", "migrations"), join(outDir, "migrations"), { recursive: true });
  // a first start copies it instead of running initdb and the migrations, and every start serves
  // this document instead of working it out from the contract (decision 069)
  await makeEmptyDatabase(join(outDir, emptyDatabaseName()));
  writeFileSync(join(outDir, OPENAPI_FILE), JSON.stringify(openApiDocument()));
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer(join(import.meta.dirname, ".."));
}
