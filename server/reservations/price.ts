/**
 * A reservation's price as it is stored and carried (decision 082): integer cents, its lines'
 * amounts too; and the one place its dollars are written for the wire, whose contract
 * (src/api/reservations.ts, src/api/quote.ts) answers the price and the lines' amounts in dollars.
 */
import { Schema } from "effect";
import { dollarsOf } from "../../src/api/cents.ts";
import { integerFromText } from "../../src/api/ids.ts";
import type { ItemizedLine as AnsweredLine } from "../../src/api/quote.ts";
import type { PriceCents } from "../../src/machines/domain/money.ts";
import type { ItemizedLine } from "../../src/machines/domain/pricing.ts";

/** A price in cents as the reservations' read table and events store it. */
export const StoredPrice = Schema.Struct({ totalCents: Schema.Int, commissionCents: Schema.Int, netCents: Schema.Int });

/** A priced line as stored (a reservation's lines, a passenger's flight leg): its amounts in cents. */
export const StoredLine = Schema.Struct({
  kind: Schema.Literals(["space", "familyRoom", "charter", "flight"]),
  cabinId: Schema.NullOr(Schema.Int),
  genderId: Schema.NullOr(Schema.Int),
  flightId: Schema.NullOr(Schema.Int),
  passenger: Schema.NullOr(Schema.Literals(["adult", "child"])),
  rate: Schema.Struct({ kind: Schema.Literals(["general", "familyRoom", "charter", "contract", "ikarus", "airTicket"]), id: Schema.Int, name: Schema.String }),
  season: Schema.NullOr(Schema.Literals(["high", "low"])),
  quantity: Schema.Int,
  unitPriceCents: Schema.Int,
  discounts: Schema.Array(Schema.Struct({ kind: Schema.Literals(["child", "tourLeader", "wholesaler", "promotional"]), percent: Schema.Finite })),
  totalCents: Schema.Int,
  commissionPercent: Schema.Finite,
  commissionCents: Schema.Int,
  spaceIds: Schema.optionalKey(Schema.Array(Schema.Int)),
  canceled: Schema.optionalKey(Schema.Boolean),
});

/** A sum of cents as SQL answers it: a bigint (or numeric) written as the text of a whole number. */
export const SummedCents = integerFromText(Schema.Int);


/** A price as the wire answers it, in dollars. */
export const answeredPrice = (price: PriceCents): { readonly total: number; readonly commission: number; readonly net: number } => ({
  total: dollarsOf(price.totalCents),
  commission: dollarsOf(price.commissionCents),
  net: dollarsOf(price.netCents),
});

/** An itemized line as the wire answers it: its cents, and its unit price, total and commission in dollars. */
export const answeredLine = ({ unitPriceCents, ...line }: ItemizedLine): AnsweredLine => ({
  ...line,
  unitPrice: dollarsOf(unitPriceCents),
  total: dollarsOf(line.totalCents),
  commission: dollarsOf(line.commissionCents),
});

/** A reservation's price with its passengers' air tickets: they earn no commission, the operator nets them whole. */
export const withTickets = (price: PriceCents, ticketsCents: number): PriceCents => ({
  totalCents: price.totalCents + ticketsCents,
  commissionCents: price.commissionCents,
  netCents: price.netCents + ticketsCents,
});
