import { messages } from "../../api/messages.ts";
import { type ContactDraft, contactFormMachine } from "./contactForm.machine.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";

const contactDraft: ContactDraft = {
  firstName: "Marta",
  lastName: "Quispe",
  email: "marta@example.com",
  country: "Perú",
  phone: "+51 999 888 777",
  message: "Quisiera cotizar un crucero.",
  website: "",
};

export const fixtures = machineFixtures({
  id: "contactForm",
  machine: contactFormMachine,
  inputs: [{ client: unusedClient }],
  events: [
    { type: "contact.submit", draft: contactDraft },
    { type: "contact.submit", draft: { ...contactDraft, email: "marta@" } },
    { type: "xstate.done.actor.sendLead", output: messages.created },
    { type: "xstate.error.actor.sendLead", error: refused(429, messages.tooManyAttempts) },
  ],
});
