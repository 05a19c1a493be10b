import { foldText, searchWords } from "../../api/search.ts";

/**
 * What a list shows, as every list keeps it in its address (decision 023): the page, the page
 * size, the sorted column and its direction, the search and the filters. The list's machine owns
 * it; the screen writes it to the URL and reads it back on Back, reload or a shared link.
 */
export type SortDirection = "asc" | "desc";

export interface ListQuery {
  readonly page: number;
  readonly pageSize: number;
  /** The sorted column's key, or null for the list's own order. */
  readonly sort: string | null;
  readonly direction: SortDirection;
  readonly q: string;
  /** The list's filters by name (`active`, `agent`, `from`, `to`); an empty value is no filter. */
  readonly filters: Readonly<Record<string, string>>;
}

/** What a list starts with when its address says nothing, and which filters it knows. */
export interface ListQueryDefaults {
  readonly pageSize: number;
  readonly sort: string | null;
  readonly direction: SortDirection;
  /** The sort keys the list offers; anything else in an address is ignored. */
  readonly sortKeys: ReadonlyArray<string>;
  /** The filters the list offers; anything else in an address is ignored. */
  readonly filterNames: ReadonlyArray<string>;
}

/** The page sizes a list offers. */
export const PAGE_SIZES: ReadonlyArray<number> = [10, 20, 50, 100];

/** The longest search kept (the leads' contract takes 200 characters). */
export const SEARCH_MAX_LENGTH = 200;

export const initialQuery = (defaults: ListQueryDefaults): ListQuery => ({
  page: 1,
  pageSize: defaults.pageSize,
  sort: defaults.sort,
  direction: defaults.direction,
  q: "",
  filters: {},
});

const positiveInt = (text: string | null): number | null => {
  if (text === null || !/^\d{1,6}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 ? value : null;
};

/**
 * An address's query string as a list's query. Whatever is missing, malformed or unknown to the
 * list takes its default, so a hand-edited or outdated link still opens a list.
 */
export const parseListQuery = (search: string, defaults: ListQueryDefaults): ListQuery => {
  const params = new URLSearchParams(search);
  const size = positiveInt(params.get("size"));
  const sort = params.get("sort");
  const direction = params.get("dir");
  const filters = Object.fromEntries(
    defaults.filterNames.flatMap((name) => {
      const value = params.get(name);
      return value === null || value === "" ? [] : [[name, value.slice(0, SEARCH_MAX_LENGTH)]];
    }),
  );
  return {
    page: positiveInt(params.get("page")) ?? 1,
    pageSize: size !== null && PAGE_SIZES.includes(size) ? size : defaults.pageSize,
    sort: sort !== null && defaults.sortKeys.includes(sort) ? sort : defaults.sort,
    direction: direction === "asc" || direction === "desc" ? direction : defaults.direction,
    q: (params.get("q") ?? "").slice(0, SEARCH_MAX_LENGTH),
    filters,
  };
};

/**
 * A list's query as an address's query string (without "?"), naming only what differs from the
 * defaults, in a fixed order: the same rows always have the same address.
 */
export const listQuerySearch = (query: ListQuery, defaults: ListQueryDefaults): string => {
  const params = new URLSearchParams();
  if (query.q !== "") params.set("q", query.q);
  for (const name of defaults.filterNames) {
    const value = query.filters[name];
    if (value !== undefined && value !== "") params.set(name, value);
  }
  if (query.sort !== defaults.sort || query.direction !== defaults.direction) {
    if (query.sort !== null) params.set("sort", query.sort);
    params.set("dir", query.direction);
  }
  if (query.pageSize !== defaults.pageSize) params.set("size", String(query.pageSize));
  if (query.page !== 1) params.set("page", String(query.page));
  return params.toString();
};

/** A column header's click: the same column turns its direction, another one sorts ascending. */
export const toggledSort = (query: ListQuery, column: string): ListQuery => ({
  ...query,
  page: 1,
  sort: column,
  direction: query.sort === column && query.direction === "asc" ? "desc" : "asc",
});

/** Another search, filter or page size shows the first page of what it finds. */
export const withSearch = (query: ListQuery, q: string): ListQuery => ({ ...query, q: q.slice(0, SEARCH_MAX_LENGTH), page: 1 });

export const withFilter = (query: ListQuery, name: string, value: string): ListQuery => ({
  ...query,
  filters: { ...query.filters, [name]: value },
  page: 1,
});

export const withPageSize = (query: ListQuery, pageSize: number): ListQuery => ({ ...query, pageSize, page: 1 });

/** The ticked rows after one row's tick box changed: it joins (last) or leaves the selection. */
export const withTicked = (selected: ReadonlyArray<number>, id: number, ticked: boolean): ReadonlyArray<number> => {
  const others = selected.filter((other) => other !== id);
  return ticked ? [...others, id] : others;
};

/** How many pages a number of rows makes; an empty list still shows page 1 of 1. */
export const pagesOf = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

/** A value a row is sorted by. */
export type SortValue = string | number | boolean;

/**
 * How a list held whole in the panel (users, catalogues, destinations) sorts, searches and
 * filters its rows: each sortable column's value, the text a search looks in, a title naming a
 * row in dialogs and reports, and the active flag when the record has one (which brings the
 * active filter and bulk activate / deactivate).
 */
export interface RowView<Row> {
  readonly sortKeys: Readonly<Record<string, (row: Row) => SortValue>>;
  readonly searchText: (row: Row) => string;
  readonly title: (row: Row) => string;
  readonly active?: (row: Row) => boolean;
  /** The lists narrowed to the rows of one referenced item (a yacht's cabins), by filter name. */
  readonly choiceFilters?: ReadonlyArray<ChoiceFilter<Row>>;
}

/**
 * A filter on a reference of the rows (a cabin's yacht): its name in the address, the text key of
 * its label, and each row's chosen item as an id and a name (the filter offers the items the
 * rows point at).
 */
export interface ChoiceFilter<Row> {
  readonly name: string;
  readonly label: string;
  readonly id: (row: Row) => number | null;
  readonly text: (row: Row) => string;
}

/** The items a choice filter offers: those the rows point at, by name. */
export const choiceFilterOptions = <Row>(rows: ReadonlyArray<Row>, filter: ChoiceFilter<Row>): ReadonlyArray<{ readonly value: string; readonly label: string }> => {
  const options = new Map<number, string>();
  for (const row of rows) {
    const id = filter.id(row);
    if (id !== null) options.set(id, filter.text(row));
  }
  return [...options].map(([id, label]) => ({ value: String(id), label })).sort((a, b) => spanishCollator().compare(a.label, b.label));
};

/** The active filter's values in an address. */
export const ACTIVE_FILTER = "active";
export type ActiveFilter = "" | "yes" | "no";

let collator: Intl.Collator | undefined;

/**
 * Made at the first comparison, not when the module loads: a collator loads the language's
 * collation rules, 10-55 ms of a desktop's main thread the first time (more on a phone), which
 * the leads' list, sorted by the server, never needs.
 */
const spanishCollator = (): Intl.Collator => {
  collator ??= new Intl.Collator("es", { sensitivity: "base", numeric: true });
  return collator;
};

const compareValues = (a: SortValue, b: SortValue): number => {
  if (typeof a === "string" && typeof b === "string") return spanishCollator().compare(a, b);
  return Number(a) - Number(b);
};

/**
 * The rows a query selects, in its order, before paging: every search word somewhere in the
 * row's text (accents and case aside, as the leads' search), the active filter and the choice
 * filters, then the sorted column (ties keep the source's order).
 */
export const matchingRows = <Row>(rows: ReadonlyArray<Row>, query: ListQuery, view: RowView<Row>): ReadonlyArray<Row> => {
  const words = searchWords(query.q);
  const active = query.filters[ACTIVE_FILTER];
  const isActive = view.active;
  const chosen = (view.choiceFilters ?? []).flatMap((filter) => {
    const value = query.filters[filter.name];
    return value === undefined || value === "" ? [] : [{ filter, value }];
  });
  const found = rows.filter(
    (row) =>
      words.every((word) => foldText(view.searchText(row)).includes(word)) &&
      (isActive === undefined || active === undefined || active === "" || isActive(row) === (active === "yes")) &&
      chosen.every(({ filter, value }) => String(filter.id(row)) === value),
  );
  const value = query.sort === null ? undefined : view.sortKeys[query.sort];
  if (value === undefined) return found;
  const sign = query.direction === "asc" ? 1 : -1;
  return found
    .map((row, index) => ({ row, index }))
    .sort((a, b) => sign * compareValues(value(a.row), value(b.row)) || a.index - b.index)
    .map(({ row }) => row);
};

/** The page a query asks for; a page past the last shows the last one. */
export const pageOf = <Row>(rows: ReadonlyArray<Row>, query: ListQuery): ReadonlyArray<Row> => {
  const page = Math.min(query.page, pagesOf(rows.length, query.pageSize));
  return rows.slice((page - 1) * query.pageSize, page * query.pageSize);
};
