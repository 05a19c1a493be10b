/**
 * The price of a reservation draft (DOMAIN.md section 6), as a pure function of the draft and the
 * facts the server loads for it: the quote answers it now, reservations will be priced by it
 * later. Money is counted in cents so that a line's discounts round once each, as an invoice does.
 *
 * Per space, the first rate that applies: the agency's contract rate (season, cabin category),
 * else the agency's active Ikarus rate whose passenger range holds the draft's passengers, else
 * the general rate (season, cabin category). A family room is priced whole by its rate, a charter
 * is the whole yacht. A child's space takes its rate's child discount, the tour leader the Ikarus
 * rate's reduction; a wholesaler gets the general, family-room and charter rates' wholesaler
 * discount; a promotional discount applies to every cruise line. Air tickets: the leg's fare for
 * the year, adult and child. The commission is the agency's percentage of each cruise line (an
 * Ikarus line: the rate's own commission); air tickets earn none. The operator nets the rest.
 */

/** What is asked for: a yacht, a cruise length and start, the selling agency, its cabins and spaces, and flight legs. */
export interface QuoteDraft {
  readonly yachtId: number;
  readonly days: number;
  /** The departure day, `YYYY-MM-DD`: its year chooses the rates, its month the season. */
  readonly startDate: string;
  readonly agencyId: number;
  /** The whole yacht, priced by its charter rate (its cabins are not priced one by one). */
  readonly charter?: boolean;
  readonly cabins: ReadonlyArray<QuoteCabin>;
  readonly flights?: ReadonlyArray<QuoteFlight>;
}

export interface QuoteCabin {
  readonly cabinId: number;
  /** Each berth sold: its space type (a `gender`: male or female adult, child), and whether it is the group's tour leader. */
  readonly spaces: ReadonlyArray<{ readonly genderId: number; readonly tourLeader?: boolean }>;
}

export interface QuoteFlight {
  readonly flightId: number;
  readonly adults: number;
  readonly children: number;
}

export type Season = "high" | "low";

export type RateKind = "general" | "familyRoom" | "charter" | "contract" | "ikarus" | "airTicket";

/** A rate as pricing reads it, whatever its type; what a type does not have is null or 0. */
export interface PricingRate {
  readonly kind: RateKind;
  readonly id: number;
  readonly name: string;
  readonly season: Season | null;
  readonly category: string | null;
  readonly agency: number | null;
  readonly flight: number | null;
  readonly passengersFrom: number | null;
  readonly passengersTo: number | null;
  /** The client rate in cents; an air ticket's adult fare. */
  readonly clientRateCents: number;
  /** An air ticket's child fare, in cents. */
  readonly childRateCents: number;
  readonly childDiscount: number;
  readonly wholesalerDiscount: number;
  readonly promotionalDiscount: number;
  readonly tourLeaderReduction: number;
  /** An Ikarus rate's commission; null: the agency's. */
  readonly commission: number | null;
}

/**
 * What the server loads for a draft: the agency, the season of the departure's month (null when
 * the year has no season), the draft's cabins, the child space types, and the rates in force for
 * the year, yacht and cruise length (and the year's air tickets): only active ones.
 */
export interface PricingFacts {
  readonly agency: { readonly id: number; readonly wholesaler: boolean; readonly commission: number };
  readonly season: Season | null;
  readonly cabins: ReadonlyMap<number, { readonly category: string; readonly familyRoom: boolean }>;
  readonly childSpaceTypes: ReadonlySet<number>;
  readonly rates: ReadonlyArray<PricingRate>;
}

export type DiscountKind = "child" | "tourLeader" | "wholesaler" | "promotional";

/**
 * One priced line: what it is for, which rate and season priced it, its discounts, total and
 * commission, its amounts in whole cents (decision 082: stored and carried so, never as dollars).
 */
export interface QuoteLine {
  readonly kind: "space" | "familyRoom" | "charter" | "flight";
  readonly cabinId: number | null;
  readonly genderId: number | null;
  readonly flightId: number | null;
  /** A flight line's passengers: adults or children. */
  readonly passenger: "adult" | "child" | null;
  readonly rate: { readonly kind: RateKind; readonly id: number; readonly name: string };
  readonly season: Season | null;
  readonly quantity: number;
  readonly unitPriceCents: number;
  readonly discounts: ReadonlyArray<{ readonly kind: DiscountKind; readonly percent: number }>;
  readonly totalCents: number;
  readonly commissionPercent: number;
  readonly commissionCents: number;
  /** A reservation's line: the spaces it prices (a space line one, a family room its cabin's, a charter all). */
  readonly spaceIds?: ReadonlyArray<number>;
  /** A reservation's line whose spaces are all canceled: shown struck, no longer in the price. */
  readonly canceled?: boolean;
}

/** A price in whole cents: its lines' totals and commissions summed, the net their difference. */
export interface Quote {
  readonly lines: ReadonlyArray<QuoteLine>;
  readonly totalCents: number;
  readonly commissionCents: number;
  readonly netCents: number;
}

/** A priced draft, or why it cannot be: no rate for a cruise line, no fare for a flight leg. */
export type Pricing =
  | { readonly kind: "priced"; readonly quote: Quote }
  | { readonly kind: "rateMissing" }
  | { readonly kind: "flightRateMissing" };

/** A price in cents after each discount in turn, each rounded to the cent. */
const discounted = (price: number, discounts: ReadonlyArray<{ readonly percent: number }>): number =>
  discounts.reduce((amount, { percent }) => Math.round((amount * (100 - percent)) / 100), price);

/** The discounts that apply, in the order they are taken: only those above zero. */
const applying = (discounts: ReadonlyArray<readonly [DiscountKind, number, boolean]>) =>
  discounts.filter(([, percent, applies]) => applies && percent > 0).map(([kind, percent]) => ({ kind, percent }));

/**
 * A line's amounts in whole cents, as the price is counted: its rack (list) price, each discount
 * taken off in turn (each rounded to the cent per unit, then times the quantity), the total and the
 * commission on it. The list price less the discounts is the total, to the cent.
 */
export interface LineAmounts {
  readonly listCents: number;
  readonly discounts: ReadonlyArray<{ readonly kind: DiscountKind; readonly percent: number; readonly amountCents: number }>;
  readonly totalCents: number;
  readonly commissionCents: number;
}

export const lineAmounts = (priced: Pick<QuoteLine, "unitPriceCents" | "quantity" | "discounts" | "commissionPercent">): LineAmounts => {
  const rack = priced.unitPriceCents;
  let unit = rack;
  const discounts = priced.discounts.map(({ kind, percent }) => {
    const after = discounted(unit, [{ percent }]);
    const amountCents = (unit - after) * priced.quantity;
    unit = after;
    return { kind, percent, amountCents };
  });
  const totalCents = unit * priced.quantity;
  return { listCents: rack * priced.quantity, discounts, totalCents, commissionCents: Math.round((totalCents * priced.commissionPercent) / 100) };
};

const line = (base: Omit<QuoteLine, "totalCents" | "commissionCents">): QuoteLine => {
  const { totalCents, commissionCents } = lineAmounts(base);
  return { ...base, totalCents, commissionCents };
};

const rateRef = (rate: PricingRate) => ({ kind: rate.kind, id: rate.id, name: rate.name });

/** The first rate of `kind` matching `fits`, by id (the oldest first, so a duplicate does not change a price). */
const find = (facts: Pick<PricingFacts, "rates">, kind: RateKind, fits: (rate: PricingRate) => boolean): PricingRate | null =>
  facts.rates
    .filter((rate) => rate.kind === kind && fits(rate))
    .sort((a, b) => a.id - b.id)[0] ?? null;

/** The rate that prices one space, by the precedence above. */
const spaceRate = (facts: PricingFacts, category: string, passengers: number): PricingRate | null =>
  find(facts, "contract", (rate) => rate.agency === facts.agency.id && rate.season === facts.season && rate.category === category) ??
  find(
    facts,
    "ikarus",
    (rate) => rate.agency === facts.agency.id && (rate.passengersFrom ?? 0) <= passengers && passengers <= (rate.passengersTo ?? 0),
  ) ??
  find(facts, "general", (rate) => rate.season === facts.season && rate.category === category);

/** The agency's percentage, or an Ikarus rate's own. */
const commissionOf = (facts: PricingFacts, rate: PricingRate): number => rate.commission ?? facts.agency.commission;

/** A line priced whole by its rate (a charter's yacht, a family room): wholesaler and promotional discounts only. */
const wholeLine = (facts: PricingFacts, kind: "charter" | "familyRoom", cabinId: number | null, rate: PricingRate): QuoteLine =>
  line({
    kind,
    cabinId,
    genderId: null,
    flightId: null,
    passenger: null,
    rate: rateRef(rate),
    season: facts.season,
    quantity: 1,
    unitPriceCents: rate.clientRateCents,
    discounts: applying([
      ["wholesaler", rate.wholesalerDiscount, facts.agency.wholesaler],
      ["promotional", rate.promotionalDiscount, true],
    ]),
    commissionPercent: commissionOf(facts, rate),
  });

/** The cruise lines of a draft, or null when one has no rate. */
const cruiseLines = (draft: QuoteDraft, facts: PricingFacts): QuoteLine[] | null => {
  const wholesaler = facts.agency.wholesaler;
  if (draft.charter === true) {
    const rate = find(facts, "charter", (candidate) => candidate.season === facts.season);
    if (rate === null) return null;
    return [wholeLine(facts, "charter", null, rate)];
  }
  const passengers = draft.cabins.reduce((count, cabin) => count + cabin.spaces.length, 0);
  const lines: QuoteLine[] = [];
  for (const cabin of draft.cabins) {
    const known = facts.cabins.get(cabin.cabinId);
    if (known === undefined) return null;
    if (known.familyRoom) {
      const rate = find(facts, "familyRoom", (candidate) => candidate.season === facts.season);
      if (rate === null) return null;
      lines.push(wholeLine(facts, "familyRoom", cabin.cabinId, rate));
      continue;
    }
    for (const space of cabin.spaces) {
      const rate = spaceRate(facts, known.category, passengers);
      if (rate === null) return null;
      lines.push(
        line({
          kind: "space",
          cabinId: cabin.cabinId,
          genderId: space.genderId,
          flightId: null,
          passenger: null,
          rate: rateRef(rate),
          season: rate.kind === "ikarus" ? null : facts.season,
          quantity: 1,
          unitPriceCents: rate.clientRateCents,
          discounts: applying([
            ["child", rate.childDiscount, facts.childSpaceTypes.has(space.genderId)],
            ["tourLeader", rate.tourLeaderReduction, space.tourLeader === true && rate.kind === "ikarus"],
            ["wholesaler", rate.wholesalerDiscount, wholesaler && rate.kind === "general"],
            ["promotional", rate.promotionalDiscount, true],
          ]),
          commissionPercent: commissionOf(facts, rate),
        }),
      );
    }
  }
  return lines;
};

/**
 * The flight lines of legs (adults, then children, per leg), or null when a leg has no fare: a
 * draft's, or one passenger's leg (DOMAIN.md section 7).
 */
export const flightLines = (legs: ReadonlyArray<QuoteFlight>, facts: Pick<PricingFacts, "rates">): QuoteLine[] | null => {
  const lines: QuoteLine[] = [];
  for (const leg of legs) {
    const rate = find(facts, "airTicket", (candidate) => candidate.flight === leg.flightId);
    if (rate === null) return null;
    for (const [passenger, quantity, fare] of [
      ["adult", leg.adults, rate.clientRateCents],
      ["child", leg.children, rate.childRateCents],
    ] as const) {
      if (quantity === 0) continue;
      lines.push(
        line({
          kind: "flight",
          cabinId: null,
          genderId: null,
          flightId: leg.flightId,
          passenger,
          rate: rateRef(rate),
          season: null,
          quantity,
          unitPriceCents: fare,
          discounts: [],
          commissionPercent: 0,
        }),
      );
    }
  }
  return lines;
};

/** The price of lines: their totals and commissions added as integers, the net their difference. */
const priceOf = (lines: ReadonlyArray<QuoteLine>): Omit<Quote, "lines"> => {
  const totalCents = lines.reduce((total, priced) => total + priced.totalCents, 0);
  const commissionCents = lines.reduce((total, priced) => total + priced.commissionCents, 0);
  return { totalCents, commissionCents, netCents: totalCents - commissionCents };
};

/** Prices a draft with the facts loaded for it. */
export const priceDraft = (draft: QuoteDraft, facts: PricingFacts): Pricing => {
  const cruise = cruiseLines(draft, facts);
  if (cruise === null) return { kind: "rateMissing" };
  const flights = flightLines(draft.flights ?? [], facts);
  if (flights === null) return { kind: "flightRateMissing" };
  const lines = [...cruise, ...flights];
  return { kind: "priced", quote: { lines, ...priceOf(lines) } };
};

/**
 * A reservation's cruise lines, each given the spaces it prices, in the order the draft asked
 * them (the order the spaces are numbered in): a space line its space, a family room the spaces
 * of its cabin, a charter every space.
 */
export const linesWithSpaces = (
  lines: ReadonlyArray<QuoteLine>,
  spaces: ReadonlyArray<{ readonly id: number; readonly cabinId: number }>,
): QuoteLine[] => {
  const unpriced = [...spaces];
  return lines.map((priced) => {
    if (priced.kind === "charter") return { ...priced, spaceIds: spaces.map(({ id }) => id) };
    if (priced.kind === "familyRoom") return { ...priced, spaceIds: spaces.filter(({ cabinId }) => cabinId === priced.cabinId).map(({ id }) => id) };
    if (priced.kind !== "space") return priced;
    const index = unpriced.findIndex(({ cabinId }) => cabinId === priced.cabinId);
    const [space] = index < 0 ? [] : unpriced.splice(index, 1);
    return space === undefined ? priced : { ...priced, spaceIds: [space.id] };
  });
};

/**
 * A reservation's price from its lines and its live spaces (DOMAIN.md section 10: the price is
 * always the sum of the live spaces' lines): a line whose spaces are all canceled is struck and
 * left out; a line that names no space (stored before lines named them) stays.
 */
export const livePrice = (lines: ReadonlyArray<QuoteLine>, live: ReadonlySet<number>): Quote => {
  const struck = lines.map((priced) => ({ ...priced, canceled: priced.spaceIds !== undefined && !priced.spaceIds.some((id) => live.has(id)) }));
  return { lines: struck, ...priceOf(struck.filter((priced) => !priced.canceled)) };
};

/** A line with its rack price and each discount's amount, for the quote and the reservation to show it part by part. */
export type ItemizedLine = Omit<QuoteLine, "discounts"> & LineAmounts;

/**
 * Lines itemized (each discount's amount, the rack price) with their sums in cents: the subtotal at
 * the rack price, the total, the commission and the net due (a direct client's net is its total,
 * its commission 0). A canceled line is shown but counted in none of them. A stored line is
 * itemized by the same arithmetic that priced it, so its cents are the ones it was sold at.
 */
export interface Itemized {
  readonly lines: ReadonlyArray<ItemizedLine>;
  readonly subtotalCents: number;
  readonly totalCents: number;
  readonly commissionCents: number;
  readonly netCents: number;
}

export const itemized = (lines: ReadonlyArray<QuoteLine>): Itemized => {
  const itemizedLines = lines.map((priced) => ({ ...priced, ...lineAmounts(priced) }));
  const counted = itemizedLines.filter((priced) => priced.canceled !== true);
  const total = (pick: (priced: ItemizedLine) => number) => counted.reduce((sum, priced) => sum + pick(priced), 0);
  const totalCents = total((priced) => priced.totalCents);
  const commissionCents = total((priced) => priced.commissionCents);
  return { lines: itemizedLines, subtotalCents: total((priced) => priced.listCents), totalCents, commissionCents, netCents: totalCents - commissionCents };
};
