import type { Cruise } from "../../api/cruises.ts";
import { type CruiseDocumentName, cruiseDocumentNames, getCruiseDocument, getVoucher } from "../../api/documents.ts";
import { cruiseDetails } from "../../api/cruises.ts";
import { detail, detailValues } from "../../api/details.ts";
import { type RoleName, staffRoles } from "../../api/endpoint.ts";
import { cruiseFormSource } from "./cruises.ts";
import { departureTabPath } from "./paths.ts";
import { type CruiseEvent, cruiseMachine } from "../domain/cruise.machine.ts";
import { takes } from "../shared/takes.ts";
import { cruiseItineraries, yachts } from "../../records/fleet.ts";
import type { FieldDeclaration } from "../../records/record.ts";
import { captains, guides, hoteliers, languages } from "../../records/referenceData.ts";
import { departuresEntry } from "../../records/entries.ts";

/** The tabs of a departure's page (DOMAIN.md section 8), in their order: its documents after the first two. */
export const cruiseTabs = ["reservations", "edit", "passengers", "ingala", "gpsTax", "servicesOrder", "voucher", "flights", "zarpe"] as const;
export type CruiseTab = (typeof cruiseTabs)[number];

const isDocument = (tab: CruiseTab): tab is CruiseDocumentName => cruiseDocumentNames.some((name) => name === tab);

const sessionRoles = (access: typeof getCruiseDocument.access | typeof getVoucher.access): ReadonlyArray<RoleName> =>
  access.kind === "session" ? access.roles : [];

/**
 * Who sees a tab: every staff role a departure's reservations and form, admin and sales its
 * documents, the staff who read vouchers its reservations' vouchers.
 */
export const tabReaders = (tab: CruiseTab): ReadonlyArray<RoleName> =>
  isDocument(tab)
    ? sessionRoles(getCruiseDocument.access)
    : tab === "voucher"
      ? staffRoles.filter((role) => sessionRoles(getVoucher.access).includes(role))
      : staffRoles;

/** The labels of the form's fields, by the contract's name. */
const labels: Readonly<Record<string, string>> = {
  yachtId: "detail.yacht",
  cruiseItineraryId: "detail.cruiseItinerary",
  startDate: "detail.startDate",
  guideIds: "detail.guides",
  languageIds: "detail.languages",
  captainId: "detail.captain",
  hotelierId: "detail.hotelier",
  notes: "detail.notes",
};

/**
 * The form's fields: the contract's rules with their labels; the itinerary is offered grouped
 * under its yacht (its `yacht` detail), as departures sail one yacht's itineraries.
 */
const fields: ReadonlyArray<FieldDeclaration<Cruise>> = cruiseDetails.map(({ name, rule }) => ({
  kind: "detail",
  name,
  label: labels[name] ?? name,
  rule: name === "cruiseItineraryId" ? detail.reference("cruiseItineraries", { within: "yacht" }) : rule,
  value: (cruise) => detailValues(cruiseDetails, { ...cruise })[name] ?? null,
}));

/**
 * Departures (DOMAIN.md sections 4 and 9), under the menu's Operación: admins schedule, change and
 * cancel them; marketing and sales read them. Their screen is a month's calendar or table
 * (src/ui/departures/DeparturesView.tsx); a departure's page has its tabs at
 * `/panel/cruises/{id}/{tab}`.
 */
export const departures = {
  ...departuresEntry,
  stream: "cruise",
  writers: ["admin"] as ReadonlyArray<RoleName>,
  newPath: "/panel/cruises/cruise_new",
  tabPath: departureTabPath,
  fields,
  /**
   * Whether the cruise machine takes the event in the departure's state, as the panel asks before it
   * offers a button or an editable form: a canceled departure offers neither.
   */
  offers: (cruise: Cruise, event: CruiseEvent["type"]): boolean =>
    takes(cruiseMachine, cruise.state, { type: event } as Parameters<typeof takes<typeof cruiseMachine>>[2]),
  formSource: cruiseFormSource({
    yachtId: yachts.api.list,
    cruiseItineraryId: cruiseItineraries.api.list,
    guideIds: guides.api.list,
    languageIds: languages.api.list,
    captainId: captains.api.list,
    hotelierId: hoteliers.api.list,
    // the itineraries' groups: their yachts
    yacht: yachts.api.list,
  }),
} as const;
