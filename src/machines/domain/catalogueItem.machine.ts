import { Schema } from "effect";
import { setup } from "xstate";

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

export const catalogueItemMachine = setup({
  types: {
    context: {} as Record<string, never>,
    events: {} as CatalogueItemEvent,
  },
  guards: {
    isCreatedActive: ({ event }) => event.type === "catalogueItem.create" && event.active,
  },
}).createMachine({
  id: "catalogueItem",
  description: "A feeding, activity or courtesy item that destinations are built from, from creation to deletion.",
  context: {},
  initial: "absent",
  states: {
    absent: {
      description: "No such item yet.",
      on: {
        "catalogueItem.create": [
          { guard: "isCreatedActive", target: "active", description: "Added, selectable in the destination form." },
          { target: "inactive", description: "Added but hidden from the destination form until activated." },
        ],
      },
    },
    active: {
      description: "Listed and selectable when a destination is edited.",
      on: {
        "catalogueItem.rename": { target: "active", description: "The name changes." },
        "catalogueItem.deactivate": {
          target: "inactive",
          description: "No longer offered to destinations; those that use it keep it.",
        },
        "catalogueItem.delete": {
          target: "deleted",
          description: "Removed; the server first checks that no destination uses it.",
        },
      },
    },
    inactive: {
      description: "Listed, but not selectable for destinations.",
      on: {
        "catalogueItem.rename": { target: "inactive", description: "The name changes." },
        "catalogueItem.activate": { target: "active", description: "Offered to destinations again." },
        "catalogueItem.delete": {
          target: "deleted",
          description: "Removed; the server first checks that no destination uses it.",
        },
      },
    },
    deleted: {
      type: "final",
      description: "Gone from the lists; the row and its history stay.",
    },
  },
});

/** One event per guard branch, for the path-test generator. */
export const catalogueItemMachineSampleEvents: ReadonlyArray<CatalogueItemEvent> = [
  { type: "catalogueItem.create", name: "Desayuno", active: true },
  { type: "catalogueItem.create", name: "Box lunch", active: false },
  { type: "catalogueItem.rename", name: "Desayuno buffet" },
  { type: "catalogueItem.activate" },
  { type: "catalogueItem.deactivate" },
  { type: "catalogueItem.delete" },
];
