import { createActor, type SnapshotFrom } from "xstate";
import { createClient } from "../../api/client.ts";
import type { FieldProblem } from "../../api/fields.ts";
import { type NewLeadField, newLeadFields } from "../../api/leads.ts";
import { type ContactDraft, contactFormMachine } from "../../machines/home/contactForm.machine.ts";
import { formText } from "../shared/forms.ts";

/** The texts the server wrote into the page for this script (server/home/landingPage.ts formTexts). */
export interface ContactTexts {
  readonly problems: Readonly<Record<FieldProblem, string>>;
  /** Each refusal the form may meet, by the message the API answers, in the page's language. */
  readonly messages: Readonly<Record<string, string>>;
  readonly unexpected: string;
}

const fieldNames = Object.keys(newLeadFields) as ReadonlyArray<NewLeadField>;

const readDraft = (form: FormData): ContactDraft => ({
  firstName: formText(form, "firstName"),
  lastName: formText(form, "lastName"),
  email: formText(form, "email"),
  country: formText(form, "country"),
  phone: formText(form, "phone"),
  message: formText(form, "message"),
  website: formText(form, "website"),
});

export interface ContactForm {
  /** What the form holds, checked and sent once as a lead (the page stays). */
  readonly submit: () => void;
}

/**
 * The landing page's contact form, once the visitor reaches it (decision 070): the panel's contact
 * flow (contactForm.machine.ts) checks the fields with the contract's rules and sends the lead with
 * POST /api/leads/createLead; this view shows what it decided on the page the server drew: each
 * field's problem under it, the busy button, the confirmation above the emptied form, a refusal.
 */
export const startContactForm = (form: HTMLFormElement, texts: ContactTexts, fetch: typeof globalThis.fetch): ContactForm => {
  const section = form.parentElement;
  const status = section?.querySelector<HTMLElement>(".landing-sent") ?? null;
  const banner = section?.querySelector<HTMLElement>(".error-banner") ?? null;
  const fieldset = form.querySelector("fieldset");
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const client = createClient({ fetch, readToken: () => null });
  const actor = createActor(contactFormMachine, { input: { client } });
  let sent = 0;
  let submitted = false;

  const showProblem = (name: NewLeadField, problem: FieldProblem | undefined) => {
    const control = form.elements.namedItem(name);
    const message = form.querySelector<HTMLElement>(`#contact-${name}-problem`);
    if (!(control instanceof HTMLElement) || message === null) return;
    message.hidden = problem === undefined;
    message.textContent = problem === undefined ? "" : texts.problems[problem];
    if (problem === undefined) {
      control.removeAttribute("aria-invalid");
      control.removeAttribute("aria-describedby");
    } else {
      control.setAttribute("aria-invalid", "true");
      control.setAttribute("aria-describedby", message.id);
    }
  };

  const render = (snapshot: SnapshotFrom<typeof contactFormMachine>) => {
    const { problems, error } = snapshot.context;
    for (const name of fieldNames) showProblem(name, problems[name]);
    const processing = snapshot.hasTag("processing");
    if (fieldset !== null) fieldset.disabled = processing;
    if (button !== null) {
      button.disabled = processing;
      button.setAttribute("aria-busy", String(processing));
    }
    // a new lead sent: the fields empty for the next message
    if (snapshot.context.sent !== sent) {
      sent = snapshot.context.sent;
      form.reset();
    }
    if (status !== null) status.hidden = !snapshot.matches("sent");
    if (banner !== null) {
      banner.hidden = error === null;
      banner.textContent = error === null ? "" : (texts.messages[error] ?? texts.unexpected);
    }
    // after a refused submit, the keyboard and the screen reader go to the first field to fix
    if (submitted && !processing) {
      submitted = false;
      const first = fieldNames.find((name) => problems[name] !== undefined);
      const control = first === undefined ? null : form.elements.namedItem(first);
      if (control instanceof HTMLElement) control.focus();
    }
  };

  actor.subscribe(render);
  actor.start();
  return {
    submit: () => {
      submitted = true;
      actor.send({ type: "contact.submit", draft: readDraft(new FormData(form)) });
    },
  };
};
