import { Schema } from "effect";
import type { Cruise } from "../../api/cruises.ts";
import type { Banner } from "../../api/home.ts";
import { BannerId, CallActionId, CatalogueItemId, CruiseId, ItineraryId, LeadId, PassengerId, ReservationId, RoleId, UserId } from "../../api/ids.ts";
import type { Itinerary } from "../../api/itineraries.ts";
import type { Lead } from "../../api/leads.ts";
import type { Passenger } from "../../api/passengers.ts";
import { messages } from "../../api/messages.ts";
import { Refusal, RefusalSummary } from "../../api/refusals.ts";
import type { ReservationSummary } from "../../api/reservations.ts";
import type { User } from "../../api/users.ts";
import type { BannerDraft, CallActionDraft } from "../home/home.ts";
import type { ItineraryDraft } from "../catalogues/itineraries.ts";

/**
 * Sample records shared by several `*.fixtures.ts` files. Test data: only fixtures and tests
 * import this module, never the panel (tests/layout/imports.test.ts checks it).
 */

/** Ids for test data: decoding is how a number becomes an id (a number out of range throws). */
export const userId = Schema.decodeSync(UserId);
export const roleId = Schema.decodeSync(RoleId);
export const leadId = Schema.decodeSync(LeadId);
export const itineraryId = Schema.decodeSync(ItineraryId);
export const bannerId = Schema.decodeSync(BannerId);
export const callActionId = Schema.decodeSync(CallActionId);
export const catalogueItemId = Schema.decodeSync(CatalogueItemId);

export const sampleUser: User = {
  id: userId(4),
  first_name: "Luis",
  last_name: "Mora",
  email: "luis@example.com",
  role_id: roleId(2),
  user_rol: { id: roleId(2), name: "marketing" },
  agency_id: null,
  active: true,
  version: 3,
};

export const salesUser: User = {
  ...sampleUser,
  id: userId(5),
  first_name: "Pedro",
  last_name: "Vélez",
  role_id: roleId(3),
  user_rol: { id: roleId(3), name: "sales" },
  agency_id: null,
};

/** A lead as GET /leads/{id} answers it, with one follow-up note. */
export const sampleLead: Lead = {
  id: leadId(12),
  createdAt: "2026-03-14T15:30:00.000Z",
  firstName: "Marta",
  lastName: "Quispe",
  message: "Quisiera cotizar un crucero de 8 días.",
  email: "marta@example.com",
  country: "Perú",
  phone: "+51 999 888 777",
  lead_user: null,
  yachtName: null,
  details: null,
  notes: [
    {
      comments: "Llamada realizada.",
      createdAt: "2026-03-15T10:00:00.000Z",
      author: { firstName: "Ana", lastName: "Ruiz" },
    },
  ],
};

export const sampleItinerary: Itinerary = {
  id: itineraryId(9),
  name: "Quilotoa",
  days: "2 días",
  description: "Laguna y páramo",
  availability: "Todo el año",
  price: 180,
  offerPrice: null,
  isOffer: false,
  type: "national",
  region: "Sierra",
  servicesIncluded: ["Traslados"],
  feeding: [{ id: catalogueItemId(3), name: "Desayuno" }],
  activities: [],
  courtesy: [],
  departureFrom: ["Quito"],
  image: "uploads/tiptops/quilotoa.png",
  imageAlt: "La laguna del Quilotoa",
  nameEn: "Quilotoa",
  daysEn: "2 days",
  descriptionEn: "Lagoon and páramo",
  imageAltEn: "Quilotoa lagoon",
  version: 2,
};

export const completeDraft: ItineraryDraft = {
  name: "Quilotoa",
  days: "2 días",
  description: "",
  availability: "Todo el año",
  price: "180",
  isOffer: true,
  offerPrice: "150",
  region: "Sierra",
  servicesIncluded: ["Traslados"],
  departureFrom: ["Quito"],
  feeding: [3],
  activities: [],
  courtesy: [],
  imageAlt: "",
  nameEn: "Quilotoa",
  daysEn: "",
  descriptionEn: "",
  imageAltEn: "",
  language: "es",
};

export const blankDraft: ItineraryDraft = {
  ...completeDraft,
  name: " ",
  price: "-1",
  region: "",
  servicesIncluded: [],
  departureFrom: [],
};

export const sampleImage = new Blob(["not really a png"], { type: "image/png" });

/** A banner form with its title in both languages and no texts or images otherwise. */
export const bannerDraft: BannerDraft = {
  title: "Galápagos",
  text: "",
  textTwo: "",
  titleEn: "Galápagos",
  textEn: "",
  textTwoEn: "",
  imageAlts: [],
  imageAltsEn: [],
  active: true,
};

/** A complete call-to-action form, its English texts left blank. */
export const callActionDraft: CallActionDraft = {
  title: "Cotice su viaje",
  text: "Le respondemos.",
  buttonLabel: "Escríbanos",
  titleEn: "",
  textEn: "",
  buttonLabelEn: "",
  link: "https://example.com",
  active: true,
};

export const sampleBanner: Banner = {
  id: bannerId(2),
  type: "banner",
  title: "Galápagos",
  text: "Cruceros de 4 a 8 días",
  textTwo: "",
  titleEn: "Galápagos",
  textEn: "Cruises of 4 to 8 days",
  textTwoEn: "",
  images: ["uploads/home_page/a.png", "uploads/home_page/b.png"],
  imageAlts: ["Un yate en Bartolomé", ""],
  imageAltsEn: ["A yacht at Bartolomé", ""],
  page: "home",
  active: true,
  version: 4,
};

/** A June departure of the Explorer with some berths held, as the departures list shows it. */
export const sampleCruise: Cruise = {
  id: Schema.decodeSync(CruiseId)(7),
  code: "GEX-20300606",
  yachtId: 2,
  yachtName: "Galápagos Explorer",
  yachtColour: "#1e6091",
  cruiseItineraryId: 4,
  cruiseItineraryName: "Norte 4 días",
  days: 4,
  nights: 3,
  startDate: "2030-06-06",
  endDate: "2030-06-09",
  guideIds: [],
  languageIds: [],
  captainId: null,
  hotelierId: null,
  notes: "",
  state: "scheduled",
  cancelReason: null,
  availability: { capacity: 16, held: 2, confirmed: 4, waiting: 0, free: 10, status: "available" },
  version: 1,
};

/** A held reservation of a June departure, as the reservations list shows it. */
export const sampleReservation: ReservationSummary = {
  id: Schema.decodeSync(ReservationId)(31),
  code: "RES-0031",
  cruiseId: Schema.decodeSync(CruiseId)(7),
  cruiseCode: "GEX-20300606",
  yachtName: "Galápagos Explorer",
  startDate: "2030-06-06",
  agencyId: 3,
  agencyName: "Cuenca Travel",
  type: "general",
  executive: null,
  state: "reserved",
  timeLimit: "2030-03-03T17:00:00.000Z",
  extensions: 0,
  spaces: 2,
  price: { total: 7202.5, commission: 720.25, net: 6482.25 },
  createdAt: "2030-03-01T10:00:00.000Z",
  version: 1,
};

/** A passenger as the passengers list shows it. */
export const samplePassenger: Passenger = {
  id: Schema.decodeSync(PassengerId)(12),
  firstName: "Lucía",
  lastName: "Andrade",
  identificationTypeId: 1,
  identificationTypeName: "Pasaporte",
  identification: "AB123456",
  birthday: "1985-04-12",
  countryId: 2,
  countryName: "Estados Unidos",
  countryEnglishName: "United States",
  gender: "female",
  maritalStatus: null,
  email: "lucia@example.com",
  agencyId: 3,
  agencyName: "Cuenca Travel",
  vegetarian: false,
  glutenFree: false,
  wetsuitSize: null,
  medical: "",
  requirements: "",
  transfers: "",
  payments: "",
  notes: "",
  version: 1,
};

/** A reservation's hold refused by its gender rule on departure 3, as the refusal lists show it. */
export const sampleRefusalSummary: RefusalSummary = Schema.decodeUnknownSync(RefusalSummary)({
  id: 1,
  at: "2030-03-01T09:00:00.000Z",
  caller: { userId: 2, name: "Ana Vera", role: "sales", agencyId: null, agencyName: null },
  stream: "reservation",
  streamId: null,
  command: "reservation.hold",
  machine: "reservation",
  guard: "isGenderNotAllowed",
  message: messages.genderNotAllowed,
  rule: "Refused: a cabin shared with another reservation of another adult space type ('gender not allowed').",
  cruiseId: 3,
});

/** The same refusal opened: what the record and the cabins held when it was refused. */
export const sampleRefusal: Refusal = Schema.decodeUnknownSync(Refusal)({ ...sampleRefusalSummary, state: null, data: {}, facts: {}, cabins: [] });
