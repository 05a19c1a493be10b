import type { RoleName } from "../../api/endpoint.ts";
import type { ReportName } from "../../api/reports.ts";
import type { CatalogueDeclaration, MenuSection } from "../../records/catalogue.ts";

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

/**
 * The sidebar of SPEC.md section 6: which role sees which entry. Written out rather than built from
 * the declarations (src/records, the departures', reservations' and passengers' records, the
 * reports' readers), which would bring every record's schemas and machines into every panel page
 * (decision 081); tests/layout/menu.test.ts builds it from them (a catalogue with
 * `catalogueEntry`) and fails, showing the entry to add, when this list differs.
 */
export const menu: ReadonlyArray<MenuEntry> = [
  { key: "users", path: "/panel/users", section: "administration", roles: ["admin"] },
  { key: "moneyPolicy", path: "/panel/policies/money", section: "administration", roles: ["admin"] },
  { key: "feeding", path: "/panel/feeding", section: "administration", roles: ["admin", "marketing", "sales"] },
  { key: "activities", path: "/panel/activities", section: "administration", roles: ["admin", "marketing", "sales"] },
  { key: "courtesies", path: "/panel/courtesys", section: "administration", roles: ["admin", "marketing", "sales"] },
  { key: "yachts", path: "/panel/yacht", section: "fleet", roles: ["admin", "marketing", "sales"] },
  { key: "decks", path: "/panel/deck", section: "fleet", roles: ["admin", "marketing", "sales"] },
  { key: "cabins", path: "/panel/cabin", section: "fleet", roles: ["admin", "marketing", "sales"] },
  { key: "cruiseItineraries", path: "/panel/cruise_itinerary", section: "fleet", roles: ["admin", "marketing", "sales"] },
  { key: "generalRates", path: "/panel/rates/general", section: "rates", roles: ["admin", "sales"] },
  { key: "familyRoomRates", path: "/panel/rates/familyRoom", section: "rates", roles: ["admin", "sales"] },
  { key: "charterRates", path: "/panel/rates/charter", section: "rates", roles: ["admin", "sales"] },
  { key: "contractRates", path: "/panel/rates/contract", section: "rates", roles: ["admin", "sales"] },
  { key: "airTicketRates", path: "/panel/rates/airTicket", section: "rates", roles: ["admin", "sales"] },
  { key: "ikarusRates", path: "/panel/rates/ikarus", section: "rates", roles: ["admin", "sales"] },
  { key: "languages", path: "/panel/languages", section: "catalogues", roles: ["admin", "marketing", "sales"] },
  { key: "kinds", path: "/panel/kinds", section: "catalogues", roles: ["admin", "marketing", "sales"] },
  { key: "berths", path: "/panel/berths", section: "catalogues", roles: ["admin", "marketing", "sales"] },
  { key: "identificationTypes", path: "/panel/identificationTypes", section: "catalogues", roles: ["admin", "marketing", "sales"] },
  { key: "countries", path: "/panel/countries", section: "catalogues", roles: ["admin", "marketing", "sales"] },
  { key: "airlines", path: "/panel/airlines", section: "catalogues", roles: ["admin", "marketing", "sales"] },
  { key: "captains", path: "/panel/captains", section: "catalogues", roles: ["admin", "marketing", "sales"] },
  { key: "hoteliers", path: "/panel/hoteliers", section: "catalogues", roles: ["admin", "marketing", "sales"] },
  { key: "guides", path: "/panel/guides", section: "catalogues", roles: ["admin", "marketing", "sales"] },
  { key: "genders", path: "/panel/genders", section: "catalogues", roles: ["admin", "marketing", "sales", "agency"] },
  { key: "companies", path: "/panel/companies", section: "catalogues", roles: ["admin", "marketing", "sales"] },
  { key: "flights", path: "/panel/flights", section: "catalogues", roles: ["admin", "marketing", "sales"] },
  { key: "seasons", path: "/panel/seasons", section: "catalogues", roles: ["admin", "sales"] },
  { key: "agencies", path: "/panel/agencies", section: "catalogues", roles: ["admin", "sales"] },
  { key: "home", path: "/panel/home", section: "screens", roles: ["admin", "marketing"] },
  { key: "leads", path: "/panel/leads", section: "screens", roles: ["admin", "marketing", "sales"] },
  { key: "national", path: "/panel/national/destinations", section: "screens", roles: ["admin", "marketing", "sales"] },
  { key: "international", path: "/panel/international/destinations", section: "screens", roles: ["admin", "marketing", "sales"] },
  { key: "availability", path: "/panel/availability", section: "operations", roles: ["admin", "marketing", "sales", "agency"] },
  { key: "cruises", path: "/panel/cruises", section: "operations", roles: ["admin", "marketing", "sales"] },
  { key: "reservations", path: "/panel/reservations", section: "operations", roles: ["admin", "marketing", "sales", "agency"] },
  { key: "passengers", path: "/panel/passengers", section: "operations", roles: ["admin", "marketing", "sales", "agency"] },
  { key: "reportOccupancy", path: "/panel/reports/occupancy", section: "reports", roles: ["admin", "sales"] },
  { key: "reportSales", path: "/panel/reports/sales", section: "reports", roles: ["admin", "sales"] },
  { key: "reportExpiring", path: "/panel/reports/expiring", section: "reports", roles: ["admin", "sales"] },
  { key: "reportLeads", path: "/panel/reports/leads", section: "reports", roles: ["admin", "sales", "marketing"] },
  { key: "reportReceivables", path: "/panel/reports/receivables", section: "reports", roles: ["admin", "sales"] },
  { key: "reportPayments", path: "/panel/reports/payments", section: "reports", roles: ["admin", "sales"] },
  { key: "reportPenalties", path: "/panel/reports/penalties", section: "reports", roles: ["admin", "sales"] },
  { key: "flows", path: "/panel/flows", section: "screens", roles: ["admin", "marketing"] },
  { key: "agency", path: "/panel/agency", section: "screens", roles: ["agency"] },
];

export const entriesFor = (role: RoleName): ReadonlyArray<MenuEntry> =>
  menu.filter((entry) => entry.roles.includes(role));
