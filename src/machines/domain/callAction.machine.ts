import { Schema } from "effect";
import { setup } from "xstate";

/**
 * What a call to action shows, as decided: texts trimmed, `link` an http or https URL as typed.
 * Create and update carry all of it, so each event alone says what the call to action became.
 */
export const CallActionContent = Schema.Struct({
  title: Schema.String,
  text: Schema.String,
  buttonLabel: Schema.String,
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

export const CallActionEvent = Schema.Union([CallActionCreate, CallActionUpdate, CallActionActivate, CallActionDeactivate]);
export type CallActionEvent = typeof CallActionEvent.Type;

export const callActionMachine = setup({
  types: {
    context: {} as Record<string, never>,
    events: {} as CallActionEvent,
  },
  guards: {
    isCreatedActive: ({ event }) => event.type === "callAction.create" && event.active,
  },
}).createMachine({
  id: "callAction",
  description: "The landing page's call to action: a title, a text and a button opening an http(s) link.",
  context: {},
  initial: "absent",
  states: {
    absent: {
      description: "No such call to action yet.",
      on: {
        "callAction.create": [
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
        "callAction.update": { target: "active", description: "Its texts, button label or link change." },
        "callAction.deactivate": { target: "inactive", description: "Taken off the landing page; kept in the panel." },
      },
    },
    inactive: {
      description: "Listed in the panel only.",
      on: {
        "callAction.update": { target: "inactive", description: "Its texts, button label or link change." },
        "callAction.activate": { target: "active", description: "May be shown on the landing page again." },
      },
    },
  },
});

const sampleContent: CallActionContent = {
  title: "Cotice su crucero",
  text: "Le respondemos en menos de 24 horas.",
  buttonLabel: "Cotizar",
  link: "https://example.com/cotizar",
};

/** One event per transition and guard branch, for the path-test generator. */
export const callActionMachineSampleEvents: ReadonlyArray<CallActionEvent> = [
  { type: "callAction.create", ...sampleContent, active: true },
  { type: "callAction.create", ...sampleContent, active: false },
  { type: "callAction.update", ...sampleContent, buttonLabel: "Escríbanos" },
  { type: "callAction.activate" },
  { type: "callAction.deactivate" },
];
