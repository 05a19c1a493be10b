import { messages } from "../../api/messages.ts";
import { flights } from "../../records/referenceData.ts";
import { dialogAnswers, machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { type PassengerTripsContext, passengerTripsMachine } from "./passengerTrips.machine.ts";

const leg = { passengerId: 4, cruiseId: 2, direction: "outbound", flightId: 1, date: "2027-03-04" } as const;

export const fixtures = machineFixtures({
  id: "passengerTrips",
  machine: passengerTripsMachine,
  inputs: [{ client: unusedClient, passengerId: 4, flights: flights.api.list }],
  // a leg booked or removed while the departures are fetched again is pressed once they show
  contextKey: (context) => (context as PassengerTripsContext).pressedMeanwhile?.type ?? null,
  events: [
    { type: "xstate.done.actor.fetchTrips", output: { passenger: null, flightChoices: [] } },
    { type: "xstate.error.actor.fetchTrips", error: refused(404, messages.notFound) },
    { type: "retry" },
    { type: "leg.book", leg },
    { type: "leg.book", leg: { ...leg, date: null } },
    { type: "xstate.done.actor.bookLeg", output: messages.created },
    { type: "xstate.error.actor.bookLeg", error: refused(409, messages.flightDuringCruise) },
    { type: "leg.remove", legId: 3, title: "¿Quitar el tramo?" },
    ...dialogAnswers("askRemoval"),
    { type: "xstate.done.actor.removeLeg", output: messages.deleted },
    { type: "xstate.error.actor.removeLeg", error: refused(404, messages.notFound) },
    { type: "passenger.changed" },
  ],
});
