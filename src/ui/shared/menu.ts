import { everyRole, type RoleName, staffRoles } from "../../api/endpoint.ts";
import { type ReportName, reportNames, reportReaders } from "../../api/reports.ts";
import type { CatalogueDeclaration, MenuSection } from "../../records/catalogue.ts";
import { departures } from "../../machines/departures/record.ts";
import { passengers } from "../../machines/passengers/record.ts";
import { reservations } from "../../machines/reservations/record.ts";
import { catalogues } from "../../records/index.ts";
import { paths } from "../paths.ts";

/** A report's menu entry: its text is `nav.<key>`. */
export const reportMenuKey = (report: ReportName): string => `report${report.charAt(0).toUpperCase()}${report.slice(1)}`;

export interface MenuEntry {
  /** Its text is `nav.<key>`. */
  readonly key: string;
  readonly path: string;
  readonly section: MenuSection;
  readonly roles: ReadonlyArray<RoleName>;
}



/** A declared catalogue's entry: its section, its list, and whoever may read it. */
export const catalogueEntry = (catalogue: CatalogueDeclaration): MenuEntry => ({
  key: catalogue.key,
  path: catalogue.listPath,
  section: catalogue.menu.section,
  roles: catalogue.menu.roles ?? catalogue.readers,
});

/** The sidebar of SPEC.md section 6: which role sees which entry; the catalogues as declared in src/records. */
export const menu: ReadonlyArray<MenuEntry> = [
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

export const entriesFor = (role: RoleName): ReadonlyArray<MenuEntry> =>
  menu.filter((entry) => entry.roles.includes(role));
