import { Schema } from "effect";
import { UserId } from "../../src/api/ids.ts";
import type { Session } from "../accounts/sessions.ts";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";

/** A small generator with a fixed seed, so the demo is the same on every machine. */
export const sequence = (seed: number) => {
  let state = seed;
  return (): number => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
};

/** The demo's sales executive, as whose session the demo sells; null when the demo staff are not there. */
export const demoSeller = async (tx: Queryable): Promise<Session | null> => {
  const [seller] = await queryRows(tx, Schema.Struct({ id: Schema.Int }), "select id from users where email = 'ventas@example.com'");
  if (seller === undefined) return null;
  return {
    id: "demo",
    kind: "full",
    userId: UserId.make(seller.id),
    firstName: "Diego",
    lastName: "Cevallos",
    email: "ventas@example.com",
    role: "sales",
    agencyId: null,
  };
};
