import { Schema } from "effect";
import type { FirstComment, LeadsReport } from "../../src/api/reports.ts";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";

const LeadsRow = Schema.Struct({
  kind: Schema.Literals(["week", "country", "agent", "total"]),
  week: Schema.NullOr(Schema.String),
  country: Schema.NullOr(Schema.String),
  agent_id: Schema.NullOr(Schema.Int),
  agent_name: Schema.NullOr(Schema.String),
  leads: Schema.Int,
  commented: Schema.Int,
  average_hours: Schema.NullOr(Schema.Finite),
  median_hours: Schema.NullOr(Schema.Finite),
});
type LeadsRow = typeof LeadsRow.Type;

const firstCommentOf = (row: LeadsRow | undefined): FirstComment => ({
  commented: row?.commented ?? 0,
  averageHours: row?.average_hours ?? null,
  medianHours: row?.median_hours ?? null,
});

const DAY = 86_400_000;

/** The Monday (UTC) of a day's week, `YYYY-MM-DD`. */
const mondayOf = (day: string): Date => {
  const date = new Date(`${day}T00:00:00Z`);
  return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY);
};

/** Every week (its Monday) that has a day in the period, in order. */
const weeksOf = (from: string, to: string): ReadonlyArray<string> => {
  const weeks: string[] = [];
  for (let monday = mondayOf(from).getTime(); monday <= Date.parse(`${to}T00:00:00Z`); monday += 7 * DAY) {
    weeks.push(new Date(monday).toISOString().slice(0, 10));
  }
  return weeks;
};

/**
 * The leads dashboard (decision 043): the leads received in the period (UTC days) counted per
 * week, per country and per agent now assigned, with the hours each waited for its first comment
 * (its first note's time less its own), in one grouped read; the weeks without a lead are added
 * as zero, so the weekly chart shows the quiet weeks.
 */
export const leadsOf = async (db: Queryable, period: { readonly from: string; readonly to: string }): Promise<LeadsReport> => {
  const rows = await queryRows(
    db,
    LeadsRow,
    `with received as (
       select l.id, l.country, l.agent_id, u.first_name || ' ' || u.last_name as agent_name,
              to_char(date_trunc('week', l.created_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
              extract(epoch from (select min(n.created_at) from lead_notes n where n.lead_id = l.id) - l.created_at)::float8 / 3600 as waited
         from leads l left join users u on u.id = l.agent_id
        where l.created_at >= ($1::date)::timestamp at time zone 'UTC' and l.created_at < ($2::date + 1)::timestamp at time zone 'UTC')
     select case when grouping(week) = 0 then 'week' when grouping(country) = 0 then 'country' when grouping(agent_id) = 0 then 'agent' else 'total' end as kind,
            week, country, agent_id, agent_name, count(*)::int as leads, count(waited)::int as commented,
            round(avg(waited)::numeric, 1)::float8 as average_hours,
            round((percentile_cont(0.5) within group (order by waited))::numeric, 1)::float8 as median_hours
       from received
      group by grouping sets ((week), (country), (agent_id, agent_name), ())
      order by kind, leads desc, week, country, agent_name nulls last`,
    [period.from, period.to],
  );
  const counted = new Map(rows.filter((row) => row.kind === "week").map((row) => [row.week, row.leads]));
  return {
    from: period.from,
    to: period.to,
    total: rows.find((row) => row.kind === "total")?.leads ?? 0,
    weeks: weeksOf(period.from, period.to).map((week) => ({ week, leads: counted.get(week) ?? 0 })),
    countries: rows.filter((row) => row.kind === "country").map((row) => ({ country: row.country ?? "", leads: row.leads })),
    agents: rows
      .filter((row) => row.kind === "agent")
      .map((row) => ({ agentId: row.agent_id, agentName: row.agent_name, leads: row.leads, ...firstCommentOf(row) })),
    firstComment: firstCommentOf(rows.find((row) => row.kind === "total")),
  };
};
