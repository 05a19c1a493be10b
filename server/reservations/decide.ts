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
import { nextIds } from "../db/rows.ts";
import { type CommandOptions, decide } from "../events/command.ts";
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

/** The spaces a draft's cabins ask for, each with the id it will be stored under (one statement for them all). */
export const numberedSpaces = async (
  tx: Queryable,
  cabins: ReadonlyArray<{ readonly cabinId: number; readonly spaces: ReadonlyArray<{ readonly genderId: number }> }>,
): Promise<Array<{ readonly id: number; readonly cabinId: number; readonly genderId: number }>> => {
  const asked = cabins.flatMap(({ cabinId, spaces }) => spaces.map(({ genderId }) => ({ cabinId, genderId })));
  const ids = await nextIds(tx, "spaces", asked.length);
  return asked.flatMap((space, index) => {
    const id = ids[index];
    return id === undefined ? [] : [{ id, ...space }];
  });
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
