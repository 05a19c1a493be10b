import { useSelector } from "@xstate/react";
import { type FormEvent, useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { newLeadFields } from "../../api/leads.ts";
import { type ContactDraft, contactFormMachine } from "../../machines/contactForm.machine.ts";
import { countryOptions } from "../countries.ts";
import { useServices } from "../context.ts";
import { fieldText, formText } from "../forms.ts";
import { ErrorBanner } from "./ErrorBanner.tsx";
import { SelectInput } from "./SelectInput.tsx";
import { TextInput } from "./TextInput.tsx";
import { useFlowActor } from "../useFlow.ts";

const readDraft = (form: FormData): ContactDraft => ({
  firstName: formText(form, "firstName"),
  lastName: formText(form, "lastName"),
  email: formText(form, "email"),
  country: formText(form, "country"),
  phone: formText(form, "phone"),
  message: formText(form, "message"),
  website: formText(form, "website"),
});

/** The landing page's contact form: a lead for the sales team, sent without signing in. */
export function ContactForm() {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const actor = useFlowActor(contactFormMachine, { input: { client } });
  const problems = useSelector(actor, (snapshot) => snapshot.context.problems);
  const sent = useSelector(actor, (snapshot) => snapshot.context.sent);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const confirmed = useSelector(actor, (snapshot) => snapshot.matches("sent"));
  const processing = useSelector(actor, (snapshot) => snapshot.hasTag("processing"));
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const messageId = useId();
  const honeypotId = useId();
  const problem = (name: keyof typeof problems) => fieldText(t, problems[name] ?? null);
  const messageProblem = problem("message");

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: "contact.submit", draft: readDraft(new FormData(event.currentTarget)) });
  };

  return (
    <>
      {confirmed && (
        <p role="status" className="landing-sent">
          {t("landing.sent")}
        </p>
      )}
      <ErrorBanner message={error} />
      {/* a new key after each lead sent: the fields empty for the next message */}
      <form key={sent} onSubmit={submit} noValidate>
        <fieldset disabled={processing}>
          <div className="grid">
            <div>
              <TextInput
                name="firstName"
                maxLength={newLeadFields.firstName.maxLength}
                type="text"
                label={t("landing.firstName")}
                autoComplete="given-name"
                problem={problem("firstName")}
              />
            </div>
            <div>
              <TextInput
                name="lastName"
                maxLength={newLeadFields.lastName.maxLength}
                type="text"
                label={t("landing.lastName")}
                autoComplete="family-name"
                problem={problem("lastName")}
              />
            </div>
          </div>
          <div className="grid">
            <div>
              <TextInput
                name="email"
                maxLength={newLeadFields.email.maxLength}
                type="email"
                label={t("landing.email")}
                autoComplete="email"
                problem={problem("email")}
              />
            </div>
            <div>
              <TextInput
                name="phone"
                type="tel"
                label={t("landing.phone")}
                autoComplete="tel"
                maxLength={newLeadFields.phone.maxLength}
                problem={problem("phone")}
              />
            </div>
          </div>
          <SelectInput
            name="country"
            label={t("landing.country")}
            placeholder={t("landing.chooseCountry")}
            options={countries}
            problem={problem("country")}
          />
          <label htmlFor={messageId}>{t("landing.message")}</label>
          <textarea
            id={messageId}
            name="message"
            rows={4}
            maxLength={newLeadFields.message.maxLength}
            aria-invalid={messageProblem === null ? undefined : true}
            aria-describedby={messageProblem === null ? undefined : `${messageId}-hint`}
          />
          {messageProblem !== null && <small id={`${messageId}-hint`}>{messageProblem}</small>}
          {/* the honeypot: people never see or reach it, robots fill it in and the server drops their lead */}
          <div className="visually-hidden" aria-hidden="true">
            <label htmlFor={honeypotId}>Website</label>
            <input id={honeypotId} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
        </fieldset>
        <button type="submit" aria-busy={processing} disabled={processing}>
          {t("landing.send")}
        </button>
      </form>
    </>
  );
}
