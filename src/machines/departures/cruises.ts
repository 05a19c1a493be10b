import { Schema } from "effect";
import type { ApiClient } from "../../api/client.ts";
import { type Cruise, type CruiseDraft, createCruise, cruiseDetails, cruiseDraftProblems, getCruise, updateCruise } from "../../api/cruises.ts";
import type { CatalogueEndpoints } from "../../api/catalogues.ts";
import { CruiseId } from "../../api/ids.ts";
import { messages } from "../../api/messages.ts";
import { type CatalogueChoices, detailPayloadValue, type FieldValues } from "../catalogues/catalogues.ts";
import { loadWithChoices } from "../shared/formChoices.ts";
import { createRecordFormMachine, type FormSource } from "../shared/recordForm.machine.ts";

const cruiseId = Schema.decodeSync(CruiseId);

/** The form's values as `createCruise` sends them: each field as its declared rule reads it. */
export const cruiseDraftOf = (values: FieldValues): CruiseDraft =>
  Object.fromEntries(cruiseDetails.map(({ name, rule }) => [name, detailPayloadValue(rule, values, name)]));

/**
 * A departure's form (DOMAIN.md section 4): its fields' rules are the contract's (the same the
 * cruise machine refuses with), the references offer the catalogues' live items (`choices`, the
 * list call of each field's catalogue, by field name; `groups` the lists a reference's items are
 * grouped under, the itineraries under their yacht).
 */
export const cruiseFormSource = (
  choices: Readonly<Record<string, CatalogueEndpoints["list"]>>,
): FormSource<Cruise, CatalogueChoices, FieldValues> => ({
  load: (client: ApiClient, id) => loadWithChoices(client, choices, id === null ? null : client.call(getCruise, { params: { id: cruiseId(id) } })),
  problems: (values) => cruiseDraftProblems({ ...cruiseDraftOf(values) }),
  answeredFields: { [messages.departureOverlaps]: "startDate" },
  save: (client, { id, version, draft }) => {
    const body = cruiseDraftOf(draft);
    if (id === null) return client.call(createCruise, { body });
    return client.call(updateCruise, { params: { id: cruiseId(id) }, body: { ...body, version } });
  },
});

/** The departure's form flow: the generic record form, typed for departures. */
export const cruiseFormMachine = createRecordFormMachine<Cruise, CatalogueChoices, FieldValues>();
