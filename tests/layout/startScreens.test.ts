import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { cruiseDocumentNames } from "../../src/api/documents.ts";
import { destinationTypes } from "../../src/api/itineraries.ts";
import { reportNames } from "../../src/api/reportReaders.ts";
import { yachtPageNames } from "../../src/api/yachtPages.ts";
import { departures } from "../../src/machines/departures/record.ts";
import { passengers } from "../../src/machines/passengers/record.ts";
import { reservations } from "../../src/machines/reservations/record.ts";
import { itemPath } from "../../src/records/catalogue.ts";
import { departuresEntry, passengersEntry, reservationsEntry, yachtsEntry } from "../../src/records/entries.ts";
import { catalogues } from "../../src/records/index.ts";
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
const catalogueRoutes = join(root, "src/ui/catalogues/recordRoutes.tsx");

/** The modules the shell's start screens import lazily, and the records' routes their screens, as paths from the repository's root. */
const shellModules = (): string[] =>
  [shellScreens, recordRoutes, catalogueRoutes].flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/import\("(\.[^"]+)"\)/g)].map((match) => relative(root, resolve(dirname(file), match[1] ?? ""))),
  );

/** The modules of each start screen that answers `path`. */
const screensAt = (path: string) => startScreens.filter((screen) => screen.path.test(path)).map((screen) => screen.modules);

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
    const served = (path: string) => screensAt(path).length;
    for (const path of [paths.leads, paths.availability, `${reservationsEntry.listPath}/560`, reservationsEntry.listPath, departuresEntry.listPath, passengersEntry.listPath]) {
      expect(served(path), path).toBe(1);
    }
    for (const path of [`${reservationsEntry.listPath}/0`, `${paths.leads}/7`, paths.users, paths.user(2), paths.homeBanner(1)]) expect(served(path), path).toBe(0);
  });

  it("answer a record's own page with the records' routes and the screen their route draws there (decision 157)", () => {
    const recordsWith = (screen: string) => [["src/ui/shared/RecordRoutes.tsx", `src/ui/${screen}.tsx`]];
    const pages: ReadonlyArray<readonly [string, string]> = [
      [passengers.newPath, "passengers/PassengerView"],
      [passengers.path(12), "passengers/PassengerView"],
      [departures.newPath, "departures/CruiseFormView"],
      [departures.tabPath(3, "edit"), "departures/CruiseFormView"],
      [departures.tabPath(3, "reservations"), "reservations/CruiseReservationsView"],
      [departures.tabPath(3, "voucher"), "departures/CruiseVouchersView"],
      ...cruiseDocumentNames.map((name) => [departures.tabPath(3, name), "departures/CruiseDocumentView"] as const),
      [reservations.voucherPath(560), "departures/CruiseDocumentView"],
      ...destinationTypes.flatMap((type) => [[paths.destinationsNew(type), "catalogues/DestinationFormView"] as const, [paths.destination(type, 4), "catalogues/DestinationFormView"] as const]),
      [`${yachtsEntry.listPath}/1/${yachtPageNames[0]}`, "catalogues/YachtPageView"],
      ...catalogues.flatMap((record) => [...record.newPaths, itemPath(record, 7)].map((path) => [path, "catalogues/RecordFormView"] as const)),
    ];
    for (const [path, screen] of pages) expect(screensAt(path), path).toEqual(recordsWith(screen));
  });

  it("answer the records' other lists with the records' routes and the list's screen: the catalogues', the destinations' and each report", () => {
    const lists: ReadonlyArray<readonly [string, string]> = [
      ...catalogues.map((record) => [record.listPath, "src/ui/catalogues/RecordListView.tsx"] as const),
      ...destinationTypes.map((type) => [paths.destinations(type), "src/ui/catalogues/DestinationsView.tsx"] as const),
      ...reportNames.map((report) => [paths.report(report), "src/ui/reports/ReportsView.tsx"] as const),
    ];
    for (const [path, screen] of lists) expect(screensAt(path), path).toEqual([["src/ui/shared/RecordRoutes.tsx", screen]]);
  });
});
