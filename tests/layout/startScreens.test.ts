import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { departuresEntry, passengersEntry, reservationsEntry } from "../../src/records/entries.ts";
import { paths } from "../../src/ui/paths.ts";
import { signedInModules, startScreens } from "../../server/http/panel.ts";

/**
 * Decision 087 (fourth part): the server names a start screen's chunks by their modules' paths
 * (server/http/panel.ts) and the shell fetches those screens itself (src/ui/shared/panelScreens.ts),
 * with the other menu entries' screens it fetches ahead (decision 143). A module renamed on one side
 * only, or a start screen the shell does not fetch, would be skipped without an error: a preload
 * that silently stops, which only a Lighthouse run would show.
 */
const root = join(import.meta.dirname, "../..");
const shellScreens = join(root, "src/ui/shared/panelScreens.ts");
const recordRoutes = join(root, "src/ui/shared/RecordRoutes.tsx");

/** The modules the shell's start screens import lazily, and the records' routes their lists, as paths from the repository's root. */
const shellModules = (): string[] =>
  [shellScreens, recordRoutes].flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/import\("(\.[^"]+)"\)/g)].map((match) => relative(root, resolve(dirname(file), match[1] ?? ""))),
  );

describe("the start screens the server preloads", () => {
  it("are screens the shell fetches itself, module for module", () => {
    const serverModules = startScreens.flatMap((screen) => screen.modules);
    expect(serverModules.filter((module) => !shellModules().includes(module))).toEqual([]);
    expect(serverModules.length).toBeGreaterThan(0);
  });

  it("name modules that exist", () => {
    for (const module of [...signedInModules, ...startScreens.flatMap((screen) => screen.modules)]) expect(existsSync(join(root, module)), module).toBe(true);
  });

  it("answer the panel's own paths of those screens, a reservation's by its id only, and the lists at their own paths only", () => {
    const served = (path: string) => startScreens.filter((screen) => screen.path.test(path)).length;
    for (const path of [paths.leads, paths.availability, `${reservationsEntry.listPath}/560`, reservationsEntry.listPath, departuresEntry.listPath, passengersEntry.listPath]) {
      expect(served(path), path).toBe(1);
    }
    for (const path of [`${reservationsEntry.listPath}/560/voucher`, `${reservationsEntry.listPath}/0`, "/panel/cruises/cruise_new", `${paths.leads}/7`]) expect(served(path), path).toBe(0);
  });
});
