import { Schema, SchemaGetter } from "effect";
import { setup } from "xstate";
import type { DetailValue } from "../../api/details.ts";
import { type Message, messages } from "../../api/messages.ts";
import { domainContext, domainSetup, type FieldFacts, fieldGuards, final, holds, refusal, refuseIncomplete, refuseMalformed } from "./rules.ts";

/**
 * The events of one item of a catalogue (feeding, a language, a berth, a guide ...: src/records).
 * Like the user's events they are both what the machine decides on and what the event store keeps
 * (`type` plus data), so a rebuild replays exactly what was decided. Every catalogue shares these
 * rules; each keeps its own stream. `details` holds the fields the catalogue declares beyond the
 * name (decision 027); a catalogue of names alone leaves it out.
 */
const Details = Schema.Record(Schema.String, Schema.Unknown);

export const CatalogueItemCreate = Schema.Struct({
  type: Schema.Literal("catalogueItem.create"),
  name: Schema.String,
  active: Schema.Boolean,
  details: Schema.optionalKey(Details),
});

export const CatalogueItemEdit = Schema.Struct({
  type: Schema.Literal("catalogueItem.edit"),
  name: Schema.String,
  details: Schema.optionalKey(Details),
});

/**
 * The rename stored before catalogues had details: read as the edit it was (the name alone), so
 * the machine and the projections know one way to change an item.
 */
const StoredRename = Schema.Struct({ type: Schema.Literal("catalogueItem.rename"), name: Schema.String }).pipe(
  Schema.decodeTo(CatalogueItemEdit, {
    decode: SchemaGetter.transform(({ name }) => ({ type: "catalogueItem.edit" as const, name })),
    encode: SchemaGetter.transform(({ name }) => ({ type: "catalogueItem.rename" as const, name })),
  }),
);

export const CatalogueItemActivate = Schema.Struct({ type: Schema.Literal("catalogueItem.activate") });
export const CatalogueItemDeactivate = Schema.Struct({ type: Schema.Literal("catalogueItem.deactivate") });
export const CatalogueItemDelete = Schema.Struct({ type: Schema.Literal("catalogueItem.delete") });

export const CatalogueItemEvent = Schema.Union([
  CatalogueItemCreate,
  CatalogueItemEdit,
  StoredRename,
  CatalogueItemActivate,
  CatalogueItemDeactivate,
  CatalogueItemDelete,
]);
export type CatalogueItemEvent = typeof CatalogueItemEvent.Type;

/** An item's details as its events carry them. */
export type CatalogueItemDetails = Readonly<Record<string, DetailValue>>;

/**
 * What the server loads before it decides: the fields' problem (`fieldProblem` for the generic
 * ones; `declaredRefusal` for a field whose rule names its own message, e.g. `number 0-99` or
 * `select a company`, also when the chosen item is gone or inactive), the message a name another
 * live item of the catalogue has is refused with (null when it is free, compared as
 * `comparableName` does), and whether anything uses the item.
 */
export interface CatalogueItemFacts extends FieldFacts {
  readonly declaredRefusal: Message | null;
  readonly nameTaken: Message | null;
  readonly isInUse: boolean;
}

type WithFacts = { readonly event: { readonly facts?: CatalogueItemFacts } };

const refusedIncomplete = refuseIncomplete("Refused: a required field is blank ('required_information').");

const refusedMalformed = refuseMalformed("Refused: a field is malformed ('invalid information').");

const refusedMalformedEmail = refusal("hasMalformedEmail", 400, messages.invalidEmail, "Refused: the email is no address ('user_error').");

/** The rules a catalogue's field may name its own message for (DOMAIN.md section 1), one guard each. */
const declaredRules = {
  isNumberOutOfRange: refusal("isNumberOutOfRange", 400, messages.numberOutOfRange, "Refused: a percentage outside 0 to 99 (an agency's commission)."),
  isGpsTaxBelowZero: refusal("isGpsTaxBelowZero", 400, messages.gpsTaxBelowZero, "Refused: a space type's GPS tax below zero or with more than two decimals."),
  isCompanyUnselected: refusal("isCompanyUnselected", 400, messages.selectCompany, "Refused: no company chosen, or one deleted or inactive (a yacht's company)."),
  isFlightTimeUnselected: refusal("isFlightTimeUnselected", 400, messages.selectFlightTime, "Refused: a flight without its departure or arrival time."),
} as const;

const breaksDeclaredRule =
  (message: Message) =>
  ({ event }: WithFacts): boolean =>
    holds(event, (facts) => facts.declaredRefusal === message);

const refusedNameTaken = refusal(
  "isNameTaken",
  409,
  messages.nameInUse,
  "Refused: another item of the catalogue has the name, ignoring case, accents and blanks.",
);

const refusedSeasonYearTaken = refusal("isSeasonYearTaken", 409, messages.seasonYearTaken, "Refused: a season for that year exists.");

const refusedInUse = refusal("itemIsInUse", 409, messages.itemInUse, "Refused: something uses the item (a destination, a guide's language, a yacht's company); it can be deactivated instead.");

/** The refusals a create or an edit goes through, in the order the server reports problems. */
export const formRefusals = [
  refusedIncomplete,
  refusedMalformed,
  refusedMalformedEmail,
  ...Object.values(declaredRules),
  refusedNameTaken,
  refusedSeasonYearTaken,
] as const;

/**
 * The guards of the refusals above, for any event that carries a catalogue item's facts: shared
 * with the machines of catalogues that have a life of their own (the Ikarus rate).
 */
export const formGuards = {
  ...fieldGuards,
  isNumberOutOfRange: breaksDeclaredRule(messages.numberOutOfRange),
  isGpsTaxBelowZero: breaksDeclaredRule(messages.gpsTaxBelowZero),
  isCompanyUnselected: breaksDeclaredRule(messages.selectCompany),
  isFlightTimeUnselected: breaksDeclaredRule(messages.selectFlightTime),
  itemIsInUse: ({ event }: WithFacts) => holds(event, (facts) => facts.isInUse),
  isNameTaken: ({ event }: WithFacts) => holds(event, (facts) => facts.nameTaken === messages.nameInUse),
  isSeasonYearTaken: ({ event }: WithFacts) => holds(event, (facts) => facts.nameTaken === messages.seasonYearTaken),
};

export const catalogueItemMachine = setup({
  ...domainSetup<CatalogueItemEvent, CatalogueItemFacts>(),
  guards: {
    ...formGuards,
    isCreatedActive: ({ event }) => event.type === "catalogueItem.create" && event.active,
  },
}).createMachine({
  id: "catalogueItem",
  description:
    "An item of a catalogue (a meal, a language, a berth type, a guide, a country ...) from creation to deletion: what the other records choose from.",
  context: domainContext,
  initial: "absent",
  states: {
    absent: {
      description: "No such item yet.",
      on: {
        "catalogueItem.create": [
          ...formRefusals,
          { guard: "isCreatedActive", target: "active", description: "Added, offered wherever the catalogue is chosen from." },
          { target: "inactive", description: "Added but not offered until activated." },
        ],
      },
    },
    active: {
      description: "Listed and offered wherever the catalogue is chosen from (a destination's meals, a guide's languages).",
      on: {
        "catalogueItem.edit": [...formRefusals, { target: "active", description: "The name or other fields change." }],
        "catalogueItem.deactivate": {
          target: "inactive",
          description: "No longer offered; the records that chose it keep it.",
        },
        "catalogueItem.delete": [refusedInUse, { target: "deleted", description: "Removed: nothing uses it." }],
      },
    },
    inactive: {
      description: "Listed, but not offered to choose from.",
      on: {
        "catalogueItem.edit": [...formRefusals, { target: "inactive", description: "The name or other fields change." }],
        "catalogueItem.activate": { target: "active", description: "Offered again." },
        "catalogueItem.delete": [refusedInUse, { target: "deleted", description: "Removed: nothing uses it." }],
      },
    },
    deleted: final("Gone from the lists; the row and its history stay."),
  },
});
