import type { roleNames } from "../api/roles.ts";
import type { MenuSection } from "./catalogue.ts";

type Role = (typeof roleNames)[number];

/**
 * A record's place in the panel, declared once here and spread into its declaration (the
 * catalogues of src/records, the departures', reservations' and passengers' records): its key
 * (its text is `nav.<key>`), its list, who reads it, and its menu's section and roles (its
 * readers unless narrowed). Apart from the declarations, which bring their schemas and machines,
 * so that the sidebar (src/ui/shared/menu.ts) is built from these on every page without them
 * (decision 081). The order here is the sidebar's within each section.
 */
export interface RecordEntry {
  readonly key: string;
  readonly listPath: string;
  readonly readers: ReadonlyArray<Role>;
  readonly menu: { readonly section: MenuSection; readonly roles?: ReadonlyArray<Role> };
}

const staff: ReadonlyArray<Role> = ["admin", "marketing", "sales"];
const sellers: ReadonlyArray<Role> = ["admin", "sales"];
const everyone: ReadonlyArray<Role> = ["admin", "marketing", "sales", "agency"];

const administration = (key: string, listPath: string): RecordEntry => ({ key, listPath, readers: staff, menu: { section: "administration" } });
const fleet = (key: string, listPath: string): RecordEntry => ({ key, listPath, readers: staff, menu: { section: "fleet" } });
const rate = (type: string): RecordEntry => ({ key: `${type}Rates`, listPath: `/panel/rates/${type}`, readers: sellers, menu: { section: "rates" } });
const reference = (key: string, readers: ReadonlyArray<Role> = staff, menuRoles?: ReadonlyArray<Role>): RecordEntry => ({
  key,
  listPath: `/panel/${key}`,
  readers,
  menu: menuRoles === undefined ? { section: "catalogues" } : { section: "catalogues", roles: menuRoles },
});

export const feedingEntry = administration("feeding", "/panel/feeding");
export const activitiesEntry = administration("activities", "/panel/activities");
export const courtesiesEntry = administration("courtesies", "/panel/courtesys");
export const yachtsEntry = fleet("yachts", "/panel/yacht");
export const decksEntry = fleet("decks", "/panel/deck");
export const cabinsEntry = fleet("cabins", "/panel/cabin");
export const cruiseItinerariesEntry = fleet("cruiseItineraries", "/panel/cruise_itinerary");
export const generalRatesEntry = rate("general");
export const familyRoomRatesEntry = rate("familyRoom");
export const charterRatesEntry = rate("charter");
export const contractRatesEntry = rate("contract");
export const airTicketRatesEntry = rate("airTicket");
export const ikarusRatesEntry = rate("ikarus");
export const languagesEntry = reference("languages");
export const kindsEntry = reference("kinds");
export const berthsEntry = reference("berths");
// Agencies register their passengers: they read the identification types and the countries the
// passenger's form offers, without finding those lists in their menu.
export const identificationTypesEntry = reference("identificationTypes", everyone, staff);
export const countriesEntry = reference("countries", everyone, staff);
export const airlinesEntry = reference("airlines");
export const captainsEntry = reference("captains");
export const hoteliersEntry = reference("hoteliers");
export const guidesEntry = reference("guides");
// agencies book by space type: they read them (and the park's fees), as staff do
export const gendersEntry = reference("genders", everyone);
export const companiesEntry = reference("companies");
export const flightsEntry = reference("flights");
export const seasonsEntry = reference("seasons", sellers);
export const agenciesEntry = reference("agencies", sellers);

/** The catalogues' entries, in the sidebar's order. */
export const catalogueEntries: ReadonlyArray<RecordEntry> = [
  feedingEntry,
  activitiesEntry,
  courtesiesEntry,
  yachtsEntry,
  decksEntry,
  cabinsEntry,
  cruiseItinerariesEntry,
  generalRatesEntry,
  familyRoomRatesEntry,
  charterRatesEntry,
  contractRatesEntry,
  airTicketRatesEntry,
  ikarusRatesEntry,
  languagesEntry,
  kindsEntry,
  berthsEntry,
  identificationTypesEntry,
  countriesEntry,
  airlinesEntry,
  captainsEntry,
  hoteliersEntry,
  guidesEntry,
  gendersEntry,
  companiesEntry,
  flightsEntry,
  seasonsEntry,
  agenciesEntry,
];

export const departuresEntry: RecordEntry = { key: "cruises", listPath: "/panel/cruises", readers: staff, menu: { section: "operations" } };
export const reservationsEntry: RecordEntry = { key: "reservations", listPath: "/panel/reservations", readers: everyone, menu: { section: "operations" } };
export const passengersEntry: RecordEntry = { key: "passengers", listPath: "/panel/passengers", readers: everyone, menu: { section: "operations" } };
