import type { ApiClient } from "../../api/client.ts";
import { ACTIVE_FILTER, type ListQuery, type ListQueryDefaults, matchingRows, pageOf, pagesOf, type RowView } from "./listQuery.ts";
import {
  type BulkCommand,
  createPagedListMachine,
  type PagedFetchInput,
  type PagedRows,
  type RowCommand,
  type RowCommands,
} from "./pagedList.machine.ts";

/**
 * Where a record list's rows come from (catalogues, users, destinations), built from the record's
 * endpoints in src/api: the whole list (`list`, a small catalogue the panel searches, sorts,
 * filters and pages itself), or one page the server answers (`page`, a record that grows: the
 * agencies). `remove` and `commands` are the row commands it offers by name (`resetPassword`);
 * `view` says how the rows sort, search and filter; `setActive` (a record with an active flag)
 * saves one row's flag with the row's version.
 */
export interface ListSource<Row extends { readonly id: number }> extends RowCommands<Row["id"]> {
  readonly list: (client: ApiClient) => Promise<ReadonlyArray<Row>>;
  /**
   * For a record that grows (the agencies): one page of the rows the query selects, searched,
   * filtered and sorted on the server, and how many match.
   */
  readonly page?: (client: ApiClient, query: ListQuery) => Promise<ServerPage<Row>>;
  readonly commands?: Readonly<Record<string, RowCommand<Row["id"]>>>;
  readonly view: RowView<Row>;
  readonly setActive?: (client: ApiClient, row: Row, active: boolean) => Promise<string>;
}

/** A page the server answered and the total its query matches. */
export interface ServerPage<Row> {
  readonly rows: ReadonlyArray<Row>;
  readonly total: number;
}

/** A list read whole: every row, which the query searches, sorts, filters and pages in the panel (and its choice filters offer). */
export interface HeldRows<Row> {
  readonly rows: ReadonlyArray<Row>;
}

/** Rows per page of a record list, unless its address asks for another size. */
export const LIST_PAGE_SIZE = 20;

/**
 * A record list's defaults: its own order, 20 rows a page, its sortable columns, the active filter
 * when the record has the flag, and its choice filters (a cabin's yacht).
 */
export const listQueryDefaults = <Row extends { readonly id: number }>(source: ListSource<Row>): ListQueryDefaults => ({
  pageSize: LIST_PAGE_SIZE,
  sort: null,
  direction: "asc",
  sortKeys: Object.keys(source.view.sortKeys),
  filterNames: [...(source.view.active === undefined ? [] : [ACTIVE_FILTER]), ...(source.view.choiceFilters ?? []).map(({ name }) => name)],
});

/**
 * The query's page: the server's, or cut from the rows read whole (read once, then kept as the
 * list's extras until something may have changed them). A page past the last (an old address, the
 * last row of the last page deleted) answers the last one.
 */
export const recordPage = async <Row extends { readonly id: number }>({
  client,
  query,
  scope: source,
  known,
}: PagedFetchInput<ListSource<Row>, HeldRows<Row> | null>): Promise<PagedRows<Row, HeldRows<Row> | null>> => {
  if (source.page !== undefined) {
    const answer = await source.page(client, query);
    const last = pagesOf(answer.total, query.pageSize);
    if (answer.rows.length > 0 || query.page <= last) return { ...answer, extras: null };
    return { ...(await source.page(client, { ...query, page: last })), extras: null, page: last };
  }
  const held = known ?? { rows: await source.list(client) };
  const matching = matchingRows(held.rows, query, source.view);
  const last = pagesOf(matching.length, query.pageSize);
  return { rows: pageOf(matching, query), total: matching.length, extras: held, ...(query.page > last ? { page: last } : {}) };
};

/** The ticked rows' delete, each through the record's own endpoint, judged alone (the last active admin, an item in use). */
export const bulkDelete = <Row extends { readonly id: number }>(): BulkCommand<Row, ListSource<Row>> => ({
  title: (row, source) => source.view.title(row),
  send: (client, row, _reply, source) => {
    if (source.remove === undefined) throw new Error("this list deletes nothing");
    return source.remove(client, row.id);
  },
  offered: (source) => source.remove !== undefined,
  countsOnly: true,
});

/** The ticked rows' activation or deactivation; a row already so is counted as done without a call. */
export const bulkActivation = <Row extends { readonly id: number }>(active: boolean): BulkCommand<Row, ListSource<Row>> => ({
  title: (row, source) => source.view.title(row),
  send: async (client, row, _reply, source) => {
    if (source.setActive === undefined) throw new Error("this list has no active flag");
    return source.view.active?.(row) === active ? "" : source.setActive(client, row, active);
  },
  offered: (source) => source.setActive !== undefined && source.view.active !== undefined,
  countsOnly: true,
});

/**
 * A record list on the one engine: the scope is its source, so one machine serves every
 * catalogue; the rows are read whole and paged in the panel, or paged on the server when the
 * source can; the source's delete and row commands, and the bulk delete / activate / deactivate.
 */
export const createRecordListMachine = <Row extends { readonly id: number }>(id: string, description: string) =>
  createPagedListMachine<Row, ListSource<Row>, HeldRows<Row> | null>({
    id,
    description,
    defaults: { pageSize: LIST_PAGE_SIZE, sort: null, direction: "asc", sortKeys: [], filterNames: [] },
    fetch: recordPage,
    rowCommands: (source) => source,
    rereadsExtras: true,
    bulk: {
      delete: bulkDelete<Row>(),
      activate: bulkActivation<Row>(true),
      deactivate: bulkActivation<Row>(false),
    },
  });

/** The list machine typed for one kind of row. */
export type RecordListMachine<Row extends { readonly id: number }> = ReturnType<typeof createRecordListMachine<Row>>;
