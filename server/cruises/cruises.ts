/**
 * Departures' reads and commands (DOMAIN.md sections 4 and 9). Every command runs inside the
 * caller's transaction, loads the facts the cruise machine decides with and goes through it
 * (events/command.ts); this file never answers a rule's message itself.
 */
import { addDays } from "../../src/machines/domain/calendar.ts";
import { Schema } from "effect";
import {
  type Availability,
  type Cruise,
  type CruiseDraft,
  type CruiseGeneration,
  type CruisesQuery,
  type CruisesSort,
  cancellationProblem,
  cruiseDetails,
  cruiseDraftProblems,
  DEFAULT_CRUISES_PAGE_SIZE,
  generationProblems,
} from "../../src/api/cruises.ts";
import { type DetailValues, detailValues } from "../../src/api/details.ts";
import type { ListMeta } from "../../src/api/endpoint.ts";
import { ApiError } from "../../src/api/errors.ts";
import { firstProblem } from "../../src/api/fields.ts";
import { CruiseId } from "../../src/api/ids.ts";
import { messages } from "../../src/api/messages.ts";
import { weekdays } from "../../src/records/fleet.ts";
import {
  type CruiseFacts,
  type CruiseFields,
  cruiseMachine,
  isItineraryOfAnotherYacht,
  noCruiseFacts,
} from "../../src/machines/domain/cruise.machine.ts";
import { judge } from "../../src/machines/domain/verdict.ts";
import { countBerths, type SpaceTally } from "../../src/machines/domain/berths.ts";
import { catalogues } from "../../src/records/index.ts";
import { unselectedReferences } from "../catalogues/items.ts";
import type { Queryable } from "../db/database.ts";
import { IdRow, queryExists, queryOne, queryRows, statementParams } from "../db/rows.ts";
import { pageAsked, readPage, wordPatterns } from "../db/paging.ts";
import { refusedCommand } from "../events/refused.ts";
import { type CommandOptions, decide, decideNew, expectVersion } from "../events/command.ts";
import { cruiseRecord } from "./projection.ts";
import { cancelLiveReservations } from "../reservations/commands/cancelLiveReservations.ts";
import { cabinCapacitySql, liveCabinSql } from "../reservations/cabins.ts";
import type { ReaderLanguage } from "../http/caller.ts";
import { nameSql } from "../catalogues/names.ts";

const CruiseRow = Schema.Struct({
  id: CruiseId,
  code: Schema.String,
  yacht_id: Schema.Int,
  yacht_name: Schema.String,
  yacht_colour: Schema.String,
  cruise_itinerary_id: Schema.Int,
  itinerary_name: Schema.String,
  days: Schema.Int,
  nights: Schema.Int,
  start_date: Schema.String,
  end_date: Schema.String,
  guide_ids: Schema.Array(Schema.Int),
  language_ids: Schema.Array(Schema.Int),
  captain_id: Schema.NullOr(Schema.Int),
  hotelier_id: Schema.NullOr(Schema.Int),
  notes: Schema.String,
  status: Schema.Literals(["scheduled", "canceled"]),
  cancel_reason: Schema.NullOr(Schema.String),
  version: Schema.Int,
});
type CruiseRow = typeof CruiseRow.Type;

/** The departures' columns, their itineraries named in the reader's language (decision 080). */
const selectCruises = (language: ReaderLanguage) => `select c.id, c.code, c.yacht_id, y.name as yacht_name, coalesce(y.details->>'colour', '#1e6091') as yacht_colour,
    c.cruise_itinerary_id, ${nameSql("i", language)} as itinerary_name, coalesce((i.details->>'days')::int, 0) as days,
    coalesce((i.details->>'nights')::int, 0) as nights,
    to_char(c.start_date, 'YYYY-MM-DD') as start_date, to_char(c.end_date, 'YYYY-MM-DD') as end_date,
    c.guide_ids, c.language_ids, c.captain_id, c.hotelier_id, c.notes, c.status, c.cancel_reason, c.version
  from cruises c join yachts y on y.id = c.yacht_id join cruise_itineraries i on i.id = c.cruise_itinerary_id`;

const CapacityRow = Schema.Struct({ yacht_id: Schema.Int, capacity: Schema.Int });

/**
 * Each yacht's berths: the capacities of the berth types of its live cabins (a double bed counts
 * two). A cabin deactivated is not sold.
 */
const capacities = async (db: Queryable, yachtIds: ReadonlyArray<number>): Promise<ReadonlyMap<number, number>> => {
  if (yachtIds.length === 0) return new Map();
  const rows = await queryRows(
    db,
    CapacityRow,
    `select (c.details->>'yacht')::int as yacht_id, coalesce(sum(${cabinCapacitySql}), 0)::int as capacity
       from cabins c where ${liveCabinSql} and (c.details->>'yacht')::int = any($1::int[]) group by 1`,
    [[...new Set(yachtIds)]],
  );
  return new Map(rows.map((row) => [row.yacht_id, row.capacity]));
};

const TallyRow = Schema.Struct({ cruise_id: Schema.Int, held: Schema.Int, confirmed: Schema.Int, waiting: Schema.Int, chartered: Schema.Boolean });

/** Each departure's live spaces, counted by state (berths.ts turns them into its availability). */
const tallies = async (db: Queryable, cruiseIds: ReadonlyArray<number>): Promise<ReadonlyMap<number, SpaceTally>> => {
  if (cruiseIds.length === 0) return new Map();
  const rows = await queryRows(
    db,
    TallyRow,
    `select cruise_id, count(*) filter (where status = 'reserved')::int as held, count(*) filter (where status = 'confirmed')::int as confirmed,
            count(*) filter (where status = 'waiting')::int as waiting, bool_or(charter and status <> 'waiting') as chartered
       from spaces where cruise_id = any($1::int[]) and status <> 'canceled' group by cruise_id`,
    [cruiseIds],
  );
  return new Map(rows.map(({ cruise_id, ...tally }) => [cruise_id, tally]));
};

const noSpaces: SpaceTally = { held: 0, confirmed: 0, waiting: 0, chartered: false };

const toCruise = (row: CruiseRow, availability: Availability): Cruise => ({
  id: row.id,
  code: row.code,
  yachtId: row.yacht_id,
  yachtName: row.yacht_name,
  yachtColour: row.yacht_colour,
  cruiseItineraryId: row.cruise_itinerary_id,
  cruiseItineraryName: row.itinerary_name,
  days: row.days,
  nights: row.nights,
  startDate: row.start_date,
  endDate: row.end_date,
  guideIds: row.guide_ids,
  languageIds: row.language_ids,
  captainId: row.captain_id,
  hotelierId: row.hotelier_id,
  notes: row.notes,
  state: row.status,
  cancelReason: row.cancel_reason,
  availability,
  version: row.version,
});

const withAvailability = async (db: Queryable, rows: ReadonlyArray<CruiseRow>): Promise<Cruise[]> => {
  const [capacity, spaces] = await Promise.all([
    capacities(
      db,
      rows.map((row) => row.yacht_id),
    ),
    tallies(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => toCruise(row, countBerths(capacity.get(row.yacht_id) ?? 0, spaces.get(row.id) ?? noSpaces)));
};

export const findCruise = async (db: Queryable, id: CruiseId, language: ReaderLanguage = "es"): Promise<Cruise | null> => {
  const row = await queryOne(db, CruiseRow, `${selectCruises(language)} where c.id = $1`, [id]);
  return row === null ? null : ((await withAvailability(db, [row]))[0] ?? null);
};

export interface CruisePage {
  readonly cruises: Cruise[];
  readonly meta: ListMeta;
}

/**
 * A departure's free berths as its availability counts them (berths.ts countBerths): none once
 * chartered, else its yacht's live berths less the held and confirmed ones. The inner `c` is the
 * cabin (cabins.ts names it so); the departure is `c` outside, its yacht `y`.
 */
const freeBerthsSql = `(case when exists (select 1 from spaces s where s.cruise_id = c.id and s.charter and s.status in ('reserved', 'confirmed')) then 0
    else greatest(0, (select coalesce(sum(${cabinCapacitySql}), 0) from cabins c where ${liveCabinSql} and (c.details->>'yacht')::int = y.id)
      - (select count(*) from spaces s where s.cruise_id = c.id and s.status in ('reserved', 'confirmed'))) end)`;

/** Each order's column. */
const cruiseSortColumns: Readonly<Record<CruisesSort, string>> = {
  start: "c.start_date",
  code: "c.code",
  yacht: "lower(y.name)",
  itinerary: "lower(i.name)",
  free: freeBerthsSql,
  state: "c.status",
};

/** A page of departures by start day or a column, narrowed by the query's period, yacht, state and words, with the total. */
export const listCruises = async (db: Queryable, query: CruisesQuery, language: ReaderLanguage): Promise<CruisePage> => {
  const conditions: string[] = [];
  const statement = statementParams();
  const { param } = statement;
  if (query.from !== undefined) conditions.push(`c.start_date >= ${param(query.from)}::date`);
  if (query.to !== undefined) conditions.push(`c.start_date <= ${param(query.to)}::date`);
  if (query.yachtId !== undefined) conditions.push(`c.yacht_id = ${param(query.yachtId)}`);
  if (query.state !== undefined) conditions.push(`c.status = ${param(query.state)}`);
  for (const word of wordPatterns(query.q)) {
    const pattern = param(word);
    conditions.push(`(lower(c.code) like ${pattern} or lower(y.name) like ${pattern} or lower(i.name) like ${pattern})`);
  }
  const where = conditions.length === 0 ? "" : `where ${conditions.join(" and ")}`;
  const byStart = "c.start_date, c.id";
  const order = query.sort === undefined ? byStart : `${cruiseSortColumns[query.sort]} ${query.order === "desc" ? "desc" : "asc"}, ${byStart}`;
  const from = "cruises c join yachts y on y.id = c.yacht_id join cruise_itineraries i on i.id = c.cruise_itinerary_id";
  const { rows, meta } = await readPage(db, CruiseRow, { select: selectCruises(language), from, where, order }, statement, pageAsked(query, DEFAULT_CRUISES_PAGE_SIZE));
  return { cruises: await withAvailability(db, rows), meta };
};

const ItineraryRow = Schema.Struct({
  yacht_id: Schema.NullOr(Schema.Int),
  nights: Schema.NullOr(Schema.Int),
  start_weekday: Schema.NullOr(Schema.String),
});

/** An itinerary's yacht, nights and start weekday, or null when there is no live one. */
const findItinerary = (db: Queryable, id: number) =>
  queryOne(
    db,
    ItineraryRow,
    `select (details->>'yacht')::int as yacht_id, (details->>'nights')::int as nights, details->>'startWeekday' as start_weekday
       from cruise_itineraries where id = $1 and status <> 'deleted'`,
    [id],
  );

const InitialsRow = Schema.Struct({ initials: Schema.String });

/** Locks the yacht's row until the transaction ends, so that two departures of one yacht are judged one after the other; answers its initials. */
const lockYacht = async (tx: Queryable, yachtId: number): Promise<string | null> =>
  (await queryOne(tx, InitialsRow, `select coalesce(details->>'initials', '') as initials from yachts where id = $1 for update`, [yachtId]))
    ?.initials ?? null;

/** Whether the yacht sails another live departure on a day of [start, end] (a departure may start the day another ends). */
const overlaps = (tx: Queryable, yachtId: number, start: string, end: string, self: number | null): Promise<boolean> =>
  queryExists(
    tx,
    `select 1 from cruises where yacht_id = $1 and status = 'scheduled' and start_date < $3::date and end_date > $2::date
        and ($4::int is null or id <> $4)`,
    [yachtId, start, end, self],
  );

/**
 * A departure's code: the yacht's initials and its start day (`GEX-20270305`); a canceled
 * departure of that yacht and day keeps its own, so the next one is `-2`, `-3`...
 */
const codeFor = async (tx: Queryable, initials: string, start: string, self: number | null): Promise<string> => {
  const base = `${initials}-${start.replaceAll("-", "")}`;
  for (let suffix = 1; ; suffix += 1) {
    const code = suffix === 1 ? base : `${base}-${suffix}`;
    const taken = await queryExists(tx, "select 1 from cruises where code = $1 and ($2::int is null or id <> $2)", [code, self]);
    if (!taken) return code;
  }
};

/** What a draft decides with and, when its fields allow, the fields the event stores. */
const judgeDraft = async (
  tx: Queryable,
  draft: CruiseDraft,
  current: Cruise | null,
  options: CommandOptions,
  oneByOne: boolean,
): Promise<{ readonly facts: CruiseFacts; readonly fields: CruiseFields }> => {
  const values: DetailValues = detailValues(cruiseDetails, { ...draft });
  const currentValues = current === null ? null : detailValues(cruiseDetails, { ...current });
  const problems = { ...(await unselectedReferences(tx, catalogues, cruiseDetails, values, currentValues)), ...cruiseDraftProblems(values) };
  const yachtId = typeof values.yachtId === "number" ? values.yachtId : null;
  const itineraryId = typeof values.cruiseItineraryId === "number" ? values.cruiseItineraryId : null;
  const startDate = typeof values.startDate === "string" ? values.startDate : "";
  const itinerary = itineraryId === null ? null : await findItinerary(tx, itineraryId);
  const initials = yachtId === null ? null : await lockYacht(tx, yachtId);
  const fieldProblem = firstProblem(problems);
  const endDate = fieldProblem === null && itinerary !== null ? addDays(startDate, itinerary.nights ?? 0) : startDate;
  const fields: CruiseFields = {
    code: fieldProblem === null && initials !== null ? await codeFor(tx, initials, startDate, current?.id ?? null) : "",
    yachtId: yachtId ?? 0,
    cruiseItineraryId: itineraryId ?? 0,
    startDate,
    endDate,
    guideIds: Array.isArray(values.guideIds) ? values.guideIds.filter((id): id is number => typeof id === "number") : [],
    languageIds: Array.isArray(values.languageIds) ? values.languageIds.filter((id): id is number => typeof id === "number") : [],
    captainId: typeof values.captainId === "number" ? values.captainId : null,
    hotelierId: typeof values.hotelierId === "number" ? values.hotelierId : null,
    notes: typeof values.notes === "string" ? values.notes : "",
  };
  return {
    facts: {
      fieldProblem,
      clock: options.occurredAt.getTime(),
      oneByOne,
      currentStartDate: current?.startDate ?? null,
      isItineraryOfAnotherYacht: isItineraryOfAnotherYacht(itinerary?.yacht_id ?? null, yachtId),
      overlapsAnotherDeparture: fieldProblem === null && yachtId !== null && (await overlaps(tx, yachtId, startDate, endDate, current?.id ?? null)),
      movesSoldBerths: false,
    },
    fields,
  };
};

export const createCruise = async (tx: Queryable, draft: CruiseDraft, options: CommandOptions): Promise<CruiseId> => {
  const { facts, fields } = await judgeDraft(tx, draft, null, options, true);
  return decodeCruiseId(await decideNew(tx, cruiseRecord, { type: "cruise.schedule", ...fields }, options, facts));
};

const decodeCruiseId = Schema.decodeSync(CruiseId);

/** The departure of a command, 404 when there is none. */
const existing = async (tx: Queryable, id: CruiseId): Promise<Cruise> => {
  const cruise = await findCruise(tx, id);
  if (cruise === null) throw new ApiError(404, messages.notFound);
  return cruise;
};

export const updateCruise = async (tx: Queryable, id: CruiseId, draft: CruiseDraft, version: number, options: CommandOptions): Promise<void> => {
  const current = await existing(tx, id);
  await expectVersion(tx, cruiseRecord, String(id), version, current.version);
  const { facts, fields } = await judgeDraft(tx, draft, current, options, true);
  const moves = fields.yachtId !== current.yachtId || fields.cruiseItineraryId !== current.cruiseItineraryId || fields.startDate !== current.startDate;
  const sold = current.availability.held + current.availability.confirmed + current.availability.waiting > 0;
  await decide(tx, cruiseRecord, String(id), { type: "cruise.edit", ...fields }, options, { ...facts, movesSoldBerths: moves && sold });
};

/**
 * Cancels a departure for a reason, and with it every live reservation on it (each through its own
 * machine, with the same reason), under the departure's lock so that no hold slips in between.
 */
export const cancelCruise = async (tx: Queryable, id: CruiseId, reason: string, options: CommandOptions): Promise<void> => {
  await queryRows(tx, IdRow, "select id from cruises where id = $1 for update", [id]);
  await existing(tx, id);
  const facts = { ...noCruiseFacts, fieldProblem: cancellationProblem(reason) };
  await decide(tx, cruiseRecord, String(id), { type: "cruise.cancel", reason: reason.trim() }, options, facts);
  await cancelLiveReservations(tx, id, reason.trim(), options);
};

/** The days from `from` to `to` that fall on `weekday`. */
export const weekdaysBetween = (from: string, to: string, weekday: string): string[] => {
  const wanted = weekdays.indexOf(weekday as (typeof weekdays)[number]);
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    // getUTCDay: Sunday 0; the weekdays list starts on Monday
    if ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7 === wanted) days.push(day);
  }
  return days;
};

/**
 * Schedules the itinerary's departures of a period: one on each of its start weekdays, each
 * through the cruise machine like one made alone; a day on which the yacht already sails is left
 * out. Answers the new departures' codes. A generation whose fields are wrong is refused as one
 * departure's would be. The demo staffs its departures as it generates them (`staffing`).
 */
export const generateCruises = async (
  tx: Queryable,
  generation: CruiseGeneration,
  options: CommandOptions,
  staffing: Pick<CruiseDraft, "guideIds" | "languageIds" | "captainId" | "hotelierId"> = { guideIds: [], languageIds: [] },
): Promise<string[]> => {
  const itinerary = generation.cruiseItineraryId === null ? null : await findItinerary(tx, generation.cruiseItineraryId);
  const problem = firstProblem(generationProblems(generation)) ?? (itinerary?.yacht_id == null ? "invalid" : null);
  if (problem !== null || itinerary === null || itinerary.yacht_id === null || generation.from === null || generation.to === null) {
    refuseAsSchedule({ ...noCruiseFacts, fieldProblem: problem ?? "invalid" });
    return [];
  }
  const codes: string[] = [];
  for (const startDate of weekdaysBetween(generation.from, generation.to, itinerary.start_weekday ?? "")) {
    const draft = { yachtId: itinerary.yacht_id, cruiseItineraryId: generation.cruiseItineraryId, startDate, ...staffing };
    const { facts, fields } = await judgeDraft(tx, draft, null, options, false);
    // a day the yacht is at sea, or one that has begun, is left out of the period's departures
    const verdict = judge(cruiseMachine, null, { type: "cruise.schedule", ...fields }, facts);
    if (verdict.kind === "refused" && (verdict.refusal.guard === "overlapsAnotherDeparture" || verdict.refusal.guard === "isInThePast")) continue;
    await decideNew(tx, cruiseRecord, { type: "cruise.schedule", ...fields }, options, facts);
    codes.push(fields.code);
  }
  return codes;
};

/** Answers the refusal the cruise machine gives a departure scheduled with these facts (a generation's fields are a departure's). */
const refuseAsSchedule = (facts: CruiseFacts): void => {
  const unscheduled = { code: "", yachtId: 0, cruiseItineraryId: 0, startDate: "", endDate: "", guideIds: [], languageIds: [], captainId: null, hotelierId: null, notes: "" };
  const event = { type: "cruise.schedule", ...unscheduled } as const;
  const verdict = judge(cruiseMachine, null, event, facts);
  if (verdict.kind === "refused") throw refusedCommand(cruiseMachine, verdict.refusal, { stream: cruiseRecord.stream, streamId: null, state: null, event, facts });
};
