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

  it("records import the contract and the machines, never the UI or the server", () => {
    expect(violations("src/records", [/^src\/(ui|i18n)(\/|$)/, /^server(\/|$)/, /^react/])).toEqual([]);
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
    expect(importsOf("src/ui/app.tsx").map((s) => resolved("src/ui/app.tsx", s))).toContain(
      "src/ui/shared/PanelView.tsx",
    );
  });
});
