import type { ApiClient } from "../../api/client.ts";
import type { CatalogueItem } from "../../api/catalogues.ts";
import { CruiseId } from "../../api/ids.ts";
import { listPassengers, type Passenger } from "../../api/passengers.ts";
import { type CruiseCabin, cruiseCabins, type Reservation } from "../../api/reservations.ts";

// Every catalogue's declaration comes with a dialog's first call, not with the reservation's page
// that hands the lookups over.
const referenceData = () => import("../../records/referenceData.ts");

/** The passengers a search offers at once. */
const OFFERED = 50;

/** What adding a cabin offers: the departure's cabins and the space types. */
export interface CabinChoices {
  readonly cabins: ReadonlyArray<CruiseCabin>;
  readonly types: ReadonlyArray<CatalogueItem>;
}

/** What a new passenger's dialog offers: the identification types and the countries, live ones only. */
export interface PassengerChoices {
  readonly identificationTypes: ReadonlyArray<CatalogueItem>;
  readonly countries: ReadonlyArray<CatalogueItem>;
}

/**
 * The calls a reservation page's dialogs make while they are open, handed to them by the page's
 * machine with the question: the dialogs draw and ask, the calls stay in the machines' layer
 * with the one client, and a failure reaches the dialog as a rejected promise it shows.
 */
export interface BookingLookups {
  /** The cabins a cabin may be added from, and the space types to count. */
  readonly cabinChoices: () => Promise<CabinChoices>;
  /** The passengers of the reservation's agency (all, for a direct client) whose names, identification or email hold `words`. */
  readonly searchPassengers: (words: string) => Promise<ReadonlyArray<Passenger>>;
  /** The identification types and countries a new passenger chooses from. */
  readonly passengerChoices: () => Promise<PassengerChoices>;
}

export const bookingLookups = (client: ApiClient, reservation: Reservation): BookingLookups => ({
  cabinChoices: async () => {
    const { genders } = await referenceData();
    const [cabins, types] = await Promise.all([
      client.call(cruiseCabins, { params: { id: CruiseId.make(reservation.cruiseId) } }),
      client.call(genders.api.list),
    ]);
    return { cabins, types };
  },
  searchPassengers: async (words) => {
    const answer = await client.request(listPassengers, {
      query: { pageSize: OFFERED, ...(words === "" ? {} : { q: words }), ...(reservation.agencyId === null ? {} : { agencyId: reservation.agencyId }) },
    });
    return answer.data;
  },
  passengerChoices: async () => {
    const { countries, identificationTypes } = await referenceData();
    const [types, all] = await Promise.all([client.call(identificationTypes.api.list), client.call(countries.api.list)]);
    return { identificationTypes: types.filter((item) => item.active), countries: all.filter((item) => item.active) };
  },
});
