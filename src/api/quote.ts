import { Schema } from "effect";
import { endpoint } from "./endpoint.ts";
import { Int4, SerialId } from "./ids.ts";

/**
 * The quote (DOMAIN.md sections 6 and 9): a reservation draft priced line by line without writing
 * anything. Ids are the catalogues' (yacht, agency, cabin, space type `genderId`, flight); the
 * numbers are whole and small. Whether they name live items, and whether every line has a rate,
 * the quote machine judges with the facts the server loads.
 */
const Id = SerialId;
const Count = Int4;

export const QuoteDraft = Schema.Struct({
  /** A scheduled departure: its yacht, length and start day; else the three below are required. */
  cruiseId: Schema.optionalKey(Id),
  yachtId: Schema.optionalKey(Id),
  days: Schema.optionalKey(Count),
  /** The departure day, `YYYY-MM-DD`. */
  startDate: Schema.optionalKey(Schema.String),
  /** The selling agency; null: a direct client's sale (no contract or Ikarus rate, no commission). */
  agencyId: Schema.NullOr(Id),
  charter: Schema.optionalKey(Schema.Boolean),
  cabins: Schema.Array(
    Schema.Struct({
      cabinId: Id,
      spaces: Schema.Array(Schema.Struct({ genderId: Id, tourLeader: Schema.optionalKey(Schema.Boolean) })),
    }),
  ),
  flights: Schema.optionalKey(Schema.Array(Schema.Struct({ flightId: Id, adults: Count, children: Count }))),
});

const Season = Schema.NullOr(Schema.Literals(["high", "low"]));
const DiscountKind = Schema.Literals(["child", "tourLeader", "wholesaler", "promotional"]);
const RateKind = Schema.Literals(["general", "familyRoom", "charter", "contract", "ikarus", "airTicket"]);

export const QuoteLine = Schema.Struct({
  kind: Schema.Literals(["space", "familyRoom", "charter", "flight"]),
  cabinId: Schema.NullOr(Id),
  genderId: Schema.NullOr(Id),
  flightId: Schema.NullOr(Id),
  passenger: Schema.NullOr(Schema.Literals(["adult", "child"])),
  rate: Schema.Struct({ kind: RateKind, id: Id, name: Schema.String }),
  season: Season,
  quantity: Count,
  unitPrice: Schema.Finite,
  discounts: Schema.Array(Schema.Struct({ kind: DiscountKind, percent: Schema.Finite })),
  total: Schema.Finite,
  commissionPercent: Schema.Finite,
  commission: Schema.Finite,
  /** A reservation's line: the spaces it prices. */
  spaceIds: Schema.optionalKey(Schema.Array(Id)),
  /** A reservation's line whose spaces are all canceled: struck, out of the price. */
  canceled: Schema.optionalKey(Schema.Boolean),
});

const Cents = Int4;

/**
 * A line as answered, itemized in whole cents beside its dollars (decision 079): the rack (list)
 * price of its quantity, each discount with the amount it takes off, the total and the commission.
 * Stored lines keep QuoteLine's shape; the server itemizes them with the arithmetic that priced them.
 */
export const ItemizedLine = Schema.Struct({
  ...QuoteLine.fields,
  discounts: Schema.Array(Schema.Struct({ kind: DiscountKind, percent: Schema.Finite, amountCents: Cents })),
  listCents: Cents,
  totalCents: Cents,
  commissionCents: Cents,
});
export type ItemizedLine = typeof ItemizedLine.Type;

/** The sums of itemized lines in whole cents (canceled lines left out): at the rack price, the total, the agency's commission and the net due. */
export const ItemizedSums = Schema.Struct({
  subtotalCents: Cents,
  totalCents: Cents,
  commissionCents: Cents,
  netCents: Cents,
});
export type ItemizedSums = typeof ItemizedSums.Type;

export const Quote = Schema.Struct({
  lines: Schema.Array(ItemizedLine),
  total: Schema.Finite,
  commission: Schema.Finite,
  net: Schema.Finite,
  ...ItemizedSums.fields,
});
export type Quote = typeof Quote.Type;
export type QuoteDraft = typeof QuoteDraft.Type;

export const quoteReservation = endpoint({
  name: "rates.quote",
  method: "POST",
  path: "/rates/quote",
  body: QuoteDraft,
  response: Quote,
  access: { kind: "session", roles: ["admin", "sales", "agency"] },
  description:
    "Prices a reservation draft (a cruiseId, or yachtId, days and startDate; agencyId, null for a direct client; cabins with their spaces' types, optional flight legs, optional charter) line by line: which rate, which season, which discount; the total, the agency's commission and the operator's net; each line itemized in cents (rack price, each discount's amount, total, commission) and their sums (subtotal at the rack price, total, commission, net due). Writes nothing. 409 'rate not defined' when a cabin or space has no rate, 'flight rate not defined' when a leg has no fare. An agency user quotes for its own agency only (403 for any other, a direct client included).",
});
