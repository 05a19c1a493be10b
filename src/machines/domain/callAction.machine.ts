import { Schema } from "effect";
import { setup } from "xstate";
import { messages } from "../../api/messages.ts";
import { addedText, domainContext, domainSetup, type FieldFacts, fieldGuardsOf, final, refusal, refuseIncomplete, refuseMalformed } from "./rules.ts";

/**
 * What a call to action shows, as decided: texts trimmed, `link` an http or https URL as typed.
 * Create and update carry all of it, so each event alone says what the call to action became.
 */
export const CallActionContent = Schema.Struct({
  title: Schema.String,
  text: Schema.String,
  buttonLabel: Schema.String,
  titleEn: addedText,
  textEn: addedText,
  buttonLabelEn: addedText,
  link: Schema.String,
});
export type CallActionContent = typeof CallActionContent.Type;

export const CallActionCreate = Schema.Struct({
  type: Schema.Literal("callAction.create"),
  ...CallActionContent.fields,
  active: Schema.Boolean,
});
export const CallActionUpdate = Schema.Struct({ type: Schema.Literal("callAction.update"), ...CallActionContent.fields });
export const CallActionActivate = Schema.Struct({ type: Schema.Literal("callAction.activate") });
export const CallActionDeactivate = Schema.Struct({ type: Schema.Literal("callAction.deactivate") });

export const CallActionDelete = Schema.Struct({ type: Schema.Literal("callAction.delete") });
export const CallActionEvent = Schema.Union([
  CallActionCreate,
  CallActionUpdate,
  CallActionActivate,
  CallActionDeactivate,
  CallActionDelete,
]);
export type CallActionEvent = typeof CallActionEvent.Type;

/** What the server loads before it decides a create or a content update: the form's field problem. */
export type CallActionFacts = FieldFacts;

/** The refusals of a create or a content update, in the order the form reports them. */
const refusals = [
  refuseIncomplete("Refused: the title, text, button label or link is blank ('required_information')."),
  refuseMalformed("Refused: a text is over its limit ('invalid information')."),
  refusal("hasMalformedUrl", 400, messages.invalidUrl, "Refused: the link is not an http or https address with a host ('Invalid URL')."),
] as const;

export const callActionMachine = setup({
  ...domainSetup<CallActionEvent, CallActionFacts>(),
  guards: {
    ...fieldGuardsOf("isIncomplete", "hasMalformedField", "hasMalformedUrl"),
    isCreatedActive: ({ event }) => event.type === "callAction.create" && event.active,
  },
}).createMachine({
  id: "callAction",
  description: "The landing page's call to action: a title, a text and a button opening an http(s) link.",
  context: domainContext,
  initial: "absent",
  states: {
    absent: {
      description: "No such call to action yet.",
      on: {
        "callAction.create": [
          ...refusals,
          {
            guard: "isCreatedActive",
            target: "active",
            description: "Added; the landing page shows the first active call to action.",
          },
          { target: "inactive", description: "Added but kept off the landing page until activated." },
        ],
      },
    },
    active: {
      description: "May be shown on the landing page (the first active one is).",
      on: {
        "callAction.update": [...refusals, { target: "active", description: "Its texts, button label or link change." }],
        "callAction.deactivate": { target: "inactive", description: "Taken off the landing page; kept in the panel." },
        "callAction.delete": { target: "deleted", description: "Removed from the panel and the landing page." },
      },
    },
    inactive: {
      description: "Listed in the panel only.",
      on: {
        "callAction.update": [...refusals, { target: "inactive", description: "Its texts, button label or link change." }],
        "callAction.activate": { target: "active", description: "May be shown on the landing page again." },
        "callAction.delete": { target: "deleted", description: "Removed from the panel." },
      },
    },
    deleted: final("Gone from the panel and the landing page; the row and its history stay."),
  },
});
