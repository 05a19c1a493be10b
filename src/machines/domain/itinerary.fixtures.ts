import { domainFixtures } from "../shared/fixtures.ts";
import { type ItineraryFacts, type ItineraryFields, itineraryMachine } from "./itinerary.machine.ts";

const decided: ItineraryFacts = { fieldProblem: null, isOfferAbovePrice: false, hasUnavailableItem: false };

const sampleFields: ItineraryFields = {
  name: "Quilotoa y Baños",
  days: "3 días / 2 noches",
  description: "Laguna del Quilotoa y cascadas de Baños.",
  availability: "Todo el año",
  price: 320,
  offerPrice: 289.5,
  isOffer: true,
  destinationType: "national",
  region: "Sierra",
  servicesIncluded: ["Traslados", "Alojamiento"],
  departureFrom: ["Quito"],
  feeding: [1],
  activities: [],
  courtesy: [2],
  image: `uploads/tiptops/${"a".repeat(64)}.png`,
  imageAlt: "La laguna del Quilotoa desde el mirador",
  nameEn: "Quilotoa and Baños",
  daysEn: "3 days / 2 nights",
  descriptionEn: "Quilotoa lagoon and the waterfalls of Baños.",
  imageAltEn: "Quilotoa lagoon from the lookout",
};

export const fixtures = domainFixtures({
  id: "domain.itinerary",
  machine: itineraryMachine,
  events: [
    { type: "itinerary.create", ...sampleFields },
    { type: "itinerary.update", ...sampleFields, isOffer: false, offerPrice: null },
    { type: "itinerary.delete" },
  ],
  facts: [
    decided,
    { ...decided, fieldProblem: "required" },
    { ...decided, fieldProblem: "invalid" },
    { ...decided, isOfferAbovePrice: true },
    { ...decided, hasUnavailableItem: true },
  ],
});
