import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");

/**
 * The modules a file loads with it: its static imports and re-exports that bring code (not
 * `import type`, nor `import()`, which the bundler makes a chunk of its own).
 */
const staticImportsOf = (file: string): string[] => {
  const source = readFileSync(join(root, file), "utf8");
  const bringsCode = (clause: string): boolean => {
    const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
    // `import type { A }` and `import { type A, type B }` bring nothing
    if (clause.trim().startsWith("type ")) return false;
    return names === undefined || names.split(",").some((name) => name.trim() !== "" && !name.trim().startsWith("type "));
  };
  return [
    ...[...source.matchAll(/^\s*(?:import|export)\s+([^;]*?)\s*from\s+["']([^"']+)["']/gms)]
      .filter((match) => bringsCode(match[1] ?? ""))
      .map((match) => match[2] ?? ""),
    ...[...source.matchAll(/^\s*import\s+["']([^"']+)["']/gm)].map((match) => match[1] ?? ""),
  ];
};

/** Every module `entry` loads with it, transitively: repository paths, and package names. */
const loadedWith = (entry: string): Set<string> => {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!file.startsWith("src/")) return;
    for (const specifier of staticImportsOf(file)) {
      visit(specifier.startsWith(".") ? relative(root, join(root, file, "..", specifier)) : specifier);
    }
  };
  visit(entry);
  return seen;
};

// What the bench's route budgets rely on (issue 39 item 2, decision 081); the bench measures the
// bytes, these say which part went back in when they grow.
describe("what the panel's first pages load", () => {
  it("the login page (the first chunk) loads no schema library: the client and the contract come with the first call", () => {
    const loaded = [...loadedWith("src/ui/main.tsx")];
    expect(loaded.filter((module) => module === "effect" || module.startsWith("effect/"))).toEqual([]);
    expect(loaded.filter((module) => module === "src/api/client.ts" || module === "src/api/auth.ts")).toEqual([]);
  });

  it("finds what a records' screen loads (the walk itself works)", () => {
    const loaded = loadedWith("src/ui/shared/RecordRoutes.tsx");
    expect(loaded.has("src/records/index.ts")).toBe(true);
    expect(loaded.has("effect")).toBe(true);
  });

  it("the panel's shell, the leads and the availability load no record declaration", () => {
    const loaded = new Set(
      ["src/ui/shared/PanelView.tsx", "src/ui/leads/LeadsView.tsx", "src/ui/availability/AvailabilityView.tsx"].flatMap((entry) => [...loadedWith(entry)]),
    );
    // the records' entries (their menu's light part) are plain values: the sidebar is built from them
    const declarations = [...loaded].filter((module) => module.startsWith("src/records/") || module.endsWith("/record.ts"));
    expect(declarations).toEqual(["src/records/entries.ts"]);
    expect([...loadedWith("src/records/entries.ts")]).toEqual(["src/records/entries.ts"]);
  });

  it("a reservation's page loads its own record, not every catalogue's declaration with the other records' routes", () => {
    const loaded = loadedWith("src/ui/reservations/ReservationRoute.tsx");
    expect(loaded.has("src/ui/reservations/ReservationView.tsx")).toBe(true);
    expect(["src/records/index.ts", "src/ui/shared/RecordRoutes.tsx"].filter((module) => loaded.has(module))).toEqual([]);
  });

  it("a reservation's first screen loads neither its dialogs, nor what is drawn below it, nor the passengers' or departures' declarations", () => {
    const loaded = loadedWith("src/ui/reservations/ReservationRoute.tsx");
    const later = [
      "src/ui/shared/confirmDialog.ts",
      "src/ui/reservations/ReservationSections.tsx",
      "src/ui/money/AccountSection.tsx",
      "src/ui/reservations/PriceBreakdown.tsx",
      "src/ui/shared/HistoryPanel.tsx",
      "src/machines/passengers/record.ts",
      "src/machines/departures/record.ts",
      "src/records/referenceData.ts",
    ];
    expect(later.filter((module) => loaded.has(module))).toEqual([]);
  });

  it("the login form is a chunk of its own, out of a signed-in page's first download", () => {
    expect(loadedWith("src/ui/main.tsx").has("src/ui/session/LoginView.tsx")).toBe(false);
  });

  it("the availability loads neither the reservations' nor the departures' contract or stylesheet", () => {
    const loaded = loadedWith("src/ui/availability/AvailabilityView.tsx");
    const heavy = ["src/api/reservations.ts", "src/api/cruises.ts", "src/ui/reservations/reservations.css", "src/ui/departures/departures.css"];
    expect(heavy.filter((module) => loaded.has(module))).toEqual([]);
  });

  it("the leads' list loads the writing of an export and the documents' contract only when an export is asked for", () => {
    const loaded = loadedWith("src/ui/leads/LeadsView.tsx");
    expect(["src/ui/shared/tableExport.ts", "src/api/documents.ts"].filter((module) => loaded.has(module))).toEqual([]);
  });

  it("the leads' list loads the assign menu and its flow only when an assign button is pressed", () => {
    const loaded = loadedWith("src/ui/leads/LeadsView.tsx");
    expect(["src/ui/leads/AssignLeadMenu.tsx", "src/machines/leads/leadAssignment.machine.ts"].filter((module) => loaded.has(module))).toEqual([]);
  });
});
