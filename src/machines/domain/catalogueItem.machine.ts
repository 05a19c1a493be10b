import { Schema } from "effect";
import { setup } from "xstate";
import { messages } from "../../api/messages.ts";
import { domainContext, domainSetup, type FieldFacts, fieldGuards, holds, refusal } from "./rules.ts";

/**
 * The events of one feeding, activity or courtesy item. Like the user's events they are both what
 * the machine decides on and what the event store keeps (`type` plus data), so a rebuild replays
 * exactly what was decided. The three catalogues share these rules; each keeps its own stream.
 */
export const CatalogueItemCreate = Schema.Struct({
  type: Schema.Literal("catalogueItem.create"),
  name: Schema.String,
  active: Schema.Boolean,
});

export const CatalogueItemRename = Schema.Struct({
  type: Schema.Literal("catalogueItem.rename"),
  name: Schema.String,
});

export const CatalogueItemActivate = Schema.Struct({ type: Schema.Literal("catalogueItem.activate") });
export const CatalogueItemDeactivate = Schema.Struct({ type: Schema.Literal("catalogueItem.deactivate") });
export const CatalogueItemDelete = Schema.Struct({ type: Schema.Literal("catalogueItem.delete") });

export const CatalogueItemEvent = Schema.Union([
  CatalogueItemCreate,
  CatalogueItemRename,
  CatalogueItemActivate,
  CatalogueItemDeactivate,
  CatalogueItemDelete,
]);
export type CatalogueItemEvent = typeof CatalogueItemEvent.Type;

/** What the server loads before it decides: the name's field problem and whether a destination uses the item. */
export interface CatalogueItemFacts extends FieldFacts {
  readonly isInUse: boolean;
}

const refusedIncomplete = refusal("isIncomplete", 400, messages.requiredInformation, "Refused: the name is blank ('required_information').");

const refusedInUse = refusal("itemIsInUse", 409, messages.itemInUse, "Refused: a destination includes the item; it can be deactivated instead.");

export const catalogueItemMachine = setup({
  ...domainSetup<CatalogueItemEvent, CatalogueItemFacts>(),
  guards: {
    ...fieldGuards,
    itemIsInUse: ({ event }) => holds(event, (facts) => facts.isInUse),
    isCreatedActive: ({ event }) => event.type === "catalogueItem.create" && event.active,
  },
}).createMachine({
  id: "catalogueItem",
  description: "A feeding, activity or courtesy item that destinations are built from, from creation to deletion.",
  context: domainContext,
  initial: "absent",
  states: {
    absent: {
      description: "No such item yet.",
      on: {
        "catalogueItem.create": [
          refusedIncomplete,
          { guard: "isCreatedActive", target: "active", description: "Added, selectable in the destination form." },
          { target: "inactive", description: "Added but hidden from the destination form until activated." },
        ],
      },
    },
    active: {
      description: "Listed and selectable when a destination is edited.",
      on: {
        "catalogueItem.rename": [refusedIncomplete, { target: "active", description: "The name changes." }],
        "catalogueItem.deactivate": {
          target: "inactive",
          description: "No longer offered to destinations; those that use it keep it.",
        },
        "catalogueItem.delete": [
          refusedInUse,
          { target: "deleted", description: "Removed: no destination uses it." },
        ],
      },
    },
    inactive: {
      description: "Listed, but not selectable for destinations.",
      on: {
        "catalogueItem.rename": [refusedIncomplete, { target: "inactive", description: "The name changes." }],
        "catalogueItem.activate": { target: "active", description: "Offered to destinations again." },
        "catalogueItem.delete": [
          refusedInUse,
          { target: "deleted", description: "Removed: no destination uses it." },
        ],
      },
    },
    deleted: {
      type: "final",
      description: "Gone from the lists; the row and its history stay.",
    },
  },
});
