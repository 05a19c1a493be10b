import { documentLanguages } from "../api/documents.ts";
import { detail } from "../api/details.ts";
import { passengerGenders } from "../api/passengers.ts";
import { emailField, textField, yearField } from "../api/fields.ts";
import { messages } from "../api/messages.ts";
import { type CatalogueOptions, referencesTo, referenceTo, simpleCatalogue } from "./catalogue.ts";
import { agenciesEntry, airlinesEntry, berthsEntry, captainsEntry, companiesEntry, countriesEntry, flightsEntry, gendersEntry, guidesEntry, hoteliersEntry, identificationTypesEntry, kindsEntry, languagesEntry, seasonsEntry } from "./entries.ts";

/**
 * The reference data of the fleet (DOMAIN.md section 3), each a catalogue declared once: admins
 * edit it, marketing and sales read it, agencies never see it (DOMAIN.md section 2). Each lives at
 * `/panel/<key>` under the menu's Catálogos (its entry: ./entries.ts), with its calls at `/<resource>` (DOMAIN.md section 9).
 */
const referenceCatalogue = (
  options: Pick<CatalogueOptions, "key" | "listPath" | "readers" | "menu" | "resource" | "singular" | "stream" | "details" | "nameLabel" | "nameTaken" | "nameField"> &
    Partial<Pick<CatalogueOptions, "paging">>,
) =>
  simpleCatalogue({
    writers: ["admin"],
    newPaths: [`/panel/${options.key}/${options.key}_new`],
    ...options,
  });

const SHORT_CODE = 3;
const PHONE_MAX_LENGTH = 30;
const shortCode = textField(SHORT_CODE, { required: true });
const initials = { name: "initials", label: "detail.initials", rule: detail.text(shortCode), column: true };
const phone = textField(PHONE_MAX_LENGTH);

/**
 * The English name beside the Spanish `name` (decision 080): every screen, document and export
 * shows the reader's; left blank, English readers see the Spanish one.
 */
export const englishNameDetail = { name: "englishName", label: "detail.englishName", rule: detail.text(textField(120)), column: true };

/** A reference named in Spanish and English, with its initials (a language, a yacht's kind). */
const namedWithInitials = { nameLabel: "detail.spanishName", details: [englishNameDetail, initials] };

/** The languages a guide speaks and a departure is sold in: ALM, ESP, FRA, ING, NA (SPEC.md section 3), named in both languages. */
export const languages = referenceCatalogue({
  ...languagesEntry,
  resource: "languages",
  singular: "Language",
  stream: "language",
  ...namedWithInitials,
});

/** A yacht's kind: motor yacht, catamaran, expedition ship, named in both languages. */
export const kinds = referenceCatalogue({
  ...kindsEntry,
  resource: "kinds",
  singular: "Kind",
  stream: "kind",
  ...namedWithInitials,
});

/** A bed type of a cabin, named in both languages: how many guests it sleeps. */
export const berths = referenceCatalogue({
  ...berthsEntry,
  resource: "berths",
  singular: "Berth",
  stream: "berth",
  nameLabel: "detail.spanishName",
  details: [
    englishNameDetail,
    {
      name: "capacity",
      label: "detail.capacity",
      rule: detail.number({ required: true, minimum: 1, maximum: 4, whole: true }),
      column: true,
    },
    { name: "icon", label: "detail.icon", rule: detail.image() },
  ],
});

/** National identity card, passport: what an agency or a passenger is identified by. */
export const identificationTypes = referenceCatalogue({
  ...identificationTypesEntry,
  resource: "identificationTypes",
  singular: "IdentificationType",
  stream: "identificationType",
  nameLabel: "detail.spanishName",
  details: [
    englishNameDetail,
    { name: "appliesTo", label: "detail.appliesTo", rule: detail.choice(["agency", "passenger"]), column: true },
  ],
});

/** Countries with their Spanish and English names; Andean Community visitors pay their own GPS tax. */
export const countries = referenceCatalogue({
  ...countriesEntry,
  resource: "countries",
  singular: "Country",
  stream: "country",
  nameLabel: "detail.spanishName",
  details: [
    { name: "englishName", label: "detail.englishName", rule: detail.text(textField(120, { required: true })), column: true },
    { name: "code", label: "detail.isoCode", rule: detail.text(textField(2)), column: true },
    { name: "andeanPact", label: "detail.andeanPact", rule: detail.flag(), column: true },
  ],
});

/** The airlines that fly to Galápagos. */
export const airlines = referenceCatalogue({
  ...airlinesEntry,
  resource: "airlines",
  singular: "Airline",
  stream: "airline",
  details: [{ name: "code", label: "detail.airlineCode", rule: detail.text(textField(SHORT_CODE, { required: true })), column: true }],
});

/** The yachts' captains; two may share a first name. */
export const captains = referenceCatalogue({
  ...captainsEntry,
  resource: "captains",
  singular: "Captain",
  stream: "captain",
  nameLabel: "detail.firstName",
  nameTaken: null,
  details: [
    { name: "lastName", label: "detail.lastName", rule: detail.text(textField(120, { required: true })), column: true },
    { name: "phone", label: "detail.phone", rule: detail.text(phone), column: true },
  ],
});

/** The hotel staff in charge of a yacht's service. */
export const hoteliers = referenceCatalogue({
  ...hoteliersEntry,
  resource: "hoteliers",
  singular: "Hotelier",
  stream: "hotelier",
  details: [{ name: "contact", label: "detail.contact", rule: detail.text(textField(200)), column: true }],
});

/** Galápagos naturalist guides: their licence level (I to III) and the languages they guide in. */
export const guides = referenceCatalogue({
  ...guidesEntry,
  resource: "guides",
  singular: "Guide",
  stream: "guide",
  nameLabel: "detail.firstName",
  nameTaken: null,
  details: [
    { name: "lastName", label: "detail.lastName", rule: detail.text(textField(120, { required: true })), column: true },
    { name: "identificationCard", label: "detail.identificationCard", rule: detail.text(textField(20)) },
    { name: "level", label: "detail.guideLevel", rule: detail.choice(["I", "II", "III"]), column: true },
    { name: "phone", label: "detail.phone", rule: detail.text(phone) },
    { name: "email", label: "detail.email", rule: detail.text(emailField({ required: false })) },
    { name: "languages", label: "detail.languages", ...referencesTo(languages), column: true },
  ],
});

const gpsTax = (name: string, label: string) => ({
  name,
  label,
  rule: detail.money({ required: true, maximumCents: 99_999_999_999, outOfRange: messages.gpsTaxBelowZero }),
  column: true,
});

/**
 * The space types of a berth (SPEC "Gender"): male adult, female adult, child, named in both languages, with the Galápagos
 * park entrance (GPS) tax each pays as a national, a foreigner or an Andean Community visitor.
 */
export const genders = referenceCatalogue({
  ...gendersEntry,
  resource: "genders",
  singular: "Gender",
  stream: "gender",
  nameLabel: "detail.spanishName",
  details: [
    englishNameDetail,
    initials,
    gpsTax("gpsTaxNational", "detail.gpsTaxNational"),
    gpsTax("gpsTaxForeign", "detail.gpsTaxForeign"),
    gpsTax("gpsTaxAndean", "detail.gpsTaxAndean"),
    // a child's space takes its rate's child discount (DOMAIN.md section 6)
    { name: "child", label: "detail.childSpace", rule: detail.flag(), column: true },
    // an adult space's passenger is of its sex (DOMAIN.md section 7); none: any adult
    { name: "sex", label: "detail.sex", rule: detail.choice(passengerGenders, false), column: true },
    { name: "icon", label: "detail.icon", rule: detail.image() },
  ],
});

const longText = textField(1_000);

/**
 * The operator's own firms, which own the yachts and appear on vouchers and reports with their
 * logos and bank data.
 */
export const companies = referenceCatalogue({
  ...companiesEntry,
  resource: "companies",
  singular: "Company",
  stream: "company",
  details: [
    { name: "commercialName", label: "detail.commercialName", rule: detail.text(textField(120)), column: true },
    { name: "additionalName", label: "detail.additionalName", rule: detail.text(textField(120)) },
    { name: "code", label: "detail.code", rule: detail.text(textField(10, { required: true })), column: true },
    { name: "ruc", label: "detail.ruc", rule: detail.text(textField(13, { required: true })), column: true },
    { name: "email", label: "detail.email", rule: detail.text(emailField({ required: false })) },
    { name: "contactPhone", label: "detail.phone", rule: detail.text(phone) },
    { name: "beneficiaryBank", label: "detail.beneficiaryBank", rule: detail.text(textField(120)) },
    { name: "accountNumber", label: "detail.accountNumber", rule: detail.text(textField(30)) },
    { name: "accountType", label: "detail.accountType", rule: detail.choice(["current", "savings"], false) },
    { name: "address", label: "detail.address", rule: detail.text(textField(300)) },
    { name: "billingInformation", label: "detail.billingInformation", rule: detail.text(longText) },
    { name: "logo", label: "detail.logo", rule: detail.image() },
    { name: "principalLogo", label: "detail.principalLogo", rule: detail.image() },
    { name: "icon", label: "detail.icon", rule: detail.image() },
  ],
});

/** The legs flown to and from the islands: Quito and Guayaquil to Baltra and San Cristóbal. */
export const airports = ["UIO", "GYE", "GPS", "SCY"] as const;

const flightTime = detail.time({ unselected: messages.selectFlightTime });

/** A scheduled flight leg, which passengers' flights point at. */
export const flights = referenceCatalogue({
  ...flightsEntry,
  resource: "flights",
  singular: "Flight",
  stream: "flight",
  nameLabel: "detail.flightCode",
  details: [
    { name: "airline", label: "detail.airline", ...referenceTo(airlines), column: true },
    { name: "origin", label: "detail.origin", rule: detail.choice(airports), column: true },
    { name: "destination", label: "detail.destination", rule: detail.choice(airports), column: true },
    { name: "departureTime", label: "detail.departureTime", rule: flightTime, column: true },
    { name: "arrivalTime", label: "detail.arrivalTime", rule: flightTime },
  ],
});

/** The months of a season, each high or low (the rates of issue 16 depend on it). */
export const months = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
] as const;

/** A year's seasons: each month high or low; one per year (`season year unique`). Sales reads them. */
export const seasons = referenceCatalogue({
  ...seasonsEntry,
  resource: "seasons",
  singular: "Season",
  stream: "season",
  nameLabel: "detail.year",
  nameField: yearField(),
  nameTaken: messages.seasonYearTaken,
  details: months.map((month) => ({ name: month, label: `detail.${month}`, rule: detail.choice(["high", "low"]) })),
});

/**
 * The agencies that sell most berths: retailers and wholesalers, their commission (0 to 99 %) and
 * credit. Sales reads them; their own users arrive with the agency role.
 */
export const agencies = referenceCatalogue({
  ...agenciesEntry,
  resource: "agencies",
  singular: "Agency",
  stream: "agency",
  // a few hundred for a real operator: paged and searched on the server (issue 34, item 8)
  paging: { search: ["identificationNumber", "email", "city", "contactName"], sorts: ["type", "country", "city", "commission"] },
  details: [
    { name: "type", label: "detail.agencyType", rule: detail.choice(["retailer", "wholesaler"]), column: true },
    { name: "country", label: "detail.country", ...referenceTo(countries), column: true },
    { name: "city", label: "detail.city", rule: detail.text(textField(80)) },
    {
      name: "commission",
      label: "detail.commission",
      rule: detail.number({ required: true, minimum: 0, maximum: 99, whole: true, outOfRange: messages.numberOutOfRange }),
      column: true,
    },
    {
      name: "credit",
      label: "detail.credit",
      rule: detail.money({ required: false, maximumCents: 99_999_999_999 }),
    },
    { name: "identificationType", label: "detail.identificationType", ...referenceTo(identificationTypes, { required: false }) },
    { name: "identificationNumber", label: "detail.identificationNumber", rule: detail.text(textField(20)) },
    { name: "email", label: "detail.email", rule: detail.text(emailField({ required: false })) },
    // the language its vouchers are written and mailed in (DOMAIN.md section 8); none: Spanish
    { name: "language", label: "detail.documentLanguage", rule: detail.choice(documentLanguages, false) },
    { name: "phone", label: "detail.phone", rule: detail.text(phone) },
    { name: "cellphone", label: "detail.cellphone", rule: detail.text(phone) },
    { name: "fax", label: "detail.fax", rule: detail.text(phone) },
    { name: "address", label: "detail.address", rule: detail.text(textField(300)) },
    { name: "state", label: "detail.state", rule: detail.text(textField(80)) },
    { name: "postalCode", label: "detail.postalCode", rule: detail.text(textField(20)) },
    { name: "contactName", label: "detail.contactName", rule: detail.text(textField(120)) },
    { name: "position", label: "detail.position", rule: detail.text(textField(80)) },
    { name: "skype", label: "detail.skype", rule: detail.text(textField(80)) },
  ],
});

/** The reference data in the menu's order. */
export const referenceData = [
  languages,
  kinds,
  berths,
  identificationTypes,
  countries,
  airlines,
  captains,
  hoteliers,
  guides,
  genders,
  companies,
  flights,
  seasons,
  agencies,
];
