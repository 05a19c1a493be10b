/**
 * A reservation's read (`reservations.get`), apart from its contract: a first visit of the
 * reservation's page asks for it before the contract and the client are there (../ui/shared/earlyReads.ts).
 */
export const reservationPath = "/reservations/:id";
