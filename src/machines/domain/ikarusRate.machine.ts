import { Schema } from "effect";
import { setup } from "xstate";
import {
  CatalogueItemCreate,
  CatalogueItemDelete,
  CatalogueItemEdit,
  type CatalogueItemFacts,
  formGuards,
  formRefusals,
} from "./catalogueItem.machine.ts";
import { domainContext, domainSetup, final, reasonRefusals } from "./rules.ts";

/**
 * The events of an Ikarus rate (DOMAIN.md section 6): a wholesaler's rate, kept on the catalogue
 * engine (its create, edit and delete are a catalogue item's), with a life of its own: activated
 * with a confirmation, deactivated for a reason, never activated again. The activation and
 * deactivation dates are the times of these events.
 */
export const IkarusRateActivate = Schema.Struct({ type: Schema.Literal("ikarusRate.activate") });
export const IkarusRateDeactivate = Schema.Struct({ type: Schema.Literal("ikarusRate.deactivate"), reason: Schema.String });

export const IkarusRateEvent = Schema.Union([
  CatalogueItemCreate,
  CatalogueItemEdit,
  CatalogueItemDelete,
  IkarusRateActivate,
  IkarusRateDeactivate,
]);
export type IkarusRateEvent = typeof IkarusRateEvent.Type;


export const ikarusRateMachine = setup({
  ...domainSetup<IkarusRateEvent, CatalogueItemFacts>(),
  guards: formGuards,
}).createMachine({
  id: "ikarusRate",
  description:
    "An Ikarus rate: a wholesaler's negotiated price for a yacht, a cruise length and a range of passengers, drafted, activated (the date stamped) and deactivated for a reason, for good.",
  context: domainContext,
  initial: "absent",
  states: {
    absent: {
      description: "No such rate yet.",
      on: {
        "catalogueItem.create": [...formRefusals, { target: "draft", description: "Drafted: not used to price anything until activated." }],
      },
    },
    draft: {
      description: "Being written: quotes do not use it; it can be changed, deleted or activated.",
      on: {
        "catalogueItem.edit": [...formRefusals, { target: "draft", description: "Its fields change." }],
        "ikarusRate.activate": {
          target: "active",
          description: "Activated after the panel's confirmation: quotes for its wholesaler use it from now on; the date is stamped.",
        },
        "catalogueItem.delete": { target: "deleted", description: "Removed: a draft never priced anything." },
      },
    },
    active: {
      description: "In force: prices its wholesaler's spaces within its passenger range. It cannot be deleted, only deactivated.",
      on: {
        "catalogueItem.edit": [...formRefusals, { target: "active", description: "Its fields change; quotes from now on use them." }],
        "ikarusRate.deactivate": [
          // a deactivation's facts are the reason's: `fieldProblem` is its problem (blank, too long)
          ...reasonRefusals,
          { target: "deactivated", description: "Withdrawn for the reason given; the date is stamped." },
        ],
      },
    },
    deactivated: final("Withdrawn for good: kept with its reason and dates, never activated, changed or deleted again."),
    deleted: final("A draft removed; its history stays."),
  },
});
