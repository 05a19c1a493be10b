import type { RoleName } from "../../api/endpoint.ts";
import type { ReportName } from "../../api/reports.ts";
import { reportNames, reportReaders } from "../../api/reportReaders.ts";
import type { CatalogueDeclaration, MenuSection } from "../../records/catalogue.ts";
import { catalogueEntries, departuresEntry, passengersEntry, type RecordEntry, reservationsEntry } from "../../records/entries.ts";
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

/** A record's entry (./records/entries.ts): its section, its list, and whoever may read it. */
const recordEntry = (entry: RecordEntry): MenuEntry => ({
  key: entry.key,
  path: entry.listPath,
  section: entry.menu.section,
  roles: entry.menu.roles ?? entry.readers,
});

const staff: ReadonlyArray<RoleName> = ["admin", "marketing", "sales"];

/**
 * The sidebar of SPEC.md section 6: which role sees which entry. The records' entries come from
 * their light part (src/records/entries.ts), which each declaration spreads, so a record is
 * declared once and the sidebar loads no record's schemas or machines (decision 081); the
 * screens that are no record are listed here, their only declaration.
 */
export const menu: ReadonlyArray<MenuEntry> = [
  { key: "users", path: paths.users, section: "administration", roles: ["admin"] },
  { key: "moneyPolicy", path: paths.moneyPolicy, section: "administration", roles: ["admin"] },
  ...catalogueEntries.map(recordEntry),
  { key: "home", path: paths.home, section: "screens", roles: ["admin", "marketing"] },
  { key: "leads", path: paths.leads, section: "screens", roles: staff },
  { key: "national", path: paths.destinations("national"), section: "screens", roles: staff },
  { key: "international", path: paths.destinations("international"), section: "screens", roles: staff },
  { key: "availability", path: paths.availability, section: "operations", roles: ["admin", "marketing", "sales", "agency"] },
  ...[departuresEntry, reservationsEntry, passengersEntry].map(recordEntry),
  ...reportNames.map((report): MenuEntry => ({ key: reportMenuKey(report), path: paths.report(report), section: "reports", roles: reportReaders[report] })),
  { key: "flows", path: paths.flows, section: "screens", roles: ["admin", "marketing"] },
  { key: "agency", path: paths.agency, section: "screens", roles: ["agency"] },
];

export const entriesFor = (role: RoleName): ReadonlyArray<MenuEntry> =>
  menu.filter((entry) => entry.roles.includes(role));
