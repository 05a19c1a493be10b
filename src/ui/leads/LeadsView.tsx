import "./leads.css";
import { useSelector } from "@xstate/react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { fromPromise } from "xstate";
import type { Lead } from "../../api/leads.ts";
import {
  AGENT_FILTER,
  FROM_FILTER,
  LEADS_EXPORT_MAX,
  leadsListMachine,
  leadsQueryDefaults,
  leadTitle,
  pageCount,
  TO_FILTER,
} from "../../machines/leads/leadsList.machine.ts";
import { parseListQuery } from "../../machines/shared/listQuery.ts";
import type { ExportRequest } from "../../machines/shared/recordList.machine.ts";
import { AssignLeadButton, AssignLeadDialog, useLeadAssignment } from "./AssignLeadDialog.tsx";
import { type Column, DataTable } from "../shared/DataTable.tsx";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { BulkBar, BulkReportBanner, ListFilter, ListToolbar } from "../shared/ListControls.tsx";
import { PageTitle } from "../shared/PageTitle.tsx";
import { Pager } from "../shared/Pager.tsx";
import { Spinner } from "../shared/Spinner.tsx";
import { useServices } from "../shared/context.ts";
import { formatDate, personName, shorten } from "./leadFormat.ts";
import { publishQuery, useQueryFromAddress } from "../shared/listAddress.ts";
import { countryName } from "../shared/countries.ts";
import { paths } from "../paths.ts";
import { type ExportTable, exportColumns } from "../shared/exportColumns.ts";
import { useFlowActor } from "../shared/useFlow.ts";
import { useChanges } from "../shared/changes.ts";

/**
 * /panel/leads: a page of leads with search, agent and date filters, sortable columns, pager, the
 * assign menu per row, the bulk assignment of ticked leads and the export of every matching lead;
 * all of it in the address (decision 023).
 */
export default function LeadsView() {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const search = useSearch();
  const [initialSearch] = useState(search);
  const exportTable = useRef<ExportTable<Lead>>({ title: "", columns: [] });
  const [listLogic] = useState(() =>
    leadsListMachine.provide({
      actions: { publishQuery: publishQuery(leadsQueryDefaults) },
      actors: {
        saveExport: fromPromise<void, ExportRequest<Lead>>(({ input }) =>
          import("../shared/tableExport.ts").then(({ saveTable }) => saveTable(exportTable.current, input.rows, input.format)),
        ),
      },
    }),
  );
  const list = useFlowActor(listLogic, { input: { client, query: parseListQuery(initialSearch, leadsQueryDefaults) } });
  // a lead that arrives from the public site shows without a reload
  useChanges(
    (change) => change.kind === "lead",
    () => list.send({ type: "leads.changed" }),
  );
  useQueryFromAddress(list, search, leadsQueryDefaults);
  const assignment = useLeadAssignment(() => list.send({ type: "list.reload" }));
  const [assignee, setAssignee] = useState("");
  const leads = useSelector(list, (snapshot) => snapshot.context.leads);
  const query = useSelector(list, (snapshot) => snapshot.context.query);
  const pages = useSelector(list, (snapshot) => pageCount(snapshot.context));
  const total = useSelector(list, (snapshot) => snapshot.context.total);
  const totalIsAtLeast = useSelector(list, (snapshot) => snapshot.context.totalIsAtLeast);
  const draft = useSelector(list, (snapshot) => snapshot.context.draft);
  const agents = useSelector(list, (snapshot) => snapshot.context.agents);
  const selected = useSelector(list, (snapshot) => snapshot.context.selected);
  const report = useSelector(list, (snapshot) => snapshot.context.report);
  const error = useSelector(list, (snapshot) => snapshot.context.error);
  const fetching = useSelector(list, (snapshot) => snapshot.hasTag("fetching"));
  const processing = useSelector(list, (snapshot) => snapshot.hasTag("processing"));
  const exporting = useSelector(list, (snapshot) => snapshot.matches("exporting"));
  const failed = useSelector(list, (snapshot) => snapshot.matches("failed"));
  const canPrevious = useSelector(list, (snapshot) => snapshot.can({ type: "page.previous" }));
  const canNext = useSelector(list, (snapshot) => snapshot.can({ type: "page.next" }));
  const canExport = useSelector(list, (snapshot) => snapshot.can({ type: "list.export", format: "csv" }));
  const canAssign = useSelector(list, (snapshot) => snapshot.can({ type: "bulk.assign", userId: Number(assignee) }));
  const agentName = (lead: Lead) => (lead.lead_user === null ? t("leads.unassigned") : personName(lead.lead_user));
  const setFilter = (name: string) => (value: string) => list.send({ type: "filter.change", name, value });

  const columns: ReadonlyArray<Column<Lead>> = [
    { header: t("leads.date"), narrow: true, sort: "date", cell: (lead) => formatDate(lead.createdAt), text: (lead) => formatDate(lead.createdAt) },
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
      cell: (lead) =>
        lead.lead_user === null ? <span className="unassigned">{t("leads.unassigned")}</span> : personName(lead.lead_user),
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
  exportTable.current = { title: t("leads.title"), columns: exportColumns(columns) };

  return (
    <section aria-labelledby="page-title" className="leads-screen">
      <PageTitle title={t("leads.title")} />
      <ListToolbar
        id="leads"
        search={draft}
        hint={t("leads.searchHint")}
        onSearch={(text) => list.send({ type: "search.change", text })}
        onSubmit={() => list.send({ type: "search.submit" })}
        exporting={exporting}
        canExport={canExport && !processing}
        onExport={(format) => list.send({ type: "list.export", format })}
        filters={
          <>
            <ListFilter
              id="leads-agent"
              label={t("leads.agentFilter")}
              value={query.filters[AGENT_FILTER] ?? ""}
              options={[
                { value: "", label: t("leads.allAgents") },
                { value: "unassigned", label: t("leads.unassignedOption") },
                ...agents.map((user) => ({ value: String(user.id), label: `${user.first_name} ${user.last_name}` })),
              ]}
              onChange={setFilter(AGENT_FILTER)}
            />
            <div className="list-filter list-date">
              <label htmlFor="leads-from">{t("leads.from")}</label>
              <input
                id="leads-from"
                type="date"
                value={query.filters[FROM_FILTER] ?? ""}
                onChange={(event) => setFilter(FROM_FILTER)(event.target.value)}
              />
            </div>
            <div className="list-filter list-date">
              <label htmlFor="leads-to">{t("leads.to")}</label>
              <input
                id="leads-to"
                type="date"
                value={query.filters[TO_FILTER] ?? ""}
                onChange={(event) => setFilter(TO_FILTER)(event.target.value)}
              />
            </div>
          </>
        }
      />
      {!canExport && !fetching && !processing && <p className="list-note">{t("leads.exportTooMany", { max: LEADS_EXPORT_MAX })}</p>}
      <ErrorBanner message={error} />
      <BulkReportBanner report={report} />
      <BulkBar count={selected.length}>
        <span className="bulk-assign">
          <label htmlFor="leads-assignee">{t("leads.bulkAssignTo")}</label>
          <select id="leads-assignee" value={assignee} onChange={(event) => setAssignee(event.target.value)}>
            <option value="">{t("leads.chooseAgent")}</option>
            {agents.map((user) => (
              <option key={user.id} value={String(user.id)}>
                {`${user.first_name} ${user.last_name}`}
              </option>
            ))}
          </select>
        </span>
        <button
          type="button"
          disabled={!canAssign}
          onClick={() => list.send({ type: "bulk.assign", userId: Number(assignee) })}
        >
          {t("leads.bulkAssign")}
        </button>
      </BulkBar>
      {fetching ? (
        <Spinner />
      ) : (
        !failed && (
          <>
            <div className="leads-table">
              <DataTable
                caption={t("leads.title")}
                columns={columns}
                rows={leads}
                empty={t("leads.empty")}
                sort={{
                  column: query.sort,
                  direction: query.direction,
                  onSort: (column) => list.send({ type: "sort.toggle", column }),
                }}
                selection={{
                  selected,
                  disabled: processing,
                  label: (lead) => t("table.selectRow", { name: leadTitle(lead) }),
                  onSelect: (lead, ticked) => list.send({ type: "row.select", id: lead.id, selected: ticked }),
                  onSelectPage: (ticked) => list.send({ type: "page.select", selected: ticked }),
                }}
              />
            </div>
            <Pager
              label={t("leads.pager")}
              page={query.page}
              pages={pages}
              total={t(totalIsAtLeast ? "leads.totalAtLeast" : "leads.total", { count: total })}
              canPrevious={canPrevious}
              canNext={canNext}
              onPrevious={() => list.send({ type: "page.previous" })}
              onNext={() => list.send({ type: "page.next" })}
              onPage={(number) => list.send({ type: "page.go", page: number })}
              pageSize={query.pageSize}
              onPageSize={(pageSize) => list.send({ type: "pageSize.change", pageSize })}
            />
          </>
        )
      )}
      <AssignLeadDialog actor={assignment} />
    </section>
  );
}
