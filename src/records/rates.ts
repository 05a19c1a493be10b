import { detail } from "../api/details.ts";
import { textField } from "../api/fields.ts";
import { messages } from "../api/messages.ts";
import { IkarusRateEvent, ikarusRateMachine } from "../machines/domain/ikarusRate.machine.ts";
import { type CatalogueOptions, type DetailDeclaration, referenceTo, simpleCatalogue } from "./catalogue.ts";
import { cabinCategories, yachts } from "./fleet.ts";
import { agencies, flights } from "./referenceData.ts";
import { airTicketRatesEntry, charterRatesEntry, contractRatesEntry, familyRoomRatesEntry, generalRatesEntry, ikarusRatesEntry } from "./entries.ts";

/**
 * The rates a departure is sold at (DOMAIN.md section 6), one declaration per type on the
 * catalogue engine: admins write them, sales read them, marketing and agencies never see them
 * (DOMAIN.md section 2). Their calls are the ones DOMAIN.md section 9 fixes: `GET /rates/{type}`,
 * `GET /rates/{type}/{id}`, `POST /rates/createRate/{type}`, `PUT /rates/updateRate/{type}/{id}`,
 * `DELETE /rates/{type}/{id}`. A rate's name says what it is ("Alta 2027 · doble · 4 días"; names
 * may repeat), so the lists show the name, the yacht and the amounts, narrowed by year and yacht.
 * The Ikarus rate has a life of its own (drafted, activated, deactivated: its machine).
 */
const rateCatalogue = (
  type: string,
  options: Pick<CatalogueOptions, "key" | "listPath" | "readers" | "menu" | "stream" | "details"> & Partial<Pick<CatalogueOptions, "filters" | "listFilters" | "lifecycle">>,
) =>
  simpleCatalogue({
    resource: `${type}Rates`,
    singular: "Rate",
    writers: ["admin"],
    newPaths: [`/panel/rates/${type}/rate_new`],
    nameLabel: "detail.rateName",
    nameTaken: null,
    paths: {
      list: `/rates/${type}`,
      get: `/rates/${type}/:id`,
      create: `/rates/createRate/${type}`,
      update: `/rates/updateRate/${type}/:id`,
      remove: `/rates/${type}/:id`,
    },
    yearCopy: `/rates/copyYear/${type}`,
    filters: ["yacht"],
    listFilters: ["year"],
    ...options,
  });

const year: DetailDeclaration = {
  name: "year",
  label: "detail.year",
  rule: detail.number({ required: true, minimum: 2000, maximum: 2100, whole: true }),
};

const yacht: DetailDeclaration = { name: "yacht", label: "detail.yacht", ...referenceTo(yachts), column: true };

/** The length of the cruise the rate is for, as the itineraries count it. */
const days: DetailDeclaration = {
  name: "days",
  label: "detail.days",
  rule: detail.number({ required: true, minimum: 2, maximum: 15, whole: true }),
};

const season: DetailDeclaration = { name: "season", label: "detail.season", rule: detail.choice(["high", "low"]) };

/** The cabin category a general or a contract rate prices. */
const category: DetailDeclaration = { name: "category", label: "detail.category", rule: detail.choice(cabinCategories) };

/** An amount in US dollars, kept in cents: what the client pays, or what the operator nets. */
const amount = (name: string, label: string, column = true): DetailDeclaration => ({
  name,
  label,
  rule: detail.money({ required: true, maximumCents: 999_999_999 }),
  column,
});

/** A discount in whole percent, 0 to 99 (`number 0-99`). */
const discount = (name: string, label: string): DetailDeclaration => ({
  name,
  label,
  rule: detail.number({ required: false, minimum: 0, maximum: 99, whole: true, outOfRange: messages.numberOutOfRange }),
});

const prices = [amount("clientRate", "detail.clientRate"), amount("operatorRate", "detail.operatorRate")];

const discounts = [
  discount("childDiscount", "detail.childDiscount"),
  discount("wholesalerDiscount", "detail.wholesalerDiscount"),
  discount("promotionalDiscount", "detail.promotionalDiscount"),
];

/** A yacht's rate for a length of cruise in a year's season: its prices and discounts. */
const perSeason = [year, yacht, days, season, ...prices, ...discounts];

/** The same, for one cabin category (the general and the agencies' contract rates). */
const perCategory = [year, yacht, days, season, category, ...prices, ...discounts];

/** Per space: by the cabin's category and the season of the departure's month. */
export const generalRates = rateCatalogue("general", {
  ...generalRatesEntry,
  stream: "generalRate",
  details: perCategory,
});

/** A family room, sold whole: per cabin and season. */
export const familyRoomRates = rateCatalogue("familyRoom", {
  ...familyRoomRatesEntry,
  stream: "familyRoomRate",
  details: perSeason,
});

/** The whole yacht for one departure. */
export const charterRates = rateCatalogue("charter", {
  ...charterRatesEntry,
  stream: "charterRate",
  details: perSeason,
});

/** An agency's negotiated rate, which prices its spaces before any other. */
export const contractRates = rateCatalogue("contract", {
  ...contractRatesEntry,
  stream: "contractRate",
  details: [
    { name: "agency", label: "detail.agency", ...referenceTo(agencies), column: true },
    ...perCategory,
  ],
  filters: ["yacht", "agency"],
});

/** A flight leg's fare for the year, adult and child (`flight rate not defined` without one). */
export const airTicketRates = rateCatalogue("airTicket", {
  ...airTicketRatesEntry,
  stream: "airTicketRate",
  details: [
    year,
    { name: "flight", label: "detail.flight", ...referenceTo(flights), column: true },
    amount("adultRate", "detail.adultRate"),
    amount("childRate", "detail.childRate"),
    { name: "notes", label: "detail.notes", rule: detail.text(textField(300)) },
  ],
  filters: ["flight"],
});

/** A number of passengers, 1 to 100. */
const passengers = (name: string, label: string, atLeast?: string): DetailDeclaration => ({
  name,
  label,
  rule: detail.number({ required: true, minimum: 1, maximum: 100, whole: true, ...(atLeast === undefined ? {} : { atLeast }) }),
});

/**
 * A wholesaler's rate per space for a range of passengers (DOMAIN.md section 6), with the tour
 * leader's reduction and the wholesaler's commission. It is drafted, activated after a
 * confirmation and deactivated for a reason, for good (its machine, ikarusRate.machine.ts);
 * only an active one prices a quote.
 */
export const ikarusRates = rateCatalogue("ikarus", {
  ...ikarusRatesEntry,
  stream: "ikarusRate",
  details: [
    // narrowed by the wholesaler's select rather than a column, so the row's actions fit at 1,280 px
    { name: "agency", label: "detail.wholesaler", ...referenceTo(agencies) },
    year,
    yacht,
    days,
    passengers("passengersFrom", "detail.passengersFrom"),
    passengers("passengersTo", "detail.passengersTo", "passengersFrom"),
    amount("clientRate", "detail.clientRate"),
    amount("operatorRate", "detail.operatorRate", false),
    discount("childDiscount", "detail.childDiscount"),
    discount("tourLeaderReduction", "detail.tourLeaderReduction"),
    discount("commission", "detail.commission"),
    { name: "comment", label: "detail.comment", rule: detail.text(textField(300)) },
  ],
  filters: ["yacht", "agency"],
  lifecycle: {
    machine: ikarusRateMachine,
    events: IkarusRateEvent,
    states: ["draft", "active", "deactivated"],
    stamps: [
      { name: "activatedAt", label: "detail.activatedAt", date: true, column: true },
      { name: "deactivatedAt", label: "detail.deactivatedAt", date: true, column: false },
      { name: "deactivationReason", label: "detail.deactivationReason", date: false, column: false },
    ],
    commands: [
      {
        command: {
          name: "activate",
          path: "/rates/activateIkarusRate/:id",
          event: "ikarusRate.activate",
          reason: false,
          description: "Activates a draft Ikarus rate: quotes for its wholesaler use it from now on; the date is stamped.",
        },
        kind: "activate",
        title: "ikarus.activateTitle",
      },
      {
        command: {
          name: "deactivate",
          path: "/rates/deactivateIkarusRate/:id",
          event: "ikarusRate.deactivate",
          reason: true,
          description: "Deactivates an active Ikarus rate for a `reason` (required), for good; the date is stamped.",
        },
        kind: "deactivate",
        title: "ikarus.deactivateTitle",
      },
    ],
  },
});

/** The rates in the menu's order. */
export const rates = [generalRates, familyRoomRates, charterRates, contractRates, airTicketRates, ikarusRates];
