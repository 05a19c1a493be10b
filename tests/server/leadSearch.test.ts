import { describe, expect, it } from "vitest";
import { seedGeneratedLeads } from "../../server/demo/generatedLeads.ts";
import { listLeads } from "../../server/leads/leads.ts";
import { leadsOfPage } from "../setup/leadPages.ts";
import { containsPattern } from "../../server/db/paging.ts";
import { foldText, searchWords } from "../../server/leads/search.ts";
import type { LeadsQuery } from "../../src/api/leads.ts";
import { testDatabase } from "../setup/database.ts";

/**
 * Issue 19, item 2: the lead list's pages (decision 047) read each page with work bounded by the
 * page (a common search walks the date index, a rare one reads its matches, a page past the middle
 * is read from the other end), and answer the same leads in the same order as the plain reference
 * query that reads and sorts every match, for common, rare and absent words, near and far pages.
 */
const db = testDatabase();
const LEADS = 9000;


/** Every matching lead's id in the list's order, read the plain way. */
const reference = async (words: ReadonlyArray<string>, direction: "asc" | "desc"): Promise<number[]> => {
  const rows = await db.query<{ id: number }>(
    `select id from leads where search like all($1::text[]) order by created_at ${direction}, id ${direction}`,
    [words.map(containsPattern)],
  );
  return rows.map((row) => row.id);
};

const pageIds = async (query: LeadsQuery) => {
  const answer = await listLeads(db, query);
  return { ids: leadsOfPage(answer).map((lead) => lead.id), meta: answer.meta };
};

describe("the lead list at volume", () => {
  it("answers every search's pages as the reference query does, saying 'more than' only for a common search", async () => {
    await seedGeneratedLeads(db, LEADS, 7, Date.UTC(2030, 0, 1));
    const pageSize = 20;
    const searches = ["galapagos", "honeymoon family", "kowalski", "lucia.tanaka", "john.smith1", "9568", "nadie-escribe-esto"];
    const paths = new Set<string>();
    for (const q of searches) {
      for (const order of ["newest", "oldest"] as const) {
        const expected = await reference(searchWords(q).map(foldText), order === "newest" ? "desc" : "asc");
        const pages = Math.max(1, Math.ceil(expected.length / pageSize));
        for (const page of new Set([1, 2, Math.ceil(pages / 2), pages, pages + 1])) {
          const { ids, meta } = await pageIds({ q, order, page, pageSize });
          expect(ids, `${q} ${order} page ${page}`).toEqual(expected.slice((page - 1) * pageSize, page * pageSize));
          if (meta.totalIsAtLeast === true) {
            paths.add("more than");
            expect(meta.total).toBeLessThanOrEqual(expected.length);
            // what a page shows is known to match; past the last page only the probe's matches are
            expect(meta.total).toBeGreaterThanOrEqual(ids.length === 0 ? 1 : (page - 1) * pageSize + ids.length);
          } else {
            paths.add("exact");
            expect(meta.total, `${q} ${order} page ${page}`).toBe(expected.length);
          }
        }
      }
    }
    expect([...paths].sort()).toEqual(["exact", "more than"]);
    // the common word is walked ("more than"), a rare one counted exactly
    expect((await pageIds({ q: "galapagos", pageSize })).meta.totalIsAtLeast).toBe(true);
    expect((await pageIds({ q: "john.smith1", pageSize })).meta.totalIsAtLeast).toBeUndefined();

    // without a search, every page from either end, and one past the last
    const all = await reference([], "desc");
    expect(all).toHaveLength(LEADS);
    for (const page of [1, 2, 200, 224, 225, 226, 449, 450, 451]) {
      const { ids, meta } = await pageIds({ page, pageSize });
      expect(ids, `page ${page}`).toEqual(all.slice((page - 1) * pageSize, page * pageSize));
      expect(meta).toEqual({ total: LEADS, page, pageSize });
    }
    const oldest = await pageIds({ order: "oldest", page: 449, pageSize });
    expect(oldest.ids).toEqual([...all].reverse().slice(448 * pageSize, 449 * pageSize));
  });
});
