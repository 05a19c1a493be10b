import { detailValues } from "../../api/details.ts";
import type { RoleName } from "../../api/endpoint.ts";
import { type PassengerRecord, passengerDetails } from "../../api/passengers.ts";
import { passengerFormSource } from "./passengers.ts";
import type { FieldDeclaration } from "../../records/record.ts";
import { agencies, countries, identificationTypes } from "../../records/referenceData.ts";
import { passengersEntry } from "../../records/entries.ts";
import { passengerPath } from "./paths.ts";

/** The labels of the form's fields, by the contract's name. */
export const passengerFieldLabels: Readonly<Record<string, string>> = {
  firstName: "detail.firstName",
  lastName: "detail.lastName",
  identificationTypeId: "detail.identificationType",
  identification: "detail.identification",
  birthday: "detail.birthday",
  countryId: "detail.nationality",
  gender: "detail.gender",
  maritalStatus: "detail.maritalStatus",
  email: "detail.email",
  agencyId: "detail.agency",
  vegetarian: "detail.vegetarian",
  glutenFree: "detail.glutenFree",
  wetsuitSize: "detail.wetsuitSize",
  medical: "detail.medical",
  requirements: "detail.requirements",
  transfers: "detail.transfers",
  payments: "detail.payments",
  notes: "detail.notes",
};

const field = (name: string): FieldDeclaration<PassengerRecord> => {
  const rule = passengerDetails.find((detail) => detail.name === name)?.rule;
  if (rule === undefined) throw new Error(`no passenger detail '${name}'`);
  return { kind: "detail", name, label: passengerFieldLabels[name] ?? name, rule, value: (passenger) => detailValues(passengerDetails, { ...passenger })[name] ?? null };
};

/**
 * Every field, for the staff who read the agencies; an agency user's passengers are its agency's,
 * so its form has no agency, nor has marketing's (which reads no agencies).
 */
const staffFields = passengerDetails.map(({ name }) => field(name));
const agencyFields = staffFields.filter(({ name }) => name !== "agencyId");

const choices = { identificationTypeId: identificationTypes.api.list, countryId: countries.api.list };

/**
 * Passengers (DOMAIN.md sections 7 and 9), under the menu's Operación: staff and agencies read
 * them (an agency its own); admins, sales and agencies register and change them. A passenger's
 * page is its form with the departures they sail and their flight legs.
 */
export const passengers = {
  ...passengersEntry,
  stream: "passenger",
  writers: ["admin", "sales", "agency"] as ReadonlyArray<RoleName>,
  newPath: "/panel/passengers/passenger_new",
  path: passengerPath,
  /** The form's fields and source for a role: only those who read the agencies choose one. */
  form: (role: RoleName | null) =>
    role !== null && agencies.readers.includes(role) ? { fields: staffFields, source: staffSource } : { fields: agencyFields, source: agencySource },
} as const;

const staffSource = passengerFormSource({ ...choices, agencyId: agencies.api.list });
const agencySource = passengerFormSource(choices);
