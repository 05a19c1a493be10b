import { useSelector } from "@xstate/react";
import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { newLeadFields } from "../../api/leads.ts";
import { type ContactDraft, contactFormMachine } from "../../machines/home/contactForm.machine.ts";
import { countryOptions } from "../shared/countries.ts";
import { useServices } from "../shared/context.ts";
import { fieldText, formText, submitted } from "../shared/forms.ts";
import { useFlowActor } from "../shared/useFlow.ts";
import { DeclaredField, DeclaredFields, type FormField } from "../shared/DeclaredFields.tsx";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { SelectInput } from "../shared/SelectInput.tsx";

/** The visitor's fields, with what the browser may fill in; a new lead each time, so no saved values. */
const names: ReadonlyArray<FormField<never>> = [
  { kind: "text", name: "firstName", label: "landing.firstName", rule: newLeadFields.firstName, autoComplete: "given-name" },
  { kind: "text", name: "lastName", label: "landing.lastName", rule: newLeadFields.lastName, autoComplete: "family-name" },
];
const contact: ReadonlyArray<FormField<never>> = [
  { kind: "text", name: "email", label: "landing.email", rule: newLeadFields.email, autoComplete: "email" },
  { kind: "text", name: "phone", label: "landing.phone", rule: newLeadFields.phone, type: "tel", autoComplete: "tel" },
];
const message: FormField<never> = { kind: "text", name: "message", label: "landing.message", rule: newLeadFields.message, rows: 4 };

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
  const honeypotId = useId();

  return (
    <>
      {confirmed && (
        <p role="status" className="landing-sent">
          {t("landing.sent")}
        </p>
      )}
      <ErrorBanner message={error} />
      {/* a new key after each lead sent: the fields empty for the next message */}
      <form
        key={sent}
        onSubmit={submitted((form) => actor.send({ type: "contact.submit", draft: readDraft(form) }))}
        noValidate
      >
        <fieldset disabled={processing}>
          <DeclaredFields fields={names} item={null} problems={problems} columns />
          <DeclaredFields fields={contact} item={null} problems={problems} columns />
          <SelectInput
            name="country"
            label={t("landing.country")}
            placeholder={t("landing.chooseCountry")}
            options={countries}
            problem={fieldText(t, problems.country)}
          />
          <DeclaredField field={message} item={null} problems={problems} />
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
