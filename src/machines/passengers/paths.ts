import { passengersEntry } from "../../records/entries.ts";

/**
 * A passenger's page, `/panel/passengers/{id}`: apart from the passengers' declaration so that a
 * screen linking to a passenger (a reservation's page) loads without it and its reference data.
 */
export const passengerPath = (id: number | string): string => `${passengersEntry.listPath}/${id}`;
