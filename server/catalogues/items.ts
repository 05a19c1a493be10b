import { Schema } from "effect";
import { catalogueRecord, type ItemUse, tableOf, usesOf } from "./storage.ts";
import {
  type CatalogueItem,
  type CatalogueItemPayload,
  catalogueItemProblems,
  type LifecycleCommand,
  reasonField,
  type CatalogueListQuery,
  type CataloguePageQuery,
  comparableName,
  filterParameter,
  type Total,
} from "../../src/api/catalogues.ts";
import {
  answeredDetails,
  centsOfAmount,
  type Detail,
  detailMessage,
  detailProblems,
  type DetailValue,
  type DetailValues,
  detailValues,
  emptyValue,
  referencedIds,
  referencesOf,
  storedDetails,
  storedName,
} from "../../src/api/details.ts";
import { dollarsOf } from "../../src/api/cents.ts";
import { type YearCopied, type YearCopy, yearCopyDetails } from "../../src/api/yearCopy.ts";
import { type YearCopyFacts, yearCopyMachine } from "../../src/machines/domain/yearCopy.machine.ts";
import { judge } from "../../src/machines/domain/verdict.ts";
import { type FieldProblem, type FieldProblems, firstProblem, textProblem } from "../../src/api/fields.ts";
import type { ListMeta } from "../../src/api/endpoint.ts";
import type { CatalogueItemId } from "../../src/api/ids.ts";
import { ApiError } from "../../src/api/errors.ts";
import { type Message, messages } from "../../src/api/messages.ts";
import type { RecordVersion } from "../../src/api/versions.ts";
import type { CatalogueItemDetails, CatalogueItemFacts } from "../../src/machines/domain/catalogueItem.machine.ts";
import { catalogues } from "../../src/records/index.ts";
import { yachts } from "../../src/records/fleet.ts";
import { yachtPages } from "../../src/records/yachtPages.ts";
import type { Queryable } from "../db/database.ts";
import { IdRow, lockTransaction, nextIds, queryExists, queryOne, queryRows } from "../db/rows.ts";
import { type CommandOptions, decide, decideNew, expectVersion } from "../events/command.ts";
import { insertRows } from "../events/projection.ts";
import { refusedCommand } from "../events/refused.ts";
import { appendEvents } from "../events/store.ts";
import { orNotFound } from "../http/found.ts";
import { namedImages, placeNewImages, unknownImages } from "../uploads/formImages.ts";
import { removeUnusedImages, type UploadedImage } from "../uploads/store.ts";
import type { CatalogueRecord } from "./projection.ts";

/** Every catalogue the server serves: where a reference finds the items it may point at. */
export type ServedCatalogues = ReadonlyArray<CatalogueRecord>;

const ItemRow = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  active: Schema.Boolean,
  status: Schema.String,
  version: Schema.Int,
  details: Schema.Record(Schema.String, Schema.Unknown),
  stamps: Schema.Record(Schema.String, Schema.Unknown),
});
type ItemRow = typeof ItemRow.Type;

/**
 * A row as the contract answers it: each declared detail under its name (its empty value if never
 * set; an amount of money in dollars); with a lifecycle, the state and each stamp (null until
 * stamped). The item the server holds also carries each amount's stored cents (`clientRateCents`,
 * decision 088), which pricing and money read; the contract names no such field, so the wire's
 * encoding drops them.
 */
const toItem = (catalogue: CatalogueRecord, row: ItemRow): CatalogueItem => {
  const cents = catalogue.api.details.flatMap((detail) => (detail.rule.kind === "money" ? [[storedName(detail), row.details[storedName(detail)] ?? null]] : []));
  return { ...answeredItem(catalogue, row), ...Object.fromEntries(cents) };
};

const answeredItem = (catalogue: CatalogueRecord, row: ItemRow): CatalogueItem => {
  const { lifecycle } = catalogue.api;
  const details = Object.fromEntries([
    ...Object.entries(answeredDetails(catalogue.api.details, row.details)),
    ...catalogue.api.totals.map(({ name }) => [name, row.details[name] ?? 0]),
    ...(lifecycle === null ? [] : [["state", row.status], ...lifecycle.stamps.map((name) => [name, row.stamps[name] ?? null])]),
  ]);
  return Schema.decodeUnknownSync(catalogue.api.get.response)({ ...details, id: row.id, name: row.name, active: row.active, version: row.version });
};

const itemColumns = "id, name, active, status, version, details, stamps";

const NameRow = Schema.Struct({ id: Schema.Int, name: Schema.String });

const DetailsRow = Schema.Struct({ id: Schema.Int, details: Schema.Record(Schema.String, Schema.Unknown) });
type DetailsRow = typeof DetailsRow.Type;

const catalogueOf = (served: ServedCatalogues, resource: string): CatalogueRecord => {
  const found = served.find((other) => other.api.resource === resource);
  if (found === undefined) throw new Error(`no catalogue '${resource}' is served`);
  return found;
};

const sum = (values: ReadonlyArray<number>): number => values.reduce((total, value) => total + value, 0);

/** A detail or a total of each row, by id: what a total adds up (a berth's capacity, a cabin's). */
const fieldValues = async (
  db: Queryable,
  served: ServedCatalogues,
  catalogue: CatalogueRecord,
  field: string,
  rows: ReadonlyArray<DetailsRow>,
): Promise<ReadonlyMap<number, number>> => {
  const total = catalogue.api.totals.find(({ name }) => name === field);
  if (total !== undefined) return totalValues(db, served, catalogue, total, rows);
  return new Map(rows.map(({ id, details }) => [id, typeof details[field] === "number" ? details[field] : 0]));
};

/**
 * A total of each row, by id (decision 028): the items it adds up are read once for all the rows,
 * so a list of yachts reads their cabins and the cabins' berths in two queries.
 */
const totalValues = async (
  db: Queryable,
  served: ServedCatalogues,
  catalogue: CatalogueRecord,
  total: Total,
  rows: ReadonlyArray<DetailsRow>,
): Promise<ReadonlyMap<number, number>> => {
  if (total.kind === "chosen") {
    const rule = catalogue.api.details.find(({ name }) => name === total.detail)?.rule;
    if (rule === undefined || rule.kind !== "references") throw new Error(`'${total.detail}' is no list of references`);
    const chosen = (row: DetailsRow) => referencedIds(rule, (row.details[total.detail] ?? []) as DetailValue);
    const target = catalogueOf(served, rule.catalogue);
    const ids = [...new Set(rows.flatMap(chosen))];
    const targets = await queryRows(db, DetailsRow, `select id, details from ${tableOf(target)} where id = any($1::int[])`, [ids]);
    const values = await fieldValues(db, served, target, total.value, targets);
    return new Map(rows.map((row) => [row.id, sum(chosen(row).map((id) => values.get(id) ?? 0))]));
  }
  const source = catalogueOf(served, total.catalogue);
  const pointing = await queryRows(
    db,
    DetailsRow,
    `select id, details from ${tableOf(source)} where status <> 'deleted' and (details->>$2)::int = any($1::int[])`,
    [rows.map(({ id }) => id), total.detail],
  );
  const values = await fieldValues(db, served, source, total.value, pointing);
  return new Map(
    rows.map((row) => [row.id, sum(pointing.filter(({ details }) => details[total.detail] === row.id).map(({ id }) => values.get(id) ?? 0))]),
  );
};

/** The rows as the contract answers them, each with its totals. */
const toItems = async (
  db: Queryable,
  catalogue: CatalogueRecord,
  rows: ReadonlyArray<ItemRow>,
  served: ServedCatalogues,
): Promise<CatalogueItem[]> => {
  const totals = await Promise.all(
    catalogue.api.totals.map(async (total) => [total.name, await totalValues(db, served, catalogue, total, rows)] as const),
  );
  return rows.map((row) =>
    toItem(catalogue, { ...row, details: { ...row.details, ...Object.fromEntries(totals.map(([name, values]) => [name, values.get(row.id) ?? 0])) } }),
  );
};

/** Every catalogue's table: a read of one catalogue may add up another's items (its totals). */
const catalogueTables = catalogues.map(tableOf);

/**
 * A read of the catalogues (the fleet, the reference data, the rates), remembered until one of
 * their tables is written: rarely, as a hold, the most frequent write, writes none of them.
 */
export const rememberCatalogueRead = <V>(db: Queryable, key: string, read: () => Promise<V>): Promise<V> =>
  db.remember(`catalogue ${key}`, read, catalogueTables);

/**
 * Items of the served catalogues, remembered (rememberCatalogueRead), as a new array each time over
 * the shared items. Catalogues served otherwise (a test's own) are read every time.
 */
const rememberItems = async <Items>(db: Queryable, served: ServedCatalogues, key: string, read: () => Promise<Items[]>): Promise<Items[]> =>
  served === catalogues ? [...(await rememberCatalogueRead(db, key, read))] : read();

/**
 * Names sort with the ICU root collation (accents and case after the letter, as a reader expects)
 * named explicitly, so PGlite (whose default collation is C) and PostgreSQL give the same order.
 * `filter` narrows the list to the items whose reference detail points at one item (a yacht's cabins).
 */
export const listItems = async (
  db: Queryable,
  catalogue: CatalogueRecord,
  filter: CatalogueListQuery = {},
  served: ServedCatalogues = catalogues,
): Promise<CatalogueItem[]> => {
  const narrowing = catalogue.api.filters.flatMap((detail) => {
    const id = filter[filterParameter(detail)];
    return typeof id === "number" ? [{ detail, id }] : [];
  });
  const conditions = narrowing.map((_, index) => `and details->$${2 * index + 1} = to_jsonb($${2 * index + 2}::int)`);
  return rememberItems(db, served, `${tableOf(catalogue)} ${JSON.stringify(narrowing)}`, async () => {
    const rows = await queryRows(
      db,
      ItemRow,
      `select ${itemColumns} from ${tableOf(catalogue)} where status <> 'deleted' ${conditions.join(" ")} order by name collate "und-x-icu", id`,
      narrowing.flatMap(({ detail, id }) => [detail, id]),
    );
    return toItems(db, catalogue, rows, served);
  });
};

/** Whether a paged catalogue's list call asks for more than every item by name (a search, an order, a page). */
export const asksForPage = (query: CataloguePageQuery): boolean =>
  query.q !== undefined || query.active !== undefined || query.sort !== undefined || query.page !== undefined || query.pageSize !== undefined;

/** A page's rows when the caller names no size: the panel's lists' own default. */
const DEFAULT_PAGE_SIZE = 25;

const CountRow = Schema.Struct({ total: Schema.Int });

/**
 * A text in lower case without the accents of Spanish, French and Portuguese names, as
 * comparableName writes a search's words: PGlite has no unaccent extension (see 004_leads.sql).
 */
const withoutAccents = (text: string): string =>
  `translate(lower(${text}), 'áàâäãéèêëíìîïóòôöõúùûüñç', 'aaaaaeeeeiiiiooooouuuunc')`;

/** The SQL a paged catalogue's rows are ordered by for a sort key: a reference by its item's name, a number as one. */
const sortExpression = (catalogue: CatalogueRecord, sort: string, served: ServedCatalogues): string => {
  if (sort === "name") return `name collate "und-x-icu"`;
  if (sort === "active") return "active";
  const rule = catalogue.api.details.find(({ name }) => name === sort)?.rule;
  if (rule === undefined) throw new Error(`'${sort}' is no detail of '${catalogue.key}'`);
  // the names are the declaration's own (checked by the query's schema), never the caller's text
  if (rule.kind === "reference") {
    return `(select target.name from ${tableOf(catalogueOf(served, rule.catalogue))} target where target.id = (items.details->>'${sort}')::int) collate "und-x-icu"`;
  }
  if (rule.kind === "number") return `(items.details->>'${sort}')::numeric`;
  if (rule.kind === "money") return `(items.details->>'${storedName({ name: sort, rule })}')::bigint`;
  return `nullif(items.details->>'${sort}', '') collate "und-x-icu"`;
};

/**
 * One page of a growing catalogue (the agencies, decision 073): every word of \`q\` in the name or a
 * searched detail (case and accents ignored), the active flag, ordered by \`sort\` (blanks last
 * either way, ties by name), and the total that matches, in two statements.
 */
export const pageItems = async (
  db: Queryable,
  catalogue: CatalogueRecord,
  query: CataloguePageQuery,
  served: ServedCatalogues = catalogues,
): Promise<{ readonly items: CatalogueItem[]; readonly meta: ListMeta }> => {
  const paging = catalogue.api.paging;
  if (paging === null) throw new Error(`'${catalogue.key}' is not paged`);
  const params: unknown[] = [];
  const conditions = ["status <> 'deleted'"];
  if (query.active !== undefined) {
    params.push(query.active === "true");
    conditions.push(`active = $${params.length}`);
  }
  const searched = ["name", ...paging.search.map((name) => `coalesce(items.details->>'${name}', '')`)].join(` || ' ' || `);
  for (const word of (query.q ?? "").trim().split(/\s+/u).filter((each) => each !== "")) {
    params.push(`%${comparableName(word).replace(/[\\%_]/g, "\\$&")}%`);
    conditions.push(`${withoutAccents(searched)} like $${params.length}`);
  }
  const where = conditions.join(" and ");
  const table = `${tableOf(catalogue)} items`;
  const direction = query.order === "desc" ? "desc" : "asc";
  const order = `${sortExpression(catalogue, query.sort ?? "name", served)} ${direction} nulls last, name collate "und-x-icu", id`;
  const page = query.page ?? 1;
  // without a page asked for, every matching item (limit null: no limit)
  const pageSize = query.pageSize ?? (query.page === undefined ? null : DEFAULT_PAGE_SIZE);
  const [count, rows] = await Promise.all([
    queryOne(db, CountRow, `select count(*)::int as total from ${table} where ${where}`, params),
    queryRows(
      db,
      ItemRow,
      `select ${itemColumns} from ${table} where ${where} order by ${order} limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, pageSize, (page - 1) * (pageSize ?? 0)],
    ),
  ]);
  const total = count?.total ?? 0;
  return { items: await toItems(db, catalogue, rows, served), meta: { total, page, pageSize: pageSize ?? total } };
};

const SourcedItemRow = Schema.Struct({ ...ItemRow.fields, source: Schema.Int });

/**
 * For each request, the live items of its catalogue whose details hold these whole numbers (a
 * year's rates of one yacht and cruise length), in id order, all in one statement: pricing asks
 * at every hold, so the rows are narrowed in the query, not sorted by name, and the rate types
 * are read together.
 */
export const itemsWithEach = async (
  db: Queryable,
  requests: ReadonlyArray<{ readonly catalogue: CatalogueRecord; readonly values: Readonly<Record<string, number>> }>,
  served: ServedCatalogues = catalogues,
): Promise<CatalogueItem[][]> => {
  if (requests.length === 0) return [];
  const params: unknown[] = [];
  const selects = requests.map(({ catalogue, values }, source) => {
    const conditions = Object.entries(values).map(([name, value]) => {
      params.push(name, value);
      return `and details->$${params.length - 1} = to_jsonb($${params.length}::int)`;
    });
    return `select ${source} as source, ${itemColumns} from ${tableOf(catalogue)} where status <> 'deleted' ${conditions.join(" ")}`;
  });
  const key = JSON.stringify(requests.map(({ catalogue, values }) => [tableOf(catalogue), values]));
  const each = await rememberItems(db, served, key, async () => {
    const rows = await queryRows(db, SourcedItemRow, `${selects.join(" union all ")} order by source, id`, params);
    return Promise.all(requests.map(({ catalogue }, source) => toItems(db, catalogue, rows.filter((row) => row.source === source), served)));
  });
  return each.map((items) => [...items]);
};

/** The live items of one catalogue whose details hold these whole numbers, in id order (see itemsWithEach). */
export const itemsWith = async (
  db: Queryable,
  catalogue: CatalogueRecord,
  values: Readonly<Record<string, number>>,
  served: ServedCatalogues = catalogues,
): Promise<CatalogueItem[]> => (await itemsWithEach(db, [{ catalogue, values }], served))[0] ?? [];

/** A live (not deleted) item, or null; `lock` ("for update") keeps it locked until the transaction ends. */
export const findItem = async (
  db: Queryable,
  catalogue: CatalogueRecord,
  id: CatalogueItemId,
  lock = "",
  served: ServedCatalogues = catalogues,
): Promise<CatalogueItem | null> => {
  const read = async () => {
    const row = await queryOne(db, ItemRow, `select ${itemColumns} from ${tableOf(catalogue)} where id = $1 and status <> 'deleted' ${lock}`, [id]);
    return row === null ? [] : toItems(db, catalogue, [row], served);
  };
  // a lock is taken by reading, every time
  const [item] = lock === "" ? await rememberItems(db, served, `${tableOf(catalogue)} ${id}`, read) : await read();
  return item ?? null;
};

/** Like findItem, for a command: the row stays locked until the transaction ends; 404 when gone. */
const lockItem = async (tx: Queryable, catalogue: CatalogueRecord, id: CatalogueItemId): Promise<CatalogueItem> =>
  orNotFound(await findItem(tx, catalogue, id, "for update"));

/** The rows of one declared use of the item: a parameterised query over trusted declaration names. */
const itemUseQuery = (use: ItemUse): { readonly sql: string; readonly params: ReadonlyArray<string> } => {
  const matches = Object.entries(use.match ?? {});
  const conditions = [`${use.column} = $1`, ...matches.map(([column], index) => `${column} = $${index + 2}`)];
  return { sql: `select from ${use.table} where ${conditions.join(" and ")}`, params: matches.map(([, value]) => value) };
};

/**
 * A jsonb document of details that may point at catalogue items: a served catalogue's items
 * (`details`), a yacht's page (`content`); `live` narrows the rows that still count.
 */
interface ReferencingDocument {
  readonly table: string;
  readonly column: string;
  readonly live: string;
  readonly details: ReadonlyArray<Detail>;
}

/** The yachts' pages: a page counts while its yacht is not deleted (a crew page's captain). */
const pageDocuments: ReadonlyArray<ReferencingDocument> = yachtPages.map((page) => ({
  table: "yacht_pages",
  column: "content",
  live: `page = '${page.name}' and exists (select 1 from ${tableOf(yachts)} y where y.id = yacht_id and y.status <> 'deleted')`,
  details: page.api.details,
}));

/** A detail of a document that may point at an item: itself, or a cell of its rows. */
interface PointingDetail {
  readonly table: string;
  readonly column: string;
  readonly live: string;
  readonly name: string;
  readonly cell: string | null;
}

/**
 * Where a reference to an item of `catalogue` may be: each document's reference details (a
 * guide's languages) and reference cells of its rows (a crew member's nationality).
 */
const referencingDetails = (catalogue: CatalogueRecord, served: ServedCatalogues): ReadonlyArray<PointingDetail> =>
  [
    ...served.map((other): ReferencingDocument => ({ table: tableOf(other), column: "details", live: "status <> 'deleted'", details: other.api.details })),
    ...pageDocuments,
  ].flatMap(({ table, column, live, details }) =>
    details.flatMap(({ name, rule }): ReadonlyArray<PointingDetail> => {
      if ((rule.kind === "reference" || rule.kind === "references") && rule.catalogue === catalogue.api.resource) {
        return [{ table, column, live, name, cell: null }];
      }
      if (rule.kind !== "rows") return [];
      // a row per item (a cabin's place on the plan, a deck's plan image) goes with the item: no use
      return rule.cells
        .filter((cell) => cell.rule.kind === "reference" && cell.rule.catalogue === catalogue.api.resource && cell.name !== rule.key)
        .map((cell) => ({ table, column, live, name, cell: cell.name }));
    }),
  );

/**
 * Whether anything points at the item: a use the catalogue's declaration names (`usedBy`), or a
 * live item of a served catalogue or a yacht's page whose reference chose it (a guide's
 * languages, a crew page's captain or a crew member's nationality). One in use may be deactivated
 * but not deleted.
 */
export const isCatalogueItemInUse = async (
  tx: Queryable,
  catalogue: CatalogueRecord,
  id: CatalogueItemId,
  served: ServedCatalogues = catalogues,
): Promise<boolean> => {
  for (const use of usesOf(catalogue)) {
    const { sql, params } = itemUseQuery(use);
    if (await queryExists(tx, sql, [id, ...params])) return true;
  }
  for (const { table, column, live, name, cell } of referencingDetails(catalogue, served)) {
    // `@>` finds the id both as a reference's value and inside a list of references; a cell is
    // looked for in each row of the list
    const points =
      cell === null
        ? `(${column}->$2 = to_jsonb($1::int) or ${column}->$2 @> jsonb_build_array($1::int))`
        : `exists (select 1 from jsonb_array_elements(case when jsonb_typeof(${column}->$2) = 'array' then ${column}->$2 else '[]'::jsonb end) as item (row)
             where item.row->$3 = to_jsonb($1::int))`;
    if (await queryExists(tx, `select from ${table} where ${live} and ${points}`, cell === null ? [id, name] : [id, name, cell])) return true;
  }
  return false;
};

/** A fixed number per catalogue, from its table's name: one catalogue's names are judged one command at a time. */
const namesLock = (catalogue: CatalogueRecord): number =>
  [...tableOf(catalogue)].reduce((hash, character) => (hash * 31 + (character.codePointAt(0) ?? 0)) | 0, 8_113);

/**
 * Whether another live item of the catalogue has `name`, as `comparableName` compares names (among
 * the items that share the item's `namesWithin` reference: a deck's name within its yacht). Takes
 * the catalogue's lock first, so that two creations of one name at once cannot both find it free.
 * A catalogue holds dozens of items: reading their names is cheaper than a second, normalised column.
 */
type NameTaken = (tx: Queryable, catalogue: CatalogueRecord, name: string, id: CatalogueItemId | null, values: DetailValues) => Promise<boolean>;

const isNameTaken: NameTaken = async (tx, catalogue, name, id, values) => {
  if (catalogue.nameTaken === null) return false;
  await lockTransaction(tx, namesLock(catalogue));
  const wanted = comparableName(name);
  const within = catalogue.namesWithin;
  const names = await queryRows(
    tx,
    NameRow,
    `select id, name from ${tableOf(catalogue)} where status <> 'deleted' and ($1::text is null or details->$1 = $2::jsonb)`,
    [within, JSON.stringify(within === null ? null : (values[within] ?? null))],
  );
  return names.some((item) => item.id !== id && comparableName(item.name) === wanted);
};

/**
 * The references that point at no item a form may choose: one deleted or never created, or an
 * inactive one the item did not already have (an item keeps what it chose before it was
 * deactivated). A reference in a cell of rows counts too (a deck plan's decks). `values` holds
 * what a reference may be `within` (a yacht page's yacht as `yacht`).
 */
export const unselectedReferences = async (
  tx: Queryable,
  served: ServedCatalogues,
  details: ReadonlyArray<Detail>,
  values: DetailValues,
  current: DetailValues | null,
): Promise<FieldProblems> => {
  const problems: Record<string, FieldProblem> = {};
  for (const { name, rule } of details) {
    const kept = new Set(current === null ? [] : referencesOf(rule, current[name] ?? emptyValue(rule)).flatMap(({ ids }) => ids));
    for (const { catalogue, ids: chosen, within } of referencesOf(rule, values[name] ?? emptyValue(rule))) {
      if (chosen.length === 0) continue;
      const target = served.find((other) => other.api.resource === catalogue);
      // a reference `within` another detail must share its value: a cabin's deck is one of its yacht's
      const params = [chosen, [...kept], within, JSON.stringify(within === null ? null : (values[within] ?? null))];
      const found =
        target === undefined
          ? []
          : await rememberItems(tx, served, `references ${tableOf(target)} ${JSON.stringify(params)}`, () =>
              queryRows(
                tx,
                IdRow,
                `select id from ${tableOf(target)} where id = any($1::int[]) and status <> 'deleted' and (active or id = any($2::int[]))
                   and ($3::text is null or details->$3 = $4::jsonb)`,
                params,
              ),
            );
      if (found.length !== new Set(chosen).size) problems[name] = "invalid";
    }
  }
  return problems;
};

/** The problems whose field's rule names its own message (`select a company`), by field, in the fields' order. */
const declaredMessages = (details: ReadonlyArray<Detail>, problems: FieldProblems): ReadonlyMap<string, Message> =>
  new Map(
    details.flatMap(({ name, rule }) => {
      const problem = problems[name];
      const message = problem === undefined ? null : detailMessage(rule, problem);
      return message === null ? [] : [[name, message] as const];
    }),
  );

/**
 * The fields' problems as a machine's facts: a field whose rule names its own message (`number
 * 0-99`, `select a company`) is refused with that message, the others with the generic one.
 */
const problemFacts = (
  details: ReadonlyArray<Detail>,
  problems: FieldProblems,
): { readonly fieldProblem: FieldProblem | null; readonly declaredRefusal: Message | null } => {
  const declared = declaredMessages(details, problems);
  return {
    fieldProblem: firstProblem(Object.fromEntries(Object.entries(problems).filter(([name]) => !declared.has(name)))),
    declaredRefusal: [...declared.values()][0] ?? null,
  };
};

/**
 * The facts the item's machine decides a create or an edit with: the fields' problems (the generic
 * ones, and a declared rule's own message), a taken name, references to items no longer chosen.
 */
const formFacts = async (
  tx: Queryable,
  catalogue: CatalogueRecord,
  served: ServedCatalogues,
  payload: CatalogueItemPayload,
  current: CatalogueItem | null,
  nameTaken: NameTaken = isNameTaken,
): Promise<CatalogueItemFacts> => {
  const { details } = catalogue.api;
  const values = detailValues(details, payload);
  const problems = {
    ...(await unselectedReferences(tx, served, details, values, current)),
    ...(await unknownImages(tx, details, values)),
    ...catalogueItemProblems(catalogue.api, payload),
  };
  return {
    ...problemFacts(details, problems),
    nameTaken: catalogue.nameTaken !== null && (await nameTaken(tx, catalogue, payload.name, current?.id ?? null, values)) ? catalogue.nameTaken : null,
    isInUse: false,
  };
};

/** The details as an event keeps them (amounts of money in cents, decision 088); none for a catalogue of names alone. */
const eventDetails = (catalogue: CatalogueRecord, payload: CatalogueItemPayload): { details?: CatalogueItemDetails } =>
  catalogue.api.details.length === 0 ? {} : { details: storedDetails(catalogue.api.details, detailValues(catalogue.api.details, payload)) };

/**
 * The payload with its new images stored and in place (decision 031): a catalogue's images live
 * under a folder named after its table (`uploads/yachts/<sha256>.webp`).
 */
const withStoredImages = async (
  tx: Queryable,
  catalogue: CatalogueRecord,
  payload: CatalogueItemPayload,
  files: ReadonlyArray<UploadedImage>,
  at: Date,
): Promise<CatalogueItemPayload> => {
  const { details } = catalogue.api;
  if (!details.some(({ rule }) => rule.kind === "image")) return payload;
  return { ...payload, ...(await placeNewImages(tx, tableOf(catalogue), details, detailValues(details, payload), files, at)) };
};

/** Adds an item through the event store and answers its id; `files` are the new images its payload names. */
export const createItem = async (
  tx: Queryable,
  catalogue: CatalogueRecord,
  given: CatalogueItemPayload,
  options: CommandOptions,
  served: ServedCatalogues = catalogues,
  files: ReadonlyArray<UploadedImage> = [],
): Promise<number> => {
  const payload = await withStoredImages(tx, catalogue, given, files, options.occurredAt);
  return decideNew(tx, catalogueRecord(catalogue), creationOf(catalogue, payload), options, await formFacts(tx, catalogue, served, payload, null));
};

/** An item's creation as its event stores it. */
const creationOf = (catalogue: CatalogueRecord, payload: CatalogueItemPayload) =>
  ({
    type: "catalogueItem.create",
    name: payload.name.trim(),
    // an item with a lifecycle starts as its machine says (an Ikarus rate as a draft), never active
    active: catalogue.api.lifecycle === null && (payload.active ?? true),
    ...eventDetails(catalogue, payload),
  }) as const;

/**
 * Creates the items of a list in a catalogue that holds none yet (the reference lists a start
 * loads into an empty catalogue: 249 countries), decided together (decision 069): each judged by
 * the catalogue's machine with the facts createItem loads, a name taken by one decided before it
 * refused as createItem refuses it (the catalogue holds no other), then their events and rows
 * written in one statement each. A list's items bring no image files.
 */
export const createListItems = async (tx: Queryable, catalogue: CatalogueRecord, payloads: ReadonlyArray<CatalogueItemPayload>, options: CommandOptions): Promise<void> => {
  const { details } = catalogue.api;
  // the names decided so far, each as comparableName writes it with the reference it is unique
  // within, so that a new name is looked up once rather than compared with each of them (249 countries)
  const decided = new Set<string>();
  const nameWithin = (name: string, values: DetailValues) =>
    JSON.stringify([comparableName(name), catalogue.namesWithin === null ? null : (values[catalogue.namesWithin] ?? null)]);
  const takenBefore: NameTaken = async (_tx, _catalogue, name, _id, values) => decided.has(nameWithin(name, values));
  const table = tableOf(catalogue);
  const ids = await nextIds(tx, table, payloads.length);
  const events = [];
  const rows = [];
  for (const [index, given] of payloads.entries()) {
    const id = ids[index];
    if (id === undefined) throw new Error(`${table}: no id for item ${index}`);
    const payload = await withStoredImages(tx, catalogue, given, [], options.occurredAt);
    const event = creationOf(catalogue, payload);
    const facts = await formFacts(tx, catalogue, catalogues, payload, null, takenBefore);
    const verdict = judge(catalogue.machine, null, event, facts);
    const { type, ...data } = event;
    if (verdict.kind === "refused") throw refusedCommand(catalogue.machine, verdict.refusal, { stream: catalogue.stream, streamId: null, state: null, event: { ...data, type }, facts });
    if (verdict.kind === "notAllowed") throw new ApiError(409, messages.notAllowedNow);
    decided.add(nameWithin(event.name, detailValues(details, payload)));
    events.push({ stream: catalogue.stream, streamId: String(id), version: 1, type, data, actorId: options.actorId, occurredAt: options.occurredAt });
    rows.push([id, verdict.status, 1, options.occurredAt, options.occurredAt, event.name, event.active, "details" in event ? event.details : {}]);
  }
  await appendEvents(tx, events);
  await insertRows(tx, table, "id, status, version, created_at, updated_at, name, active, details", rows);
};

/** Whether the form changes the name or a detail of the item. */
const isChanged = (catalogue: CatalogueRecord, current: CatalogueItem, name: string, details: DetailValues): boolean =>
  name !== current.name || catalogue.api.details.some(({ name: field }) => JSON.stringify(details[field]) !== JSON.stringify(current[field]));

/**
 * Saves the edit form loaded at `version`: one event per change (the edit, then activate or
 * deactivate), none when the form changes nothing. `active` left out keeps the item's state.
 */
export const updateItem = async (
  tx: Queryable,
  catalogue: CatalogueRecord,
  id: CatalogueItemId,
  { version, ...given }: CatalogueItemPayload & { readonly version: RecordVersion },
  options: CommandOptions,
  served: ServedCatalogues = catalogues,
  files: ReadonlyArray<UploadedImage> = [],
): Promise<void> => {
  const current = await lockItem(tx, catalogue, id);
  const streamId = String(id);
  await expectVersion(tx, catalogueRecord(catalogue), streamId, version);
  const payload = await withStoredImages(tx, catalogue, given, files, options.occurredAt);
  const name = payload.name.trim();
  // A detail the payload leaves out keeps its value (a client that knows only some of them).
  const edited: CatalogueItemPayload = {
    ...payload,
    ...Object.fromEntries(catalogue.api.details.map(({ name: field }) => [field, payload[field] ?? current[field]])),
  };
  if (isChanged(catalogue, current, name, detailValues(catalogue.api.details, edited))) {
    const facts = await formFacts(tx, catalogue, served, edited, current);
    await decide(tx, catalogueRecord(catalogue), streamId, { type: "catalogueItem.edit", name, ...eventDetails(catalogue, edited) }, options, facts);
    const kept = new Set(namedImages(catalogue.api.details, detailValues(catalogue.api.details, edited)));
    await removeUnusedImages(
      tx,
      namedImages(catalogue.api.details, current).filter((path) => !kept.has(path)),
    );
  }
  if (catalogue.api.lifecycle === null && payload.active !== undefined && payload.active !== current.active) {
    const type = payload.active ? "catalogueItem.activate" : "catalogueItem.deactivate";
    await decide(tx, catalogueRecord(catalogue), streamId, { type }, options);
  }
};

/** Deletes an item; its machine refuses one in use (409 itemInUse). */
export const deleteItem = async (
  tx: Queryable,
  catalogue: CatalogueRecord,
  id: CatalogueItemId,
  options: CommandOptions,
  served: ServedCatalogues = catalogues,
): Promise<void> => {
  const current = await lockItem(tx, catalogue, id);
  const facts: CatalogueItemFacts = {
    fieldProblem: null,
    declaredRefusal: null,
    nameTaken: null,
    isInUse: await isCatalogueItemInUse(tx, catalogue, id, served),
  };
  await decide(tx, catalogueRecord(catalogue), String(id), { type: "catalogueItem.delete" }, options, facts);
  await removeUnusedImages(tx, namedImages(catalogue.api.details, current));
};

/**
 * Runs a lifecycle command on an item (an Ikarus rate's activation, its deactivation for a
 * `reason`): the item's machine decides, with the reason's problem as the facts (blank:
 * 'required_information'); a state that does not take the command answers 409.
 */
export const runItemCommand = async (
  tx: Queryable,
  catalogue: CatalogueRecord,
  id: CatalogueItemId,
  command: LifecycleCommand,
  reason: string | undefined,
  options: CommandOptions,
): Promise<void> => {
  await lockItem(tx, catalogue, id);
  const text = reason?.trim() ?? "";
  const facts: CatalogueItemFacts = {
    fieldProblem: command.reason ? textProblem(reasonField, text) : null,
    declaredRefusal: null,
    nameTaken: null,
    isInUse: false,
  };
  const event = { type: command.event, ...(command.reason ? { reason: text } : {}) } as Parameters<typeof decide<CatalogueRecord["machine"]>>[3];
  await decide(tx, catalogueRecord(catalogue), String(id), event, options, facts);
};

/**
 * An amount of dollars raised by a percentage of at most two decimals, to the cent, half up: in
 * integers, hundredths of a percent over cents, no binary fraction multiplied (decision 088).
 */
const raised = (amount: number, increase: number): number => {
  const cents = centsOfAmount(amount) ?? 0;
  const basisPoints = centsOfAmount(increase) ?? 0;
  return dollarsOf(Math.floor((cents * (10_000 + basisPoints) + 5_000) / 10_000));
};

/**
 * Copies the year's live items to the next year (issue 16: the rates), as one command judged by
 * the year-copy machine: every amount (a number detail with cents) raised by `increase` percent,
 * the year in the name moved on ("Alta 2027 · doble" becomes "Alta 2028 · doble"), each created by
 * its own machine, so a copy the rules refuse refuses the whole copy. Items with a lifecycle are
 * copied as drafts, a deactivated one not at all. Answers how many were made.
 */
export const copyYear = async (
  tx: Queryable,
  catalogue: CatalogueRecord,
  copy: YearCopy,
  options: CommandOptions,
  served: ServedCatalogues = catalogues,
): Promise<YearCopied> => {
  await lockTransaction(tx, namesLock(catalogue));
  const values = { year: copy.year, increase: copy.increase };
  const year = copy.year ?? 0;
  const live = (await listItems(tx, catalogue, {}, served)).filter((item) => item.state !== "deactivated");
  const source = live.filter((item) => item.year === year);
  const facts: YearCopyFacts = {
    ...problemFacts(yearCopyDetails, detailProblems(yearCopyDetails, values)),
    hasNothingToCopy: source.length === 0,
    isNextYearTaken: live.some((item) => item.year === year + 1),
  };
  const event = { type: "yearCopy.copy" } as const;
  const verdict = judge(yearCopyMachine, null, event, facts);
  if (verdict.kind === "refused") throw refusedCommand(yearCopyMachine, verdict.refusal, { stream: catalogue.stream, streamId: null, state: null, event: { ...event, ...values }, facts });
  const increase = copy.increase ?? 0;
  const amounts = catalogue.api.details.filter(({ rule }) => rule.kind === "money").map(({ name }) => name);
  for (const item of source) {
    const details = Object.fromEntries(catalogue.api.details.map(({ name }) => [name, item[name]]));
    const payload: CatalogueItemPayload = {
      ...details,
      ...Object.fromEntries(amounts.map((name) => [name, typeof item[name] === "number" ? raised(item[name], increase) : item[name]])),
      year: year + 1,
      name: item.name.replace(new RegExp(`\\b${year}\\b`, "g"), String(year + 1)),
      active: item.active,
    };
    await createItem(tx, catalogue, payload, options, served);
  }
  return { copied: source.length, year: year + 1 };
};
