import { assertEvent, assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../../api/client.ts";
import { type FieldProblems, hasNoProblems } from "../../api/fields.ts";
import { createLead, type NewLead, type NewLeadField, newLeadProblems } from "../../api/leads.ts";
import { type ClientInput, errorActions, showError } from "../shared/actions.ts";
import { machineTypes } from "../shared/machineTypes.ts";

/** The landing page's contact form as the visitor filled it in; `website` is the hidden honeypot. */
export interface ContactDraft {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  /** The country's Spanish name, whatever language the page shows. */
  readonly country: string;
  readonly phone: string;
  readonly message: string;
  readonly website: string;
}

/** The public form's rules (src/api/leads.ts `newLeadProblems`): the server's lead machine refuses the same. */
export type ContactProblems = FieldProblems<NewLeadField>;

/** The lead as sent; the honeypot goes as typed, so the server can tell a robot from a person. */
export const contactLead = (draft: ContactDraft): NewLead => ({
  firstName: draft.firstName.trim(),
  lastName: draft.lastName.trim(),
  email: draft.email.trim(),
  country: draft.country,
  phone: draft.phone.trim(),
  message: draft.message.trim(),
  website: draft.website,
});

export interface ContactFormContext extends ClientInput {
  readonly problems: ContactProblems;
  /** Bumped on every lead sent, so the view empties its fields. */
  readonly sent: number;
  readonly error: string | null;
}

export type ContactFormEvent = { readonly type: "contact.submit"; readonly draft: ContactDraft };

const submitTransitions = [
  {
    guard: { type: "isComplete", params: ({ event }: { event: ContactFormEvent }) => ({ draft: event.draft }) },
    target: "#contactForm.sending",
    actions: "clearProblems",
    description: "Every field is filled in, none too long, and the email looks right: the lead is sent.",
  },
  {
    actions: {
      type: "assignProblems",
      params: ({ event }: { event: ContactFormEvent }) => ({ draft: event.draft }),
    },
    description: "A field is missing or too long, or the email is malformed: the messages show and nothing is sent.",
  },
] as const;

/** The public contact form of the landing page: a lead with POST /leads/createLead, no session. */
export const contactFormMachine = setup({
  types: machineTypes<ClientInput, ContactFormContext, ContactFormEvent, "processing">(),
  actions: {
    ...errorActions<ContactFormContext, ContactFormEvent>(),
    assignProblems: assign({ problems: (_, params: { draft: ContactDraft }) => newLeadProblems(params.draft) }),
    clearProblems: assign({ problems: {} }),
    countSent: assign({ sent: ({ context }) => context.sent + 1 }),
  },
  guards: {
    isComplete: (_, params: { draft: ContactDraft }) => hasNoProblems(newLeadProblems(params.draft)),
  },
  actors: {
    sendLead: fromPromise<string, { client: ApiClient; lead: NewLead }>(({ input }) =>
      input.client.call(createLead, { body: input.lead }),
    ),
  },
}).createMachine({
  id: "contactForm",
  description: "The landing page's contact form: checked, sent once as a lead, confirmed and emptied.",
  context: ({ input }) => ({ client: input.client, problems: {}, sent: 0, error: null }),
  initial: "editing",
  states: {
    editing: {
      description: "The visitor fills in the form.",
      on: { "contact.submit": submitTransitions },
    },
    sending: {
      tags: "processing",
      description: "Sending the lead; the button is busy.",
      entry: "clearError",
      invoke: {
        id: "sendLead",
        src: "sendLead",
        input: ({ context, event }) => {
          assertEvent(event, "contact.submit");
          return { client: context.client, lead: contactLead(event.draft) };
        },
        onDone: {
          target: "sent",
          actions: "countSent",
          description: "The lead was taken: the confirmation shows and the form empties.",
        },
        onError: showError("editing", "Refused (too many attempts, invalid information, no connection): the message shows, the form stays filled in."),
      },
      on: {
        "contact.submit": { description: "A second submit while sending is ignored." },
      },
    },
    sent: {
      description: "The confirmation shows above the emptied form; another message may be sent.",
      on: { "contact.submit": submitTransitions },
    },
  },
});
