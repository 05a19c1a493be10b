import { Schema } from "effect";
import { setup } from "xstate";
import { messages } from "../../api/messages.ts";
import { domainContext, domainSetup, type FieldFacts, fieldGuardsOf, holds, refusal, refuseIncomplete, refuseMalformed } from "./rules.ts";

/**
 * The events of a passenger (DOMAIN.md section 7): registered with their fields, changed, and
 * their flight legs booked and removed. A leg belongs to the passenger's stream: its rules are
 * the passenger's (on the departure, outside its days, a fare for the flight).
 */
const PassengerFields = {
  agencyId: Schema.NullOr(Schema.Int),
  firstName: Schema.String,
  lastName: Schema.String,
  identificationTypeId: Schema.Int,
  /** As compared and kept: without spaces, in capitals. */
  identification: Schema.String,
  birthday: Schema.String,
  countryId: Schema.Int,
  gender: Schema.String,
  /** The other fields (marital status, email, diet, wetsuit, notes...) as their details read. */
  details: Schema.Record(Schema.String, Schema.Unknown),
};

export const PassengerRegister = Schema.Struct({ type: Schema.Literal("passenger.register"), ...PassengerFields });
export const PassengerEdit = Schema.Struct({ type: Schema.Literal("passenger.edit"), ...PassengerFields });
export const PassengerFlightBook = Schema.Struct({
  type: Schema.Literal("passenger.flight.book"),
  legId: Schema.Int,
  cruiseId: Schema.Int,
  reservationId: Schema.Int,
  direction: Schema.Literals(["outbound", "return"]),
  flightId: Schema.Int,
  date: Schema.String,
  time: Schema.String,
  /** The leg's priced line (the quote's flight line for one passenger). */
  line: Schema.Unknown,
});
export const PassengerFlightRemove = Schema.Struct({ type: Schema.Literal("passenger.flight.remove"), legId: Schema.Int });

export const PassengerEvent = Schema.Union([PassengerRegister, PassengerEdit, PassengerFlightBook, PassengerFlightRemove]);
export type PassengerEvent = typeof PassengerEvent.Type;

/** A passenger's stored fields, as the register and edit events carry them. */
export type PassengerFields = Omit<typeof PassengerRegister.Type, "type">;

/**
 * What the server loads before deciding: the fields' problem, whether another passenger has the
 * identification; for a flight leg, whether the passenger sails the departure, whether the leg
 * has a time (its own or its flight's), whether its day is strictly inside the cruise or on the
 * wrong side of it (an outbound after it, a return before it), whether a return leg's flight
 * flies from the islands to the mainland, and whether the flight has a fare.
 */
export interface PassengerFacts extends FieldFacts {
  readonly identificationTaken: boolean;
  readonly notOnCruise: boolean;
  readonly flightTimeMissing: boolean;
  readonly legDuringCruise: boolean;
  readonly legOnWrongSide: boolean;
  /** A return leg whose flight does not fly home, from the islands to the mainland (see `fliesHome`). */
  readonly returnLegNotHomeward: boolean;
  readonly flightRateMissing: boolean;
}

/** The airports of the islands (Baltra, San Cristóbal) and of the mainland (Quito, Guayaquil) a leg flies between. */
export const islandAirports: ReadonlyArray<string> = ["GPS", "SCY"];
export const mainlandAirports: ReadonlyArray<string> = ["UIO", "GYE"];

/** Whether a flight flies home after a cruise: from an island's airport to a mainland one. */
export const fliesHome = (origin: unknown, destination: unknown): boolean =>
  typeof origin === "string" && typeof destination === "string" && islandAirports.includes(origin) && mainlandAirports.includes(destination);

export const noPassengerFacts: PassengerFacts = {
  fieldProblem: null,
  identificationTaken: false,
  notOnCruise: false,
  flightTimeMissing: false,
  legDuringCruise: false,
  legOnWrongSide: false,
  returnLegNotHomeward: false,
  flightRateMissing: false,
};

const fact = (name: Exclude<keyof PassengerFacts, "fieldProblem">) => ({ event }: { readonly event: { readonly facts?: PassengerFacts } }) =>
  holds(event, (facts) => facts[name]);

const fieldRefusals = [
  refuseIncomplete("Refused: a name, the identification, the birthday, the country or the gender is missing ('required_information')."),
  refusal("hasMalformedEmail", 400, messages.invalidEmail, "Refused: an email that is none ('user_error')."),
  refuseMalformed("Refused: a birthday that is not yet or before 1900, a text too long, an identification type, country or agency that is no live item ('invalid information')."),
  refusal("isIdentificationTaken", 409, messages.passengerIdentificationTaken, "Refused: another passenger has the same identification ('passenger identification unique')."),
] as const;

export const passengerMachine = setup({
  ...domainSetup<PassengerEvent, PassengerFacts>(),
  guards: {
    ...fieldGuardsOf("isIncomplete", "hasMalformedField", "hasMalformedEmail"),
    isIdentificationTaken: fact("identificationTaken"),
    isNotOnCruise: fact("notOnCruise"),
    isFlightTimeMissing: fact("flightTimeMissing"),
    isLegDuringCruise: fact("legDuringCruise"),
    isLegOnWrongSide: fact("legOnWrongSide"),
    isReturnLegNotHomeward: fact("returnLegNotHomeward"),
    isFlightRateMissing: fact("flightRateMissing"),
  },
}).createMachine({
  id: "passenger",
  description: "A person who sails: registered with their identification, changed, given spaces on departures and flight legs to and from them.",
  context: domainContext,
  initial: "absent",
  states: {
    absent: {
      description: "No such passenger yet.",
      on: {
        "passenger.register": [...fieldRefusals, { target: "registered", description: "Registered: the passenger can be given a space and flights." }],
      },
    },
    registered: {
      description: "Registered: their fields can change, their flight legs be booked and removed.",
      on: {
        "passenger.edit": [...fieldRefusals, { target: "registered", description: "The passenger's fields change." }],
        "passenger.flight.book": [
          refuseIncomplete("Refused: no flight or no day ('required_information')."),
          refuseMalformed("Refused: a day or a time that is none, a flight that is no live item ('invalid information')."),
          refusal("isNotOnCruise", 409, messages.notAllowedNow, "Refused: the passenger has no live space on the departure."),
          refusal("isFlightTimeMissing", 400, messages.selectFlightTime, "Refused: neither the leg nor its flight has a time ('select a flight time')."),
          refusal("isLegDuringCruise", 409, messages.flightDuringCruise, "Refused: the leg's day is strictly inside the cruise ('no flight creation during the cruise')."),
          refusal("isLegOnWrongSide", 400, messages.invalidInput, "Refused: an outbound leg after the cruise, or a return leg before it ('invalid information')."),
          refusal(
            "isReturnLegNotHomeward",
            400,
            messages.returnLegNotHomeward,
            "Refused: a return leg whose flight does not fly from the islands (GPS, SCY) to the mainland (UIO, GYE).",
          ),
          refusal("isFlightRateMissing", 409, messages.flightRateNotDefined, "Refused: the flight has no air-ticket rate for the year ('flight rate not defined')."),
          { target: "registered", description: "The leg is booked, priced by the flight's air-ticket rate." },
        ],
        "passenger.flight.remove": { target: "registered", description: "The leg is removed." },
      },
    },
  },
});
