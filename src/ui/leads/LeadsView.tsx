import "./leads.css";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { fromPromise } from "xstate";
import type { Lead } from "../../api/leads.ts";
import type { User } from "../../api/staffUsers.ts";
import {
  AGENT_FILTER,
  FROM_FILTER,
  type LeadsChoices,
  leadsListMachine,
  leadsQueryDefaults,
  leadTitle,
  TO_FILTER,
} from "../../machines/leads/leadsList.machine.ts";
import type { BulkQuestion } from "../../machines/shared/pagedList.machine.ts";
import { AssignLeadButton, useLeadAssignment } from "./AssignLeadDialog.tsx";
import type { Column } from "../shared/DataTable.tsx";
import { PageTitle } from "../shared/PageTitle.tsx";
import { type PagedFilter, PagedList, selectFilter } from "../shared/PagedList.tsx";
import { formatDate, personName, shorten } from "./leadFormat.ts";
import { countryName } from "../shared/countries.ts";
import { paths } from "../paths.ts";

const agentLabel = (user: User) => `${user.first_name} ${user.last_name}`;

/**
 * /panel/leads on the one list engine: a page of leads with search, agent and date filters,
 * sortable columns and the pager (its total may be "more than N"), the assign menu per row, the
 * ticked leads given to the agent the bulk bar names, and the export of every matching lead; all
 * of it in the address (decision 023).
 */
export default function LeadsView() {
  const { t, i18n } = useTranslation();
  // a row's own assignment changed it: the list fetches its page again
  const [reloads, setReloads] = useState(0);
  const assignment = useLeadAssignment(() => setReloads((count) => count + 1));
  // the agent the ticked leads go to, as the bulk bar's select names it; read when "assign" is pressed
  const [assignee, setAssignee] = useState("");
  const chosenAssignee = useRef(assignee);
  chosenAssignee.current = assignee;
  const [askAssignee] = useState(() =>
    fromPromise<string | null, BulkQuestion>(async () => (chosenAssignee.current === "" ? null : chosenAssignee.current)),
  );
  const agentName = (lead: Lead) => (lead.lead_user === null ? t("leads.unassigned") : personName(lead.lead_user));

  const columns: ReadonlyArray<Column<Lead>> = [
    {
      header: t("leads.date"),
      narrow: true,
      sort: "date",
      cell: (lead) => formatDate(lead.createdAt),
      text: (lead) => formatDate(lead.createdAt),
      typed: { type: "dateTime", value: (lead) => lead.createdAt },
    },
    {
      header: t("leads.name"),
      sort: "name",
      text: personName,
      cell: (lead) => (
        <Link href={paths.lead(lead.id)} className="lead-name">
          {personName(lead)}
        </Link>
      ),
    },
    {
      header: t("leads.message"),
      text: (lead) => lead.message,
      cell: (lead) => (
        <span className="lead-preview" title={lead.message}>
          {shorten(lead.message)}
        </span>
      ),
    },
    {
      header: t("leads.email"),
      sort: "email",
      text: (lead) => lead.email,
      cell: (lead) => (
        <span className="lead-email" title={lead.email}>
          {lead.email}
        </span>
      ),
    },
    {
      header: t("leads.country"),
      sort: "country",
      cell: (lead) => countryName(lead.country, i18n.language),
      text: (lead) => countryName(lead.country, i18n.language),
    },
    { header: t("leads.phone"), sort: "phone", narrow: true, cell: (lead) => lead.phone, text: (lead) => lead.phone },
    {
      header: t("leads.agent"),
      sort: "agent",
      text: agentName,
      cell: (lead) => (lead.lead_user === null ? <span className="unassigned">{t("leads.unassigned")}</span> : personName(lead.lead_user)),
    },
    {
      header: t("actions.column"),
      narrow: true,
      cell: (lead) => <AssignLeadButton assignment={assignment} leadId={lead.id} name={personName(lead)} agentId={lead.lead_user?.id ?? null} />,
    },
  ];

  const filters = (choices: LeadsChoices | null): ReadonlyArray<PagedFilter> => {
    return [
      selectFilter(AGENT_FILTER, t("leads.agentFilter"), t("leads.allAgents"), [
        { value: "unassigned", label: t("leads.unassignedOption") },
        ...(choices?.agents ?? []).map((user) => ({ value: String(user.id), label: agentLabel(user) })),
      ]),
      { kind: "date", name: FROM_FILTER, label: t("leads.from") },
      { kind: "date", name: TO_FILTER, label: t("leads.to") },
    ];
  };

  return (
    <section aria-labelledby="page-title" className="leads-screen">
      <PageTitle title={t("leads.title")} />
      <PagedList
        machine={leadsListMachine}
        defaults={leadsQueryDefaults}
        scope={null}
        id="leads"
        title={t("leads.title")}
        columns={columns}
        filters={filters}
        searchHint={t("leads.searchHint")}
        empty={t("leads.empty")}
        totalText={(count, atLeast) => t(atLeast ? "leads.totalAtLeast" : "leads.total", { count })}
        exportLimitText={(max) => t("leads.exportTooMany", { max })}
        pagerLabel={t("leads.pager")}
        rowTitle={leadTitle}
        // a lead that arrives from the public site, or is assigned elsewhere, shows without a reload
        changes={(change) => change.kind === "lead"}
        reloads={reloads}
        bulk={{
          // the same sales users as the agent filter
          controls: (choices) => (
            <span className="bulk-assign">
              <label htmlFor="leads-assignee">{t("leads.bulkAssignTo")}</label>
              <select id="leads-assignee" value={assignee} onChange={(event) => setAssignee(event.target.value)}>
                <option value="">{t("leads.chooseAgent")}</option>
                {(choices?.agents ?? []).map((user) => (
                  <option key={user.id} value={String(user.id)}>
                    {agentLabel(user)}
                  </option>
                ))}
              </select>
            </span>
          ),
          commands: [{ command: "assign", label: t("leads.bulkAssign"), disabled: assignee === "" }],
          ask: askAssignee,
        }}
      />
      {assignment.dialog}
    </section>
  );
}
