import { Schema } from "effect";
import { formatCents } from "../../src/api/amounts.ts";
import { type CruiseDocument, DocumentLanguage, type IncompleteBerth } from "../../src/api/documents.ts";
import { CruiseId } from "../../src/api/ids.ts";
import type { StoredReservation } from "../reservations/reads.ts";
import type { Queryable } from "../db/database.ts";
import { queryOne } from "../db/rows.ts";
import { reservationAccount } from "../money/accounts.ts";
import { missingPassenger } from "./berths.ts";
import { bankRows, findCompany } from "./company.ts";
import { departureDates } from "./departure.ts";
import { legKey, legsOf, legText } from "./legs.ts";
import { openDocument } from "./opening.ts";
import { findDepartureService, programSection } from "./service.ts";

/** A reservation's agency as its voucher needs it: where it is mailed and in which language. */
const AgencyRow = Schema.Struct({ email: Schema.NullOr(Schema.String), language: Schema.NullOr(Schema.String) });

export interface VoucherAgency {
  readonly email: string | null;
  readonly language: DocumentLanguage;
}

const isLanguage = Schema.is(DocumentLanguage);

/** The agency's address and language (Spanish unless it chose English); a direct client's: none and Spanish. */
export const voucherAgency = async (db: Queryable, agencyId: number | null): Promise<VoucherAgency> => {
  const row =
    agencyId === null
      ? null
      : await queryOne(db, AgencyRow, "select nullif(trim(details->>'email'), '') as email, details->>'language' as language from agencies where id = $1", [agencyId]);
  return { email: row?.email ?? null, language: isLanguage(row?.language) ? row.language : "es" };
};

/** What a voucher includes and leaves out: the operator's standing terms for a Galápagos cruise. */
const included = ["cabin", "meals", "excursions", "guide", "snorkel", "transfers"] as const;
const notIncluded = ["parkFee", "transitCard", "drinks", "tips", "insurance"] as const;

/**
 * A reservation's voucher (DOMAIN.md section 8), in the language asked for (its agency's by default):
 * the reservation (code, agency, executive, lead passenger, status and time limit), the yacht,
 * departure and itinerary with its days, each cabin's spaces and passengers, their flights, what
 * is included and what is not, the price with what is paid and the balance (its account now,
 * decision 068), and the company's bank data to pay it into.
 */
export const voucherDocument = async (db: Queryable, reservation: StoredReservation, language: DocumentLanguage, now: Date): Promise<CruiseDocument | null> => {
  const cruiseId = Schema.decodeSync(CruiseId)(reservation.cruiseId);
  const opening = await openDocument(db, cruiseId, language);
  const service = await findDepartureService(db, cruiseId, language);
  if (opening === null || service === null) return null;
  const { departure, t, column } = opening;
  const legs = await legsOf(db, cruiseId);
  const company = await findCompany(db);
  const account = await reservationAccount(db, reservation, now);
  const money = (cents: number) => formatCents(cents, language);
  const spaces = reservation.bookings.flatMap((booking) => booking.spaces.map((space) => ({ ...space, cabinName: booking.cabinName })));
  const live = spaces.filter((space) => space.state !== "canceled");
  const lead = live.find((space) => space.passengerName !== null)?.passengerName ?? t("documents.none");
  const timeFormat = new Intl.DateTimeFormat(language === "en" ? "en-US" : "es-EC", { dateStyle: "medium", timeStyle: "short", timeZone: "America/Guayaquil" });
  const item = [column("item", 25), column("detail", 75)];
  const seated = live.flatMap((space) => (space.passengerId === null ? [] : [{ ...space, passengerId: space.passengerId }]));
  const flightsIncluded = reservation.lines.some((line) => line.kind === "flight");
  const incomplete: ReadonlyArray<IncompleteBerth> = live
    .filter((space) => space.passengerId === null)
    .map((space) => missingPassenger({ reservationId: reservation.id, reservationCode: reservation.code, spaceId: space.id, cabinName: space.cabinName }));
  return {
    document: "voucher",
    language,
    title: t("documents.voucherTitle", { code: reservation.code }),
    departure,
    code: reservation.code,
    columns: [column("number", 5), column("cabin", 15), column("spaceType", 20), column("passenger", 40), column("state", 20)],
    sections: [
      {
        title: t("documents.reservation"),
        columns: item,
        rows: [
          [t("documents.columns.reservation"), reservation.code],
          [t("reservations.agency"), reservation.agencyName ?? t("reservations.direct")],
          [t("reservations.executive"), reservation.executive?.name ?? t("documents.none")],
          [t("documents.leadPassenger"), lead],
          [t("reservations.type"), t(`reservations.types.${reservation.type}`)],
          [t("reservations.state"), t(`reservations.states.${reservation.state}`)],
          ...(reservation.state === "reserved" && reservation.timeLimit !== null
            ? [[t("reservations.timeLimit"), `${timeFormat.format(new Date(reservation.timeLimit))} (${t("documents.ecuadorTime")})`]]
            : []),
          [t("documents.columns.yacht"), departure.yachtName],
          [t("documents.columns.departure"), departure.code],
          [t("documents.columns.itinerary"), service.days === "" ? departure.itineraryName : t("documents.itineraryDays", { name: departure.itineraryName, days: service.days, nights: service.nights })],
          [t("documents.columns.dates"), departureDates(departure)],
          ...(reservation.notes.trim() === "" ? [] : [[t("reservations.notes"), reservation.notes]]),
        ],
      },
      {
        title: t("documents.cabinsAndPassengers"),
        rows: spaces.map((space, index) => [
          String(index + 1),
          space.cabinName,
          space.genderName,
          space.passengerName ?? t("documents.noPassenger"),
          t(`reservations.states.${space.state}`),
        ]),
      },
      ...(service.program.length === 0 ? [] : [programSection(opening, service)]),
      ...(seated.length === 0 ? [] : [{
        title: t("documents.flights"),
        columns: [column("passenger", 30), column("outboundFlight", 35), column("returnFlight", 35)],
        rows: seated.map((space) => [
          space.passengerName ?? "",
          legText(legs.get(legKey(space.passengerId, "outbound"))) || t("documents.none"),
          legText(legs.get(legKey(space.passengerId, "return"))) || t("documents.none"),
        ]),
      }]),
      {
        title: t("documents.includes"),
        columns: [column("detail", 100)],
        rows: [...included.map((name) => [t(`documents.included.${name}`)]), ...(flightsIncluded ? [[t("documents.included.flights")]] : [])],
      },
      {
        title: t("documents.excludes"),
        columns: [column("detail", 100)],
        rows: [...notIncluded.map((name) => [t(`documents.notIncluded.${name}`)]), ...(flightsIncluded ? [] : [[t("documents.notIncluded.flights")]])],
      },
      ...(company === null ? [] : [{ title: t("documents.bankData"), columns: item, rows: bankRows(t, company).map((row) => [...row]) }]),
    ],
    totals: [
      { label: t("reservations.total"), value: money(reservation.priceCents.totalCents) },
      { label: t("reservations.commission"), value: money(reservation.priceCents.commissionCents) },
      { label: t("reservations.net"), value: money(reservation.priceCents.netCents) },
      { label: t("money.paid"), value: money(account.paidCents) },
      { label: t("money.balance"), value: money(account.balanceCents) },
    ],
    incomplete,
    generatedAt: now.toISOString(),
  };
};
