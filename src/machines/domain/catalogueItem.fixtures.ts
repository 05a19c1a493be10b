import { messages } from "../../api/messages.ts";
import { domainFixtures } from "../shared/fixtures.ts";
import { type CatalogueItemFacts, catalogueItemMachine } from "./catalogueItem.machine.ts";

const decided: CatalogueItemFacts = {
  fieldProblem: null,
  declaredRefusal: null,
  nameTaken: null,
  isInUse: false,
};

/** The facts a create or an edit is decided with: accepted, and each refusal of the form's rules. */
export const formFacts: ReadonlyArray<CatalogueItemFacts> = [
  decided,
  { ...decided, fieldProblem: "required" },
  { ...decided, fieldProblem: "invalid" },
  { ...decided, fieldProblem: "invalidEmail" },
  { ...decided, declaredRefusal: messages.numberOutOfRange },
  { ...decided, declaredRefusal: messages.gpsTaxBelowZero },
  { ...decided, declaredRefusal: messages.selectCompany },
  { ...decided, declaredRefusal: messages.selectFlightTime },
  { ...decided, nameTaken: messages.nameInUse },
  { ...decided, nameTaken: messages.seasonYearTaken },
];

export const fixtures = domainFixtures({
  id: "domain.catalogueItem",
  machine: catalogueItemMachine,
  events: [
    { type: "catalogueItem.create", name: "Desayuno", active: true },
    { type: "catalogueItem.create", name: "Box lunch", active: false },
    { type: "catalogueItem.create", name: "Inglés", active: true, details: { initials: "ING" } },
    { type: "catalogueItem.edit", name: "Desayuno buffet" },
    { type: "catalogueItem.edit", name: "Español", details: { initials: "ESP" } },
    { type: "catalogueItem.activate" },
    { type: "catalogueItem.deactivate" },
    { type: "catalogueItem.delete" },
  ],
  facts: [...formFacts, { ...decided, isInUse: true }],
});
