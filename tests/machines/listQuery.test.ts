import { describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { createClient } from "../../src/api/client.ts";
import type { CatalogueItem } from "../../src/api/catalogues.ts";
import { ApiError } from "../../src/api/errors.ts";
import { messages } from "../../src/api/messages.ts";
import {
  choiceFilterOptions,
  initialQuery,
  type ListQueryDefaults,
  listQuerySearch,
  matchingRows,
  parseListQuery,
  toggledSort,
} from "../../src/machines/shared/listQuery.ts";
import { runBulkCommand } from "../../src/machines/shared/pagedList.machine.ts";
import { bulkActivation, bulkDelete, type ListSource, listQueryDefaults } from "../../src/machines/shared/recordRows.ts";
import { cabins } from "../../src/records/fleet.ts";
import { catalogueListMachine, listSourceOf } from "../../src/machines/catalogues/catalogues.ts";
import { feeding } from "../../src/records/feeding.ts";
import { catalogueItemId } from "../ids.ts";

const defaults: ListQueryDefaults = {
  pageSize: 20,
  sort: null,
  direction: "asc",
  sortKeys: ["name", "active"],
  filterNames: ["active"],
};

const item = (id: number, name: string, active = true): CatalogueItem => ({ id: catalogueItemId(id), name, active, version: 1 });

const client = createClient({ readToken: () => "t", fetch: () => Promise.reject(new Error("doubles answer")) });

describe("a list's query in its address", () => {
  it("reads what the address says and writes back only what differs from the defaults", () => {
    const query = parseListQuery("?q=pérez&active=no&sort=name&dir=desc&size=50&page=3", defaults);
    expect(query).toEqual({ page: 3, pageSize: 50, sort: "name", direction: "desc", q: "pérez", filters: { active: "no" } });
    expect(listQuerySearch(query, defaults)).toBe("q=p%C3%A9rez&active=no&sort=name&dir=desc&size=50&page=3");
    expect(parseListQuery(listQuerySearch(query, defaults), defaults)).toEqual(query);
    expect(listQuerySearch(initialQuery(defaults), defaults)).toBe("");
  });

  it("takes the default for whatever is malformed or unknown to the list", () => {
    expect(parseListQuery("page=0&size=7&sort=password&dir=up&agent=3&q=", defaults)).toEqual(initialQuery(defaults));
    expect(parseListQuery("page=abc&size=-1", defaults)).toEqual(initialQuery(defaults));
  });

  it("turns a column's direction on a second click, from page 1", () => {
    const once = toggledSort({ ...initialQuery(defaults), page: 4 }, "name");
    expect(once).toMatchObject({ sort: "name", direction: "asc", page: 1 });
    expect(toggledSort(once, "name")).toMatchObject({ sort: "name", direction: "desc" });
    expect(toggledSort(toggledSort(once, "name"), "active")).toMatchObject({ sort: "active", direction: "asc" });
  });
});

describe("the rows a query selects in a list held whole", () => {
  const view = listSourceOf(feeding).view;
  const rows = [item(1, "Desayuno"), item(2, "almuerzo", false), item(3, "Cena"), item(4, "Álmuerzo buffet")];

  it("searches every word without accents or case, filters by the flag and sorts by a column", () => {
    const query = initialQuery(defaults);
    expect(matchingRows(rows, { ...query, q: "ALMUERZO" }, view).map((row) => row.id)).toEqual([2, 4]);
    expect(matchingRows(rows, { ...query, q: "almuerzo buf" }, view).map((row) => row.id)).toEqual([4]);
    expect(matchingRows(rows, { ...query, filters: { active: "no" } }, view).map((row) => row.id)).toEqual([2]);
    expect(matchingRows(rows, { ...query, sort: "name" }, view).map((row) => row.name)).toEqual([
      "almuerzo",
      "Álmuerzo buffet",
      "Cena",
      "Desayuno",
    ]);
    expect(matchingRows(rows, { ...query, sort: "active", direction: "desc" }, view).map((row) => row.id)).toEqual([1, 3, 4, 2]);
  });

  it("makes its collator at the first sort, not when a screen loads the module", async () => {
    vi.resetModules();
    const Collator = Intl.Collator;
    const made = vi.spyOn(Intl, "Collator").mockImplementation(function counted(locales, options) {
      return new Collator(locales, options);
    });
    try {
      const fresh = await import("../../src/machines/shared/listQuery.ts");
      expect(made).not.toHaveBeenCalled();
      const sorted = fresh.matchingRows(rows, { ...fresh.initialQuery(defaults), sort: "name" }, view).map((row) => row.id);
      expect(sorted).toEqual([2, 4, 3, 1]);
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
    }
  });

  it("narrows a yacht part's list to one yacht's rows, offering the yachts the rows point at", () => {
    const { view } = listSourceOf(cabins);
    const cabin = (id: number, name: string, yacht: number, yachtNames: string): CatalogueItem => ({ ...item(id, name), yacht, yachtNames });
    const fleetCabins = [cabin(1, "101", 7, "Sea Lion"), cabin(2, "1", 3, "Darwin Star"), cabin(3, "102", 7, "Sea Lion")];
    const [yachtFilter] = view.choiceFilters ?? [];
    if (yachtFilter === undefined) throw new Error("the cabins list has no yacht filter");
    expect(yachtFilter.name).toBe("yacht");
    expect(choiceFilterOptions(fleetCabins, yachtFilter)).toEqual([
      { value: "3", label: "Darwin Star" },
      { value: "7", label: "Sea Lion" },
    ]);
    const query = initialQuery(listQueryDefaults(listSourceOf(cabins)));
    expect(matchingRows(fleetCabins, { ...query, filters: { yacht: "7" } }, view).map((row) => row.id)).toEqual([1, 3]);
    expect(matchingRows(fleetCabins, { ...query, filters: { yacht: "" } }, view)).toHaveLength(3);
    expect(parseListQuery("yacht=3", listQueryDefaults(listSourceOf(cabins))).filters).toEqual({ yacht: "3" });
  });

  it("pages what it selects, and shows the last page when the address asks past it", async () => {
    const source: ListSource<CatalogueItem> = { ...listSourceOf(feeding), list: async () => rows };
    const actor = createActor(catalogueListMachine, {
      input: { client, scope: source, query: { ...initialQuery(defaults), pageSize: 10, page: 3 } },
    });
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("ready"));
    const { context } = actor.getSnapshot();
    expect(context.total).toBe(4);
    expect(context.query.page).toBe(1);
    expect(context.rows.map((row) => row.id)).toEqual([1, 2, 3, 4]);
    actor.send({ type: "page.select", selected: true });
    expect(actor.getSnapshot().context.selected.map((row) => row.id)).toEqual([1, 2, 3, 4]);
    actor.send({ type: "search.change", text: "cena" });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("ready"));
    expect(actor.getSnapshot().context.selected).toEqual([]);
    expect(actor.getSnapshot().context.rows.map((row) => row.id)).toEqual([3]);
  });
});

describe("a bulk action", () => {
  it("calls the record's endpoint once per row, skips rows already in the state asked, and reports refusals", async () => {
    const saved: Array<[number, boolean]> = [];
    const source: ListSource<CatalogueItem> = {
      ...listSourceOf(feeding),
      setActive: async (_, row, active) => {
        if (row.id === 3) throw new ApiError(409, messages.stale);
        saved.push([row.id, active]);
        return messages.updated;
      },
    };
    const report = await runBulkCommand(bulkActivation<CatalogueItem>(false), {
      client,
      scope: source,
      rows: [item(1, "Desayuno"), item(2, "Almuerzo", false), item(3, "Cena")],
      reply: "",
      name: "deactivate",
    });
    expect(saved).toEqual([[1, false]]);
    expect(report).toEqual({
      action: "deactivate",
      succeeded: 2,
      refused: [{ id: 3, title: "Cena", message: messages.stale }],
    });
  });

  it("deletes each row through the source's delete, whatever the others answer", async () => {
    const removed: number[] = [];
    const source: ListSource<CatalogueItem> = {
      ...listSourceOf(feeding),
      remove: async (_, id) => {
        if (id === 1) throw new ApiError(409, messages.itemInUse);
        removed.push(id);
        return messages.deleted;
      },
    };
    const report = await runBulkCommand(bulkDelete<CatalogueItem>(), {
      client,
      scope: source,
      rows: [item(1, "Desayuno"), item(2, "Cena")],
      reply: "",
      name: "delete",
    });
    expect(removed).toEqual([2]);
    expect(report.refused).toEqual([{ id: 1, title: "Desayuno", message: messages.itemInUse }]);
  });
});
