import "./leads.css";
import "./lead.css";
import { useSelector } from "@xstate/react";
import { Option, Schema } from "effect";
import { LeadId, type UserId } from "../../api/ids.ts";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { commentFields, type Lead, type LeadDetails } from "../../api/leads.ts";
import { translateMessage } from "../../i18n/messages.ts";
import { countryName } from "../shared/countries.ts";
import { leadConversationMachine } from "../../machines/leads/leadConversation.machine.ts";
import { AssignLeadButton, useLeadAssignment } from "./AssignLeadDialog.tsx";
import { HistoryPanel } from "../shared/HistoryPanel.tsx";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { Field } from "../shared/Field.tsx";
import { PageTitle } from "../shared/PageTitle.tsx";
import { Spinner } from "../shared/Spinner.tsx";
import { showToast } from "../shared/toast.ts";
import { useServices } from "../shared/context.ts";
import { fieldText, submitted } from "../shared/forms.ts";
import { formatDate, formatDateTime, formatMoney, notesOldestFirst, personName, telHref } from "./leadFormat.ts";
import { paths } from "../paths.ts";
import { useFlowActor } from "../shared/useFlow.ts";

/** One term of a definition list; nothing when the lead has no value for it. */
function Term({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <div className="lead-term">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const prices = ["mainLowerLm", "mainLowerGross", "upperLm", "upperGross"] as const;

function QuoteDetails({ lead, details }: { readonly lead: Lead; readonly details: LeadDetails }) {
  const { t, i18n } = useTranslation();
  return (
    <article className="lead-card" aria-labelledby="lead-details">
      <h2 id="lead-details">{t("leads.details")}</h2>
      <dl className="lead-terms">
        <Term label={t("leads.in")}>{details.in === null ? null : formatDate(details.in)}</Term>
        <Term label={t("leads.out")}>{details.out === null ? null : formatDate(details.out)}</Term>
        <Term label={t("leads.itinerary")}>{details.itinerary}</Term>
        <Term label={t("leads.yachtName")}>{lead.yachtName}</Term>
        <Term label={t("leads.spaces")}>{details.spaces}</Term>
        <Term label={t("leads.cabins")}>{details.cabins}</Term>
        <Term label={t("leads.conditions")}>{details.conditions}</Term>
        <Term label={t("leads.isLastMinute")}>{details.isLastMinute ? t("leads.yes") : t("leads.no")}</Term>
        {prices.map((key) => {
          const value = details[key];
          return (
            <Term key={key} label={t(`leads.${key}`)}>
              {value === null ? null : formatMoney(value, i18n.language)}
            </Term>
          );
        })}
      </dl>
    </article>
  );
}

/** /panel/leads/{id}: the lead's message, contact and details, its notes and the comment box. */
export default function LeadView({ id }: { readonly id: number }) {
  const leadId = decodeLeadId(id);
  const { session } = useServices();
  const userId = useSelector(session, (snapshot) => snapshot.context.session?.id ?? null);
  // A detail route's id is in range (recordRoutes.tsx); a page without a signed-in user shows nothing.
  return Option.isSome(leadId) && userId !== null ? <LeadConversation leadId={leadId.value} userId={userId} /> : null;
}

const decodeLeadId = Schema.decodeUnknownOption(LeadId);

function LeadConversation({ leadId, userId }: { readonly leadId: LeadId; readonly userId: UserId }) {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  // the comment's author is the signed-in user: the server refuses any other userId
  const [logic] = useState(() =>
    leadConversationMachine.provide({
      actions: { notify: (_, { message }) => void showToast(translateMessage(i18n.t, message)) },
    }),
  );
  const actor = useFlowActor(logic, { input: { client, leadId, userId } });
  const assignment = useLeadAssignment(() => actor.send({ type: "lead.reload" }));
  const lead = useSelector(actor, (snapshot) => snapshot.context.lead);
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  // leaving asks first while a comment is only typed (not while it is being sent)
  const unsaved = useSelector(actor, (snapshot) => snapshot.matches("ready") && snapshot.context.draft.trim() !== "");
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const fetching = useSelector(actor, (snapshot) => snapshot.hasTag("fetching"));
  const processing = useSelector(actor, (snapshot) => snapshot.hasTag("processing"));

  const back = (
    <Link href={paths.leads} className="back-link">
      <span aria-hidden="true">← </span>
      {t("leads.back")}
    </Link>
  );
  if (lead === null) {
    return (
      <section aria-labelledby="page-title" className="lead-screen">
        {back}
        <PageTitle title={t("leads.lead")} />
        <ErrorBanner message={error} />
        {fetching && <Spinner />}
      </section>
    );
  }
  const notes = notesOldestFirst(lead);
  return (
    <section aria-labelledby="page-title" className="lead-screen">
      {back}
      <PageTitle title={personName(lead)} />
      <ErrorBanner message={error} />
      <div className="lead-grid">
        <article className="lead-card lead-original" aria-labelledby="lead-message">
          <h2 id="lead-message">{t("leads.message")}</h2>
          <p className="lead-text">{lead.message}</p>
          <p className="lead-received">{t("leads.received", { date: formatDateTime(lead.createdAt) })}</p>
        </article>
        <article className="lead-card" aria-labelledby="lead-contact">
          <h2 id="lead-contact">{t("leads.contact")}</h2>
          <dl className="lead-terms">
            <Term label={t("leads.email")}>
              <a href={`mailto:${lead.email}`}>{lead.email}</a>
            </Term>
            <Term label={t("leads.phone")}>
              <a href={telHref(lead.phone)}>{lead.phone}</a>
            </Term>
            <Term label={t("leads.country")}>{countryName(lead.country, i18n.language)}</Term>
            <Term label={t("leads.agent")}>
              <span className="lead-agent">
                {lead.lead_user === null ? t("leads.unassigned") : personName(lead.lead_user)}
                <AssignLeadButton
                  assignment={assignment}
                  leadId={lead.id}
                  name={personName(lead)}
                  agentId={lead.lead_user?.id ?? null}
                />
              </span>
            </Term>
          </dl>
        </article>
        {lead.details !== null && <QuoteDetails lead={lead} details={lead.details} />}
      </div>
      <section className="lead-follow-up" aria-labelledby="lead-notes">
        <h2 id="lead-notes">{t("leads.followUp")}</h2>
        {notes.length === 0 ? (
          <p className="table-empty">{t("leads.noNotes")}</p>
        ) : (
          <ol className="lead-notes" aria-labelledby="lead-notes">
            {notes.map((note, index) => (
              // notes have no id of their own; their order (oldest first) is stable
              // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows at its end
              <li key={index} className="lead-note">
                <p className="lead-text">{note.comments}</p>
                <p className="lead-note-meta">
                  <strong>{personName(note.author)}</strong> · {formatDateTime(note.createdAt)}
                </p>
              </li>
            ))}
          </ol>
        )}
        <form
          className="lead-comment"
          data-unsaved={unsaved ? "" : undefined}
          noValidate
          onSubmit={submitted(() => actor.send({ type: "comment.submit" }))}
        >
          <Field label={t("leads.comment")} problem={fieldText(t, problem)}>
            {(control) => (
              <textarea
                {...control}
                rows={4}
                maxLength={commentFields.comments.maxLength}
                value={draft}
                readOnly={processing}
                onChange={(event) => actor.send({ type: "comment.change", text: event.target.value })}
              />
            )}
          </Field>
          <button type="submit" aria-busy={processing}>
            {t("leads.send")}
          </button>
        </form>
      </section>
      <HistoryPanel stream="lead" id={leadId} />
      {assignment.dialog}
    </section>
  );
}
