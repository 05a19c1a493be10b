import type { CatalogueItemPayload } from "../../src/api/catalogues.ts";
import { tableOf } from "../catalogues/storage.ts";
import { andeanPactCodes, countryCodes } from "../../src/api/countries.ts";
import {
  agencies,
  airlines,
  berths,
  captains,
  companies,
  countries,
  flights,
  genders,
  guides,
  hoteliers,
  identificationTypes,
  kinds,
  languages,
  months,
  seasons,
} from "../../src/records/referenceData.ts";
import { createUser } from "../accounts/users.ts";
import { roleIds } from "../../src/machines/domain/user.machine.ts";
import { createItem, createListItems, listItems } from "../catalogues/items.ts";
import { newImageValue } from "../../src/api/details.ts";
import { catalogues } from "../../src/records/index.ts";
import { idOf, idsByName } from "./byName.ts";
import { companyEmblem } from "./yachtPages.ts";
import type { CatalogueRecord } from "../catalogues/projection.ts";
import type { Queryable } from "../db/database.ts";
import { queryCount } from "../db/rows.ts";
import type { CommandOptions } from "../events/command.ts";

const spanish = new Intl.DisplayNames(["es"], { type: "region" });
const english = new Intl.DisplayNames(["en"], { type: "region" });

/** Every country of the reference list, named in both languages (Intl.DisplayNames). */
const countryItems = (): ReadonlyArray<CatalogueItemPayload> =>
  countryCodes.map((code) => ({
    name: spanish.of(code) ?? code,
    englishName: english.of(code) ?? code,
    code,
    andeanPact: andeanPactCodes.includes(code),
  }));

/**
 * The lists every operator needs before anyone types a thing (SPEC.md section 3, DOMAIN.md section
 * 3): the countries, the languages, the identification documents and the space types (named
 * in both languages, decisions 080 and 084) with
 * the Galápagos park entrance tax in force since August 2024 (US$ 200 / 100 / 30 for a foreign,
 * Andean Community or Ecuadorian adult; half for a child).
 */
export const referenceLists: ReadonlyArray<{ readonly catalogue: CatalogueRecord; readonly items: () => ReadonlyArray<CatalogueItemPayload> }> = [
  { catalogue: countries, items: countryItems },
  {
    catalogue: languages,
    items: () => [
      { name: "Alemán", englishName: "German", initials: "ALM" },
      { name: "Español", englishName: "Spanish", initials: "ESP" },
      { name: "Francés", englishName: "French", initials: "FRA" },
      { name: "Inglés", englishName: "English", initials: "ING" },
      { name: "No aplica", englishName: "Not applicable", initials: "NA" },
    ],
  },
  {
    catalogue: identificationTypes,
    items: () => [
      { name: "Cédula de identidad", englishName: "Identity card", appliesTo: "passenger" },
      { name: "Pasaporte", englishName: "Passport", appliesTo: "passenger" },
      { name: "RUC", englishName: "Tax number (RUC)", appliesTo: "agency" },
    ],
  },
  {
    catalogue: genders,
    items: () => [
      { name: "Hombre adulto", englishName: "Male Adult", initials: "MA", gpsTaxNational: 30, gpsTaxForeign: 200, gpsTaxAndean: 100, sex: "male" },
      { name: "Mujer adulta", englishName: "Female Adult", initials: "FA", gpsTaxNational: 30, gpsTaxForeign: 200, gpsTaxAndean: 100, sex: "female" },
      { name: "Niño", englishName: "Child", initials: "CH", gpsTaxNational: 15, gpsTaxForeign: 100, gpsTaxAndean: 50, child: true },
    ],
  },
];

/**
 * Loads each reference list into its catalogue while the catalogue has never held an item, on
 * every start: a new install gets them, and so does one that existed before the catalogue did.
 */
export const seedReferenceLists = async (tx: Queryable, options: CommandOptions): Promise<void> => {
  for (const { catalogue, items } of referenceLists) {
    if ((await queryCount(tx, `select count(*)::int as count from ${tableOf(catalogue)}`)) > 0) continue;
    await createListItems(
      tx,
      catalogue,
      items().map((item) => ({ ...item, active: true })),
      options,
    );
  }
};

/** The demo's fleet reference data: what a Galápagos operator would recognise. */
export const seedDemoReferenceData = async (tx: Queryable, options: CommandOptions): Promise<void> => {
  const create = (catalogue: CatalogueRecord, item: CatalogueItemPayload) => createItem(tx, catalogue, { active: true, ...item }, options);
  for (const item of [
    { name: "Yate a motor", englishName: "Motor yacht", initials: "MY" },
    { name: "Catamarán", englishName: "Catamaran", initials: "CAT" },
    { name: "Barco de expedición", englishName: "Expedition ship", initials: "EXP" },
  ]) {
    await create(kinds, item);
  }
  for (const item of [
    { name: "Cama individual", englishName: "Single bed", capacity: 1 },
    { name: "Cama matrimonial", englishName: "Double bed", capacity: 2 },
    { name: "Litera", englishName: "Bunk bed", capacity: 1 },
    { name: "Sofá cama", englishName: "Sofa bed", capacity: 1, active: false },
  ]) {
    await create(berths, item);
  }
  for (const item of [
    { name: "Avianca", code: "AV" },
    { name: "LATAM Airlines", code: "LA" },
    { name: "Equair", code: "EQ" },
  ]) {
    await create(airlines, item);
  }
  for (const item of [
    { name: "Fausto", lastName: "Gil", phone: "+593 5 252 6401" },
    { name: "Wilson", lastName: "Cabrera", phone: "+593 5 252 6402" },
    { name: "Jaime", lastName: "Villacís", phone: "+593 5 252 6403" },
    { name: "Marco", lastName: "Jaramillo", phone: "+593 5 252 6404" },
  ]) {
    await create(captains, item);
  }
  for (const item of [
    { name: "Servicios Hoteleros Santa Cruz", contact: "María Chávez, +593 5 252 6500" },
    { name: "Galápagos Catering", contact: "Pedro Andrade, +593 5 252 6510" },
  ]) {
    await create(hoteliers, item);
  }
  const spanishId = await idOf(tx, languages, "Español");
  const englishId = await idOf(tx, languages, "Inglés");
  const germanId = await idOf(tx, languages, "Alemán");
  const frenchId = await idOf(tx, languages, "Francés");
  for (const item of [
    { name: "Juan", lastName: "Salcedo", identificationCard: "2000123456", level: "III", languages: [spanishId, englishId, germanId] },
    { name: "Ana", lastName: "Guerrero", identificationCard: "2000234567", level: "III", languages: [spanishId, englishId] },
    { name: "Diego", lastName: "Moreno", identificationCard: "2000345678", level: "II", languages: [spanishId, englishId, frenchId] },
    { name: "Lucía", lastName: "Pazmiño", identificationCard: "2000456789", level: "II", languages: [spanishId, englishId] },
    { name: "Carlos", lastName: "Ortiz", identificationCard: "2000567890", level: "I", languages: [spanishId] },
  ]) {
    await create(guides, { phone: "+593 99 000 0000", email: `${item.name.toLowerCase()}.guia@example.com`, ...item });
  }
};

/** High season in the Galápagos: Christmas to Easter, and the northern summer holidays. */
const highMonths = new Set(["january", "february", "march", "april", "june", "july", "august", "december"]);

/** A demo agency's email, also its demo user's: `reservas@ikarustours.example.com`. */
const agencyEmail = (name: string): string =>
  `reservas@${name.normalize("NFD").toLowerCase().replaceAll(/[^a-z]+/g, "")}.example.com`;

/**
 * One user per demo agency (DOMAIN.md section 2), signing in with the demo password at the
 * agency's email, named after its contact.
 */
export const seedDemoAgencyUsers = async (tx: Queryable, options: CommandOptions, passwordHash: string): Promise<void> => {
  for (const agency of await listItems(tx, agencies)) {
    const [firstName = agency.name, ...rest] = String(agency.contactName ?? "").split(" ");
    const user = { firstName, lastName: rest.join(" ") || agency.name, email: agencyEmail(agency.name), roleId: roleIds.agency };
    await createUser(tx, { ...user, agencyId: agency.id, active: true, passwordHash }, options);
  }
};

/** The demo's company, flights, this year's and next year's seasons and ten agencies. */
export const seedDemoSales = async (tx: Queryable, options: CommandOptions, now: Date): Promise<void> => {
  const create = (catalogue: CatalogueRecord, item: CatalogueItemPayload) => createItem(tx, catalogue, { active: true, ...item }, options);
  // the logos the vouchers and reports show: the emblem wide, and alone as the icon
  const logos = [companyEmblem(true), companyEmblem(true), companyEmblem(false)];
  const company = {
    name: "Galápagos Islas Cruceros S.A.",
    commercialName: "Islas Cruceros",
    code: "GIC",
    ruc: "1791234567001",
    email: "operaciones@example.com",
    contactPhone: "+593 2 255 0100",
    beneficiaryBank: "Banco del Pichincha",
    accountNumber: "2100123456",
    accountType: "current",
    address: "Av. Amazonas N24-03 y Colón, Quito",
    billingInformation: "Galápagos Islas Cruceros S.A., RUC 1791234567001, Av. Amazonas N24-03, Quito",
    logo: newImageValue(0),
    principalLogo: newImageValue(1),
    icon: newImageValue(2),
  };
  await createItem(tx, companies, { active: true, ...company }, options, catalogues, logos);
  const airline = async (name: string) => idOf(tx, airlines, name);
  const avianca = await airline("Avianca");
  const latam = await airline("LATAM Airlines");
  for (const [name, airlineId, origin, destination, departureTime, arrivalTime] of [
    ["AV1630", avianca, "UIO", "GPS", "07:50", "11:35"],
    ["AV1631", avianca, "GPS", "UIO", "12:25", "15:55"],
    ["LA1432", latam, "GYE", "SCY", "09:40", "10:55"],
    ["LA1433", latam, "SCY", "GYE", "11:45", "14:50"],
    ["LA1436", latam, "UIO", "SCY", "08:10", "11:15"],
    ["AV1634", avianca, "GYE", "GPS", "09:30", "10:35"],
  ] as const) {
    await create(flights, { name, airline: airlineId, origin, destination, departureTime, arrivalTime });
  }
  const year = now.getUTCFullYear();
  for (const seasonYear of [year, year + 1]) {
    await create(seasons, {
      name: String(seasonYear),
      ...Object.fromEntries(months.map((month) => [month, highMonths.has(month) ? "high" : "low"])),
    });
  }
  const demoAgencies = [
    ["Ikarus Tours", "wholesaler", "DE", "Múnich", 30, 50_000, "Klaus Weber"],
    ["Andean Travel Company", "wholesaler", "US", "Miami", 25, 30_000, "Sarah Miller"],
    ["Voyages Équateur", "wholesaler", "FR", "París", 25, 20_000, "Claire Dubois"],
    ["Metropolitan Touring Agencia", "retailer", "EC", "Quito", 15, 10_000, "Andrés Cevallos"],
    ["Guayaquil Viajes", "retailer", "EC", "Guayaquil", 12, 5_000, "Mónica Rivera"],
    ["Cuenca Travel", "retailer", "EC", "Cuenca", 12, 3_000, "Pablo Ordóñez"],
    ["Lima Expediciones", "retailer", "PE", "Lima", 15, 5_000, "Rosa Quispe"],
    ["Bogotá Destinos", "retailer", "CO", "Bogotá", 15, 5_000, "Camilo Restrepo"],
    ["Nature Holidays UK", "wholesaler", "GB", "Londres", 25, 25_000, "Emma Clarke"],
    ["Patagonia & Galápagos", "retailer", "AR", "Buenos Aires", 15, 0, "Lucas Fernández"],
  ] as const;
  // the countries looked up once: each agency written makes the catalogues be read again
  const countryIds = await idsByName(tx, tableOf(countries), demoAgencies.map(([, , code]) => spanish.of(code) ?? code));
  const ruc = await idOf(tx, identificationTypes, "RUC");
  for (const [index, [name, type, code, city, commission, credit, contactName]] of demoAgencies.entries()) {
    await create(agencies, {
      name,
      type,
      country: countryIds[index],
      city,
      commission,
      credit,
      identificationType: ruc,
      identificationNumber: `${code}-${name.length}0001`,
      email: agencyEmail(name),
      // the agencies abroad that do not sell in Spanish read their vouchers in English
      language: ["US", "GB", "DE", "FR"].includes(code) ? "en" : "es",
      phone: "+593 2 255 0000",
      contactName,
      position: "Gerente de ventas",
    });
  }
};
