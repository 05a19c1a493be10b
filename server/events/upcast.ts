/**
 * Field names events were stored with before the spec's misspellings stopped at the wire
 * (decision 074), by event type: old name to the name events carry now. Events are never
 * rewritten, so every reader of stored event data renames them here first.
 */
const renamedFields: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "itinerary.create": { avalability: "availability", ofertPrice: "offerPrice", isOfert: "isOffer" },
  "itinerary.update": { avalability: "availability", ofertPrice: "offerPrice", isOfert: "isOffer" },
  "lead.comment": { coments: "comments" },
};

/** A stored event's data with its fields under the names the event carries today. */
export const upcastEventData = (type: string, data: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> => {
  const renames = renamedFields[type];
  if (renames === undefined) return data;
  return Object.fromEntries(Object.entries(data).map(([field, value]) => [renames[field] ?? field, value]));
};
