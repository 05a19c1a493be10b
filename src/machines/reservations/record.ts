import type { RoleName } from "../../api/endpoint.ts";
import type { Reservation, Space } from "../../api/reservations.ts";
import { type ReservationEvent, reservationMachine } from "../domain/reservation.machine.ts";
import { type SpaceEvent, spaceMachine } from "../domain/space.machine.ts";
import { takes } from "../shared/takes.ts";
import { reservationsEntry } from "../../records/entries.ts";

/**
 * Reservations (DOMAIN.md sections 5 and 9), under the menu's Operación: staff and agencies read
 * them (an agency its own); admins, sales and agencies hold, confirm, extend and cancel them. A
 * button shows only when the reservation's (or the space's) machine takes its event in the
 * record's state; the server still judges every rule with its facts.
 */
export const reservations = {
  ...reservationsEntry,
  stream: "reservation",
  writers: ["admin", "sales", "agency"] as ReadonlyArray<RoleName>,
  path: (id: number | string): string => `/panel/reservations/${id}`,
  voucherPath: (id: number | string): string => `/panel/reservations/${id}/voucher`,
  offers: (reservation: Pick<Reservation, "state">, event: ReservationEvent["type"]): boolean =>
    takes(reservationMachine, reservation.state, { type: event } as Parameters<typeof takes<typeof reservationMachine>>[2]),
  spaceOffers: (space: Pick<Space, "state">, event: SpaceEvent["type"]): boolean =>
    takes(spaceMachine, space.state, { type: event } as Parameters<typeof takes<typeof spaceMachine>>[2]),
} as const;
