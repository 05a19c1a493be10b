import { describe, expect, it } from "vitest";
import { everyRole, staffRoles } from "../../src/api/endpoint.ts";
import { reportNames, reportReaders } from "../../src/api/reports.ts";
import { departures } from "../../src/machines/departures/record.ts";
import { passengers } from "../../src/machines/passengers/record.ts";
import { reservations } from "../../src/machines/reservations/record.ts";
import { catalogues } from "../../src/records/index.ts";
import { catalogueEntry, type MenuEntry, menu, reportMenuKey } from "../../src/ui/shared/menu.ts";
import { paths } from "../../src/ui/paths.ts";

/** The sidebar as the declarations say it (SPEC.md section 6): the menu built from the records' entries must be this, so every declaration spreads its own entry (decision 081). */
const declaredMenu: ReadonlyArray<MenuEntry> = [
  { key: "users", path: paths.users, section: "administration", roles: ["admin"] },
  { key: "moneyPolicy", path: paths.moneyPolicy, section: "administration", roles: ["admin"] },
  ...catalogues.map(catalogueEntry),
  { key: "home", path: paths.home, section: "screens", roles: ["admin", "marketing"] },
  { key: "leads", path: paths.leads, section: "screens", roles: staffRoles },
  { key: "national", path: paths.destinations("national"), section: "screens", roles: staffRoles },
  { key: "international", path: paths.destinations("international"), section: "screens", roles: staffRoles },
  { key: "availability", path: paths.availability, section: "operations", roles: everyRole },
  { key: departures.key, path: departures.listPath, section: departures.menu.section, roles: departures.readers },
  { key: reservations.key, path: reservations.listPath, section: reservations.menu.section, roles: reservations.readers },
  { key: passengers.key, path: passengers.listPath, section: passengers.menu.section, roles: passengers.readers },
  ...reportNames.map((report): MenuEntry => ({ key: reportMenuKey(report), path: paths.report(report), section: "reports", roles: reportReaders[report] })),
  { key: "flows", path: paths.flows, section: "screens", roles: ["admin", "marketing"] },
  { key: "agency", path: paths.agency, section: "screens", roles: ["agency"] },
];

describe("the panel's menu", () => {
  it("is the one the declarations give: every catalogue, record and report with its section and readers", () => {
    expect(menu).toEqual(declaredMenu);
  });
});
