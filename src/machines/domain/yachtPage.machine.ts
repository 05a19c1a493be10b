import { Schema } from "effect";
import { setup } from "xstate";
import { domainContext, domainSetup, type FieldFacts, fieldGuardsOf, refuseIncomplete, refuseMalformed } from "./rules.ts";

/**
 * A yacht's page (technical_info, deck_schema ...: src/records/yachtPages.ts) is one record per
 * yacht and page, stream id `<yacht id>/<page>`. Each edit carries the whole content, as the page
 * declares it, so the last event alone says what the page shows.
 */
export const YachtPageEdit = Schema.Struct({
  type: Schema.Literal("yachtPage.edit"),
  content: Schema.Record(Schema.String, Schema.Unknown),
});

/** The only event: a page is replaced whole. */
export type YachtPageEvent = typeof YachtPageEdit.Type;

/**
 * What the server loads before it decides: the content's first problem by the page's detail rules,
 * a reference to an item the page may not choose (another yacht's deck, a deleted guide) or an
 * image no upload holds counting as a malformed field.
 */
export type YachtPageFacts = FieldFacts;

/** The refusals of an edit, in the order the server reports problems. */
const refusals = [
  refuseIncomplete("Refused: a required field is blank (a crew member's name or role: 'required_information')."),
  refuseMalformed("Refused: a field is malformed: a number out of range, a cabin placed off the plan or twice, another yacht's deck, an unknown image ('invalid information')."),
] as const;

export const yachtPageMachine = setup({
  ...domainSetup<YachtPageEvent, YachtPageFacts>(),
  guards: {
    ...fieldGuardsOf("isIncomplete", "hasMalformedField"),
  },
}).createMachine({
  id: "yachtPage",
  description:
    "One page of a yacht (technical data, accommodation, social areas, safety, machinery, deck plans, the cabins' plan, the crew): blank until someone fills it, then replaced whole by each save.",
  context: domainContext,
  initial: "blank",
  states: {
    blank: {
      description: "Never saved: the page shows its fields empty (and the cabins' plan each cabin in a default place).",
      on: {
        "yachtPage.edit": [...refusals, { target: "filled", description: "The page is filled in for the first time." }],
      },
    },
    filled: {
      description: "The page shows what its last save said, to staff and (later) on the yacht's public page.",
      on: {
        "yachtPage.edit": [...refusals, { target: "filled", description: "The page's content is replaced." }],
      },
    },
  },
});
