import { describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import { createClient } from "../../src/api/client.ts";
import { newLeadProblems } from "../../src/api/leads.ts";
import { messages } from "../../src/api/messages.ts";
import { type ContactDraft, contactFormMachine } from "../../src/machines/home/contactForm.machine.ts";

const draft: ContactDraft = {
  firstName: " Marta ",
  lastName: "Quispe",
  email: "marta@example.com",
  country: "Perú",
  phone: "+51 999 888 777",
  message: "Quisiera cotizar un crucero de 8 días.",
  website: "",
};

/** A client whose createLead answers as told, recording each body sent. */
const clientAnswering = (answer: () => Promise<Response>) => {
  const bodies: unknown[] = [];
  const client = createClient({
    readToken: () => null,
    fetch: async (input, init) => {
      expect(`${init?.method} ${String(input)}`).toBe("POST /api/leads/createLead");
      bodies.push(typeof init?.body === "string" ? JSON.parse(init.body) : undefined);
      return answer();
    },
  });
  return { client, bodies };
};

describe("the contact form rules (src/api/leads.ts newLeadProblems, as the server's)", () => {
  it("require every field but the honeypot and check the email", () => {
    expect(newLeadProblems(draft)).toEqual({});
    const blank = { firstName: "", lastName: " ", email: "", country: "", phone: "", message: "", website: "" };
    expect(newLeadProblems(blank)).toEqual({
      firstName: "required",
      lastName: "required",
      email: "required",
      country: "required",
      phone: "required",
      message: "required",
    });
    expect(newLeadProblems({ ...draft, email: "marta@" })).toEqual({ email: "invalidEmail" });
  });

  it("refuse a text longer than the server keeps, as the browser counts it", () => {
    expect(newLeadProblems({ ...draft, message: "m".repeat(5000), phone: "1".repeat(40) })).toEqual({});
    expect(newLeadProblems({ ...draft, message: "m".repeat(5001), country: "c".repeat(81) })).toEqual({
      message: "invalid",
      country: "invalid",
    });
  });
});

describe("the contact form", () => {
  it("sends one lead for two quick submits, passes the honeypot as typed, confirms and empties", async () => {
    const { client, bodies } = clientAnswering(async () => Response.json({ data: messages.created }));
    const actor = createActor(contactFormMachine, { input: { client } }).start();
    actor.send({ type: "contact.submit", draft: { ...draft, website: "http://spam.example" } });
    actor.send({ type: "contact.submit", draft });
    await waitFor(actor, (snapshot) => snapshot.matches("sent"));
    expect(bodies).toEqual([
      {
        firstName: "Marta",
        lastName: "Quispe",
        email: "marta@example.com",
        country: "Perú",
        phone: "+51 999 888 777",
        message: "Quisiera cotizar un crucero de 8 días.",
        website: "http://spam.example",
      },
    ]);
    expect(actor.getSnapshot().context.sent).toBe(1);

    // another message from the confirmation: checked again, and sent
    actor.send({ type: "contact.submit", draft: { ...draft, message: "" } });
    expect(actor.getSnapshot().context.problems).toEqual({ message: "required" });
    actor.send({ type: "contact.submit", draft });
    await waitFor(actor, (snapshot) => snapshot.context.sent === 2);
    expect(bodies).toHaveLength(2);
  });

  it("sends nothing while a field is missing", () => {
    const { client, bodies } = clientAnswering(async () => Response.json({ data: messages.created }));
    const actor = createActor(contactFormMachine, { input: { client } }).start();
    actor.send({ type: "contact.submit", draft: { ...draft, phone: "  " } });
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.problems).toEqual({ phone: "required" });
    expect(bodies).toEqual([]);
  });

  it("keeps the form and reports 'too many attempts' (429)", async () => {
    const { client } = clientAnswering(async () =>
      Response.json({ data: messages.tooManyAttempts }, { status: 429 }),
    );
    const actor = createActor(contactFormMachine, { input: { client } }).start();
    actor.send({ type: "contact.submit", draft });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.error).toBe(messages.tooManyAttempts);
    expect(actor.getSnapshot().context.sent).toBe(0);
  });
});
