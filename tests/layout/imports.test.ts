import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");

const sourceFiles = (dir: string): string[] => {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
};

/** Every module an import, export-from or dynamic import line names. */
const importsOf = (file: string): string[] => {
  const source = readFileSync(join(root, file), "utf8");
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/gms),
    ...source.matchAll(/^\s*import\s+["']([^"']+)["']/gm),
    ...source.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g),
  ];
  return specifiers.map((match) => match[1] ?? "");
};

/** Where a relative import lands, as a path from the repository root. */
const resolved = (file: string, specifier: string): string =>
  specifier.startsWith(".") ? relative(root, join(root, file, "..", specifier)) : specifier;

const violations = (dir: string, forbidden: ReadonlyArray<RegExp>) =>
  sourceFiles(dir).flatMap((file) =>
    importsOf(file)
      .map((specifier) => resolved(file, specifier))
      .filter((target) => forbidden.some((pattern) => pattern.test(target)))
      .map((target) => `${file} imports ${target}`),
  );

describe("imports flow ui -> machines -> api", () => {
  it("machines never import the UI, React, the router or the DOM", () => {
    expect(
      violations("src/machines", [
        /^src\/ui(\/|$)/,
        /^src\/i18n(\/|$)/,
        /^react(-dom|-i18next)?(\/|$)/,
        /^@xstate\/react/,
        /^wouter/,
        /^sweetalert2/,
      ]),
    ).toEqual([]);
  });

  it("machines use no browser globals", () => {
    // Not preceded by a slash or a dot: `../api/history.ts` is a module, not the browser's history.
    const globals = /(?<![/.\w])(window|document|localStorage|sessionStorage|navigator|history)\./;
    const offenders = sourceFiles("src/machines").filter((file) => globals.test(readFileSync(join(root, file), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("the API contract never imports machines or the UI", () => {
    expect(violations("src/api", [/^src\/(machines|ui|i18n)(\/|$)/, /^react/, /^xstate/])).toEqual([]);
  });

  it("the server never imports the UI", () => {
    // The translations themselves (src/i18n/*.json) are data a document's file shares with its
    // screen (decision 042); the panel's i18n code is not the server's.
    expect(violations("server", [/^src\/ui(\/|$)/, /^src\/i18n(\/.*)?\/[^/]*\.tsx?$/, /^react/, /^wouter/])).toEqual([]);
  });

  it("the event store knows no feature: server/events imports only the database and the contract", () => {
    expect(violations("server/events", [/^server\/(?!events\/|db\/)/])).toEqual([]);
  });

  it("records import the contract and the domain rules only, never the panel's machines, the UI or the server", () => {
    // a record declaration is read by both the server and the panel: what runs one way only (the
    // list and form sources) is made from it in src/machines (decision 072)
    expect(violations("src/records", [/^src\/(ui|i18n)(\/|$)/, /^src\/machines\/(?!domain\/)/, /^server(\/|$)/, /^react/])).toEqual([]);
  });

  it("the domain rules import the contract only: never a record declaration or a panel machine", () => {
    // fixtures are test data beside the machine, built with the path generator's helpers
    const rules = violations("src/machines/domain", [/^src\/records(\/|$)/, /^src\/machines\/(?!domain\/)/]);
    expect(rules.filter((line) => !line.startsWith("src/machines/domain/") || !line.split(" ")[0]?.endsWith(".fixtures.ts"))).toEqual([]);
  });

  it("the server imports the panel's machines for nothing: only src/machines/domain, so its bundle carries no list or form machine", () => {
    expect(violations("server", [/^src\/machines\/(?!domain\/)/])).toEqual([]);
  });

  it("route registration, the database and the event store import no feature folder", () => {
    // the caller's session reaches the routes as `findSession`, handed over by server/app.ts
    // a folder of server/ is a feature, but for the infrastructure ones; files at its top (env.ts) are the server's own
    expect(violations("server/http", [/^server\/(?!http\/|db\/|events\/|uploads\/)[^/]+\//])).toEqual([]);
    expect(violations("server/db", [/^server\/(?!db\/)[^/]+\//])).toEqual([]);
  });

  it("the panel names no SQL table: table names stay on the server", () => {
    const migrations = readdirSync(join(root, "server/db/migrations")).map((name) => readFileSync(join(root, "server/db/migrations", name), "utf8"));
    const storage = readFileSync(join(root, "server/catalogues/storage.ts"), "utf8");
    const tables = new Set([
      ...migrations.flatMap((sql) => [...sql.matchAll(/create table (?:if not exists )?([a-z_]+)/gi)].map((match) => match[1] ?? "")),
      ...[...storage.matchAll(/table: "([a-z_]+)"/g)].map((match) => match[1] ?? ""),
    ]);
    // one-word names (`yachts`, `agencies`) are also the contract's resources; the compound ones are SQL's alone
    const sqlNames = [...tables].filter((table) => table.includes("_"));
    expect(sqlNames.length).toBeGreaterThan(10);
    const named = sourceFiles("src").flatMap((file) => {
      const source = readFileSync(join(root, file), "utf8");
      return sqlNames.filter((table) => new RegExp(`\\b${table}\\b`).test(source)).map((table) => `${file} names ${table}`);
    });
    expect(named).toEqual([]);
  });

  it("no screen or dialog calls the API: every call is a machine's (its actor, or what it hands a dialog)", () => {
    const calls = /\bclient\.(call|request|upload|listen)\(|\bfetch\(/;
    // the two entry points hand the browser's fetch to the one client, as its transport
    const entries = new Set(["src/ui/main.tsx", "src/ui/home/landing.ts"]);
    const calling = sourceFiles("src/ui").filter((file) => !entries.has(file) && calls.test(readFileSync(join(root, file), "utf8")));
    expect(calling).toEqual([]);
  });

  it("the panel never imports test data: fixtures, samples or the path generator", () => {
    // The flows page reads what `npm run flows` wrote to docs/flows (decision 017).
    expect(
      violations("src/ui", [
        /\.fixtures(\.ts)?$/,
        /^src\/machines\/shared\/(fixtures|samples|generatedPaths)(\.ts)?$/,
        /^@xstate\/graph/,
      ]),
    ).toEqual([]);
  });

  it("every screen starts its flow through src/ui/shared/useFlow.ts, so ?inspect sees all of them", () => {
    const direct = sourceFiles("src/ui").filter(
      (file) =>
        file !== "src/ui/shared/useFlow.ts" &&
        /import \{[^}]*\b(useMachine|useActorRef)\b[^}]*\} from "@xstate\/react"/.test(readFileSync(join(root, file), "utf8")),
    );
    expect(direct).toEqual([]);
  });

  it("the scanner sees relative imports", () => {
    expect(importsOf("src/ui/shared/screenChunks.ts").map((s) => resolved("src/ui/shared/screenChunks.ts", s))).toContain(
      "src/ui/shared/PanelView.tsx",
    );
  });
});
