import type { Queryable } from "../../server/db/database.ts";

/** Every row the lead stream's projections fill, in a fixed order: a rebuild must give them back equal. */
export const leadProjectionRows = async (db: Queryable) => ({
  users: await db.query("select * from users order by id"),
  leads: await db.query("select * from leads order by id"),
  notes: await db.query("select * from lead_notes order by lead_id, version"),
  totals: await db.query("select * from lead_totals order by agent"),
});
