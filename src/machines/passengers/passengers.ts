import { Schema } from "effect";
import type { CatalogueEndpoints } from "../../api/catalogues.ts";
import type { ApiClient } from "../../api/client.ts";
import { PassengerId } from "../../api/ids.ts";
import { messages } from "../../api/messages.ts";
import {
  createPassenger,
  getPassenger,
  type PassengerDraft,
  type PassengerRecord,
  passengerDetails,
  passengerDraftProblems,
  updatePassenger,
} from "../../api/passengers.ts";
import { type CatalogueChoices, detailPayloadValue, type FieldValues } from "../catalogues/catalogues.ts";
import { loadWithChoices } from "../shared/formChoices.ts";
import { createRecordFormMachine, type FormSource } from "../shared/recordForm.machine.ts";

const passengerId = Schema.decodeSync(PassengerId);

/** The form's values as `createPassenger` sends them: each field as its declared rule reads it. */
export const passengerDraftOf = (values: FieldValues): PassengerDraft =>
  Object.fromEntries(passengerDetails.map(({ name, rule }) => [name, detailPayloadValue(rule, values, name)]));

/** Today in the browser, `YYYY-MM-DD`: a birthday after it is refused before it is sent (the server judges with its own clock). */
const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * A passenger's form (DOMAIN.md section 7): its fields' rules are the contract's (the same the
 * passenger machine refuses with); the references offer the catalogues' live items (`choices`, the
 * list call of each field's catalogue, by field name: an agency user's form has no agency field).
 */
export const passengerFormSource = (
  choices: Readonly<Record<string, CatalogueEndpoints["list"]>>,
): FormSource<PassengerRecord, CatalogueChoices, FieldValues> => ({
  load: (client: ApiClient, id) => loadWithChoices(client, choices, id === null ? null : client.call(getPassenger, { params: { id: passengerId(id) } })),
  problems: (values) => passengerDraftProblems({ ...passengerDraftOf(values) }, today()),
  answeredFields: { [messages.passengerIdentificationTaken]: "identification" },
  save: async (client, { id, version, draft }) => {
    const body = passengerDraftOf(draft);
    if (id !== null) return client.call(updatePassenger, { params: { id: passengerId(id) }, body: { ...body, version } });
    await client.call(createPassenger, { body });
    return messages.created;
  },
  afterSave: "reload",
});

/** The passenger's form flow: the generic record form, typed for passengers. */
export const passengerFormMachine = createRecordFormMachine<PassengerRecord, CatalogueChoices, FieldValues>();
