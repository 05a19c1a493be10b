/**
 * What every reservation command does around its own facts: lock the reservation with its
 * departure, number the spaces it adds, and go through the reservation machine (and the space
 * machine for one space), refusing with the machine's message. No command answers a rule's
 * message itself.
 */
import { ApiError } from "../../src/api/errors.ts";
import { refusedCommand } from "../events/refused.ts";
import { ReservationId } from "../../src/api/ids.ts";
import { messages } from "../../src/api/messages.ts";
import { noReservationFacts, type ReservationEvent, type ReservationFacts } from "../../src/machines/domain/reservation.machine.ts";
import { type SpaceEvent, type SpaceFacts, spaceMachine } from "../../src/machines/domain/space.machine.ts";
import { judge } from "../../src/machines/domain/verdict.ts";
import type { Session } from "../accounts/sessions.ts";
import type { Queryable } from "../db/database.ts";
import { nextIdWithParts, nextIds } from "../db/rows.ts";
import { type CommandOptions, decide, decideCreated } from "../events/command.ts";
import { lockDeparture } from "./facts.ts";
import { reservationRecord } from "./projection.ts";
import { findReservation } from "./reads.ts";

/** The reservation of a command as its caller may see it (an agency user: its own agency's), locked with its departure; 404 otherwise. */
export const lockReservation = async (tx: Queryable, id: number, session: Session) => {
  const found = await findReservation(tx, ReservationId.make(id), session);
  if (found === null) throw new ApiError(404, messages.notFound);
  const departure = await lockDeparture(tx, found.cruiseId);
  if (departure === null) throw new Error(`reservation ${id} has no departure`);
  return { reservation: found, departure };
};

/** Decides one reservation event, refusing with the machine's message; the facts default to none wrong. */
export const decideReservation = (
  tx: Queryable,
  id: number,
  event: ReservationEvent,
  options: CommandOptions,
  facts: Partial<ReservationFacts> = {},
) => decide(tx, reservationRecord, String(id), event, options, { ...noReservationFacts, ...facts });

/** Decides a new reservation's first event on `id`, just taken from the reservations' sequence: no row to read (decideCreated). */
export const decideNewReservation = (tx: Queryable, id: number, event: ReservationEvent, options: CommandOptions, facts: Partial<ReservationFacts>) =>
  decideCreated(tx, reservationRecord, id, event, options, { ...noReservationFacts, ...facts });

type AskedCabins = ReadonlyArray<{ readonly cabinId: number; readonly spaces: ReadonlyArray<{ readonly genderId: number }> }>;

type NumberedSpace = { readonly id: number; readonly cabinId: number; readonly genderId: number };

const askedSpaces = (cabins: AskedCabins) => cabins.flatMap(({ cabinId, spaces }) => spaces.map(({ genderId }) => ({ cabinId, genderId })));

/** The asked spaces, each with the id it will be stored under, in the draft's order. */
const numbered = (asked: ReadonlyArray<{ readonly cabinId: number; readonly genderId: number }>, ids: ReadonlyArray<number>): NumberedSpace[] =>
  asked.flatMap((space, index) => {
    const id = ids[index];
    return id === undefined ? [] : [{ id, ...space }];
  });

/** The spaces a draft's cabins ask for, each with the id it will be stored under (one statement for them all). */
export const numberedSpaces = async (tx: Queryable, cabins: AskedCabins): Promise<NumberedSpace[]> => {
  const asked = askedSpaces(cabins);
  return numbered(asked, await nextIds(tx, "spaces", asked.length));
};

/** A new reservation's id and the spaces its cabins ask for, numbered in one statement. */
export const numberedReservation = async (tx: Queryable, cabins: AskedCabins): Promise<{ readonly id: number; readonly spaces: NumberedSpace[] }> => {
  const asked = askedSpaces(cabins);
  const { id, ids } = await nextIdWithParts(tx, reservationRecord.table, "spaces", asked.length);
  return { id, spaces: numbered(asked, ids) };
};

/**
 * Judges one space's event with the space machine, in the space's state, refusing with its
 * message (an event its state does not take: 409); its reservation's event is decided after. A
 * space's events are its reservation's stream.
 */
export const judgeSpace = (reservationId: number, state: string, event: SpaceEvent, facts: SpaceFacts): void => {
  const verdict = judge(spaceMachine, state, event, facts);
  if (verdict.kind === "refused") {
    throw refusedCommand(spaceMachine, verdict.refusal, { stream: reservationRecord.stream, streamId: String(reservationId), state, event, facts });
  }
  if (verdict.kind === "notAllowed") throw new ApiError(409, messages.notAllowedNow);
};
