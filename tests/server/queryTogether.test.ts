import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../setup/database.ts";

/** Every kind of parameter the server sends, typed by a cast and once without one. */
const TYPED = `select $1::text as text, $2::int as number, $3::boolean as flag, $4::timestamptz as at,
  $5::int[] as ids, $6::jsonb as details, $7 as untyped, '$1 -- stays' as quoted /* $2 stays */`;

const value = fc.record({
  text: fc.oneof(fc.string(), fc.constantFrom("it's", "back\\slash", "$1", "-- not a comment", "/* nor this */", "E'x'", "ñandú 🛳️", "")),
  number: fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }),
  flag: fc.boolean(),
  at: fc.date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true }),
  ids: fc.array(fc.integer({ min: 0, max: 1_000_000 }), { maxLength: 5 }),
  details: fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string(), fc.integer(), fc.constant(null))),
  untyped: fc.option(fc.string(), { nil: null }),
});

/** Statements sent together (Queryable.queryTogether, decision 130), on either database. */
describe("statements sent together", () => {
  const db = testDatabase();

  it("answer each statement's rows, in order, as each asked alone answers them, for any parameter, inside a transaction and outside", async () => {
    await fc.assert(
      fc.asyncProperty(value, value, async (first, second) => {
        const params = (v: typeof first) => [v.text, v.number, v.flag, v.at, v.ids, JSON.stringify(v.details), v.untyped];
        const alone = [await db.query(TYPED, params(first)), await db.query(TYPED, params(second))];
        const statements = [
          { sql: TYPED, params: params(first) },
          { sql: TYPED, params: params(second) },
        ];
        expect(await db.queryTogether(statements)).toEqual(alone);
        expect(await db.transaction((tx) => tx.queryTogether(statements))).toEqual(alone);
        expect(alone[0]).toEqual([{ ...first, details: first.details, quoted: "$1 -- stays" }]);
      }),
      { numRuns: 60 },
    );
  });

  it("run their writes as statements of the transaction: rolled back with it, committed with it", async () => {
    const mail = { sql: 'insert into outbox ("to", subject, text) values ($1, $2, $3)', params: ["a@example.com", "it's", "c"] };
    await expect(
      db.transaction(async (tx) => {
        await tx.queryTogether([mail, mail]);
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await db.query("select count(*)::int as mails from outbox")).toEqual([{ mails: 0 }]);
    await db.transaction((tx) => tx.queryTogether([mail, { sql: "select count(*)::int as mails from outbox", params: [] }]));
    expect(await db.query("select subject from outbox")).toEqual([{ subject: "it's" }]);
  });

  it("fail as a whole when one fails, the transaction rolled back", async () => {
    const mail = { sql: 'insert into outbox ("to", subject, text) values ($1, $2, $3)', params: ["a@example.com", "b", "c"] };
    await expect(db.transaction((tx) => tx.queryTogether([mail, { sql: 'insert into outbox ("to") values ($1)', params: [null] }]))).rejects.toThrow();
    expect(await db.query("select count(*)::int as mails from outbox")).toEqual([{ mails: 0 }]);
  });
});
