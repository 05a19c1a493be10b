import "./leads.css";
import { useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Lead } from "../../api/leads.ts";
import { translateMessage } from "../../i18n/messages.ts";
import { leadAssignmentMachine } from "../../machines/leadAssignment.machine.ts";
import { type AgentFilter, leadsListMachine, pageCount } from "../../machines/leadsList.machine.ts";
import { AssignLeadButton, AssignLeadDialog } from "../components/AssignLeadDialog.tsx";
import { type Column, DataTable } from "../components/DataTable.tsx";
import { ErrorBanner } from "../components/ErrorBanner.tsx";
import { PageTitle } from "../components/PageTitle.tsx";
import { Pager } from "../components/Pager.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { showToast } from "../components/toast.ts";
import { useServices } from "../context.ts";
import { submitted } from "../forms.ts";
import { formatDate, personName, shorten } from "../leadFormat.ts";
import { paths } from "../paths.ts";
import { useFlowActor } from "../useFlow.ts";

/** The agent filter's <select> value: "all", "unassigned" or a user id. */
const filterValue = (agent: AgentFilter): string => (agent.kind === "user" ? String(agent.userId) : agent.kind);

const filterFrom = (value: string): AgentFilter => {
  if (value === "all" || value === "unassigned") return { kind: value };
  return { kind: "user", userId: Number(value) };
};

/** /panel/leads: a page of leads with search, agent filter, pager and the assign menu per row. */
export default function LeadsView() {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const list = useFlowActor(leadsListMachine, { input: { client } });
  const [assignmentLogic] = useState(() =>
    leadAssignmentMachine.provide({
      actions: {
        notify: (_, { message }) => void showToast(translateMessage(i18n.t, message)),
        reportAssigned: () => list.send({ type: "list.reload" }),
      },
    }),
  );
  const assignment = useFlowActor(assignmentLogic, { input: { client } });
  const leads = useSelector(list, (snapshot) => snapshot.context.leads);
  const page = useSelector(list, (snapshot) => snapshot.context.page);
  const pages = useSelector(list, (snapshot) => pageCount(snapshot.context));
  const total = useSelector(list, (snapshot) => snapshot.context.total);
  const draft = useSelector(list, (snapshot) => snapshot.context.draft);
  const agent = useSelector(list, (snapshot) => snapshot.context.agent);
  const agents = useSelector(list, (snapshot) => snapshot.context.agents);
  const error = useSelector(list, (snapshot) => snapshot.context.error);
  const fetching = useSelector(list, (snapshot) => snapshot.hasTag("fetching"));
  const failed = useSelector(list, (snapshot) => snapshot.matches("failed"));
  const canPrevious = useSelector(list, (snapshot) => snapshot.can({ type: "page.previous" }));
  const canNext = useSelector(list, (snapshot) => snapshot.can({ type: "page.next" }));

  const columns: ReadonlyArray<Column<Lead>> = [
    { header: t("leads.date"), narrow: true, cell: (lead) => formatDate(lead.createdAt) },
    {
      header: t("leads.name"),
      cell: (lead) => (
        <Link href={paths.lead(lead.id)} className="lead-name">
          {personName(lead)}
        </Link>
      ),
    },
    {
      header: t("leads.message"),
      cell: (lead) => (
        <span className="lead-preview" title={lead.message}>
          {shorten(lead.message)}
        </span>
      ),
    },
    { header: t("leads.email"), cell: (lead) => <span className="lead-email">{lead.email}</span> },
    { header: t("leads.country"), cell: (lead) => lead.country },
    { header: t("leads.phone"), cell: (lead) => lead.phone },
    {
      header: t("leads.agent"),
      cell: (lead) =>
        lead.lead_user === null ? (
          <span className="unassigned">{t("leads.unassigned")}</span>
        ) : (
          personName(lead.lead_user)
        ),
    },
    {
      header: t("actions.column"),
      narrow: true,
      cell: (lead) => (
        <AssignLeadButton
          actor={assignment}
          leadId={lead.id}
          name={personName(lead)}
          agentId={lead.lead_user?.id ?? null}
        />
      ),
    },
  ];

  return (
    <section aria-labelledby="page-title" className="leads-screen">
      <PageTitle title={t("leads.title")} />
      <div className="leads-toolbar">
        {/* no role="search": Pico draws that role as one joined input group, which hides the label */}
        <form
          className="leads-search"
          onSubmit={submitted(() => list.send({ type: "search.submit" }))}
        >
          <label htmlFor="leads-search">{t("leads.search")}</label>
          <input
            id="leads-search"
            type="search"
            value={draft}
            placeholder={t("leads.searchHint")}
            maxLength={200}
            autoComplete="off"
            onChange={(event) => list.send({ type: "search.change", text: event.target.value })}
          />
        </form>
        <div className="leads-filter">
          <label htmlFor="leads-agent">{t("leads.agentFilter")}</label>
          <select
            id="leads-agent"
            value={filterValue(agent)}
            onChange={(event) => list.send({ type: "agent.change", agent: filterFrom(event.target.value) })}
          >
            <option value="all">{t("leads.allAgents")}</option>
            <option value="unassigned">{t("leads.unassignedOption")}</option>
            {agents.map((user) => (
              <option key={user.id} value={String(user.id)}>
                {`${user.first_name} ${user.last_name}`}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ErrorBanner message={error} />
      {fetching ? (
        <Spinner />
      ) : (
        !failed && (
          <>
            <div className="leads-table">
              <DataTable caption={t("leads.title")} columns={columns} rows={leads} empty={t("leads.empty")} />
            </div>
            <Pager
              label={t("leads.pager")}
              page={page}
              pages={pages}
              total={total}
              canPrevious={canPrevious}
              canNext={canNext}
              onPrevious={() => list.send({ type: "page.previous" })}
              onNext={() => list.send({ type: "page.next" })}
              onPage={(number) => list.send({ type: "page.go", page: number })}
            />
          </>
        )
      )}
      <AssignLeadDialog actor={assignment} />
    </section>
  );
}
