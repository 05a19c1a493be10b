import { Schema, SchemaGetter } from "effect";
import { MAX_ID } from "./maxId.ts";

/**
 * The ids of the records (STYLE.md habit 6): each a serial column's value, 1 to 2^31-1, branded
 * with its record kind so that a lead id cannot be passed where a user id is expected. Decoding
 * is how a number becomes an id: the contract decodes what the panel receives, the server
 * decodes its rows (server/db/rows.ts) and what the caller sends. A number out of range is
 * 'invalid information' (400) rather than an error of the database.
 */

export { MAX_ID };

/** The smallest value of an integer (int4) column. */
export const MIN_INT4 = -2_147_483_648;

/**
 * An integer as an integer (int4) column holds it: every integer of the contract is one, or
 * narrower, so that a caller's number out of range is refused as invalid information (400) and
 * never reaches PostgreSQL, which would refuse it with an error (500).
 */
export const Int4 = Schema.Int.check(Schema.isBetween({ minimum: MIN_INT4, maximum: MAX_ID }));

/** A count or an amount of whole things: 0 to the column's largest. */
export const Count = Int4.check(Schema.isGreaterThanOrEqualTo(0));

/** A serial column's value: an integer from 1 to MAX_ID. */
export const SerialId = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_ID }));

export const UserId = SerialId.pipe(Schema.brand("UserId"));
export type UserId = typeof UserId.Type;

export const RoleId = SerialId.pipe(Schema.brand("RoleId"));
export type RoleId = typeof RoleId.Type;

export const LeadId = SerialId.pipe(Schema.brand("LeadId"));
export type LeadId = typeof LeadId.Type;

export const ItineraryId = SerialId.pipe(Schema.brand("ItineraryId"));
export type ItineraryId = typeof ItineraryId.Type;

export const BannerId = SerialId.pipe(Schema.brand("BannerId"));
export type BannerId = typeof BannerId.Type;

export const CallActionId = SerialId.pipe(Schema.brand("CallActionId"));
export type CallActionId = typeof CallActionId.Type;

/** An item of one of the simple catalogues (feedings, activities, courtesies: src/records). */
export const CatalogueItemId = SerialId.pipe(Schema.brand("CatalogueItemId"));
export type CatalogueItemId = typeof CatalogueItemId.Type;

/**
 * A whole number as a path or a query writes it: decimal digits with no leading zero, a minus
 * before a negative one, and nothing else. `Number` alone reads `0x10`, `1e1`, ` 16` and `+16` as
 * numbers too, so that `/users/0x10` named user 16: each number has one spelling. (The `u` flag
 * is what lets the OpenAPI document show the pattern.)
 */
export const WHOLE_NUMBER_TEXT = /^(?:0|-?[1-9][0-9]*)$/u;

/** Text in a path, a query or a form field holding `integer` (an int4 or narrower), in its one spelling. */
export const integerFromText = <S extends Schema.Codec<number, number>>(integer: S) =>
  Schema.String.check(Schema.isPattern(WHOLE_NUMBER_TEXT)).pipe(
    Schema.decodeTo(integer, { decode: SchemaGetter.Number(), encode: SchemaGetter.String() }),
  );

/** An id as it travels in a path (`/users/7`) or a query: `[1-9][0-9]*` within MAX_ID, anything else does not decode. */
export const idFromPath = <S extends Schema.Codec<number, number>>(id: S) => integerFromText(id);

export const UserIdFromPath = idFromPath(UserId);
export const LeadIdFromPath = idFromPath(LeadId);
export const CatalogueItemIdFromPath = idFromPath(CatalogueItemId);
/** A departure of a yacht (DOMAIN.md section 4). */
export const CruiseId = SerialId.pipe(Schema.brand("CruiseId"));
export type CruiseId = typeof CruiseId.Type;
export const CruiseIdFromPath = idFromPath(CruiseId);

export const ReservationId = SerialId.pipe(Schema.brand("ReservationId"));
export type ReservationId = typeof ReservationId.Type;
export const SpaceId = SerialId.pipe(Schema.brand("SpaceId"));
export type SpaceId = typeof SpaceId.Type;
export const PassengerId = SerialId.pipe(Schema.brand("PassengerId"));
export type PassengerId = typeof PassengerId.Type;
export const PassengerFlightId = SerialId.pipe(Schema.brand("PassengerFlightId"));
export type PassengerFlightId = typeof PassengerFlightId.Type;

/** The id of a record of any kind (the history of a stream, a list's filter), unbranded. */
export const SerialIdFromText = idFromPath(SerialId);

/** A page, a page's size or a number of hours, as a query writes it: 1 or more. */
export const PositiveIntFromText = integerFromText(Int4.check(Schema.isGreaterThan(0)));

/** The `:id` parameter of a record's path, as `id`. */
export const idParams = <S extends Schema.Codec<number, number>>(id: S) => Schema.Struct({ id: idFromPath(id) });
