import { Effect, Schema } from "effect";
import { assign, type EventObject } from "xstate";
import type { FieldProblem } from "../../api/fields.ts";
import { type Message, messages } from "../../api/messages.ts";

/**
 * What every domain machine shares (decision 017). The server decides a command by sending the
 * record's machine, resolved at its stored state, the event with the facts it loaded for that
 * command (`facts`: the other records, the field rules' verdict). A guard that refuses reads
 * those facts and records a `Refusal` (the spec's message and its status): the transition stays
 * where it was and nothing is written. The stored event never holds the facts, so a replay
 * (projection, rebuild) finds every refusing guard false and what was decided stands.
 */
export interface Refusal {
  /** 400 a field or choice the rules refuse, 401 a sign-in refused, 409 a rule over other records. */
  readonly status: 400 | 401 | 409;
  readonly message: Message;
  /** The guard that refused: which rule it was, for the server to act on and the reader to be told. */
  readonly guard?: string;
}

export interface DomainContext {
  /** Set by a refusing transition; the server answers it and writes nothing. */
  readonly refusal: Refusal | null;
}

/** The starting context of every domain machine. */
export const domainContext = (): DomainContext => ({ refusal: null });

/** A record's event as its machine decides it: the stored event plus the facts loaded for it. */
export type Decided<Event, Facts> = Event extends unknown ? Event & { readonly facts?: Facts } : never;

/**
 * What every domain machine's setup starts with: its `types` (the shared context, the record's
 * events as decided) and the `refuse` action every refusing transition names, which records the
 * refusal: `setup({ ...domainSetup<Event, Facts>(), guards: { ... } })`.
 */
export const domainSetup = <Event extends EventObject, Facts>() => ({
  types: {} as { readonly context: DomainContext; readonly events: Decided<Event, Facts> },
  actions: {
    refuse: assign<DomainContext, Decided<Event, Facts>, Refusal, Decided<Event, Facts>, never>((_, params) => ({
      refusal: params,
    })),
  },
});

/**
 * A refusing transition, listed before the accepting branch of its event: when `guard` holds, the
 * machine records the refusal with the spec's `message` and its `status` (the `refuse` action)
 * and stays where it is. The built transition is what the visualizer shows: guard, action and
 * this refusal's own `description`.
 */
export const refusal = <const Guard extends string>(
  guard: Guard,
  status: Refusal["status"],
  message: Message,
  description: string,
) => ({ guard, actions: { type: "refuse", params: { status, message, guard } }, description }) as const;

/** A required field left blank: refused with 'required_information' (400); `description` says which. */
export const refuseIncomplete = (description: string) => refusal("isIncomplete", 400, messages.requiredInformation, description);

/** A field over its limit or of the wrong form: refused with 'invalid information' (400); `description` says which. */
export const refuseMalformed = (description: string) => refusal("hasMalformedField", 400, messages.invalidInput, description);

/** A reason over the 300 characters a command's reason may hold (a cancel, a rejection, an admin's note). */
export const refusedReasonTooLong = refuseMalformed("Refused: the reason is over 300 characters ('invalid information').");

/** What refuses a command that must give its reason: none given, or one too long. */
export const reasonRefusals = [
  refusal("isIncomplete", 400, messages.requiredInformation, "Refused: no reason given ('required_information')."),
  refusedReasonTooLong,
] as const;

/** What refuses a question's period past its days being real ones: the last before the first, or over a year. */
export const periodRefusals = [
  refusal("isPeriodReversed", 400, messages.periodReversed, "Refused: the period's last day comes before its first ('the period ends before it starts')."),
  refusal("isPeriodTooLong", 400, messages.periodTooLong, "Refused: the period covers more than a year ('the period is longer than a year')."),
] as const;

/** A state a record or a question never leaves (deleted, canceled for good, answered). */
export const final = (description: string) => ({ type: "final", description }) as const;

/** Where a question that writes nothing (availability, a report) ends once answered. */
export const answered = final("Answered to whoever asked, and forgotten.");

/** The field problem the server found with the record's field rules, null when none. */
export interface FieldFacts {
  readonly fieldProblem: FieldProblem | null;
}

/** Whether a fact holds for this event; a replayed event carries no facts, so none holds then. */
export const holds = <Facts>(event: { readonly facts?: Facts }, fact: (facts: Facts) => boolean): boolean =>
  event.facts !== undefined && fact(event.facts);

type WithFieldFacts = { readonly event: { readonly facts?: FieldFacts } };

/** Guards over the field problem, named by the spec's message each refuses with. */
export const fieldGuards = {
  isIncomplete: ({ event }: WithFieldFacts) => holds(event, (facts) => facts.fieldProblem === "required"),
  hasMalformedField: ({ event }: WithFieldFacts) => holds(event, (facts) => facts.fieldProblem === "invalid"),
  hasMalformedEmail: ({ event }: WithFieldFacts) => holds(event, (facts) => facts.fieldProblem === "invalidEmail"),
  hasMalformedUrl: ({ event }: WithFieldFacts) => holds(event, (facts) => facts.fieldProblem === "invalidUrl"),
};

/** The names of a record's facts that are yes or no. */
type BooleanFact<Facts> = { [Name in keyof Facts]-?: Facts[Name] extends boolean ? Name : never }[keyof Facts];

/**
 * Guards that hold when the yes-or-no fact of the same name does, for a machine's `Facts`:
 * `guards: { ...factGuards<BannerFacts>()("keepsForeignImage", "hasTooManyImages"), ... }`.
 */
export const factGuards =
  <Facts>() =>
  <const Name extends BooleanFact<Facts>>(...names: ReadonlyArray<Name>) =>
    Object.fromEntries(
      names.map((name) => [name, ({ event }: { readonly event: { readonly facts?: Facts } }) => holds(event, (facts) => facts[name] === true)]),
    ) as Record<Name, (args: { readonly event: { readonly facts?: Facts } }) => boolean>;

/** The field guards a machine refuses with, by name: `guards: { ...fieldGuardsOf("isIncomplete", "hasMalformedField"), ... }`. */
export const fieldGuardsOf = <const Name extends keyof typeof fieldGuards>(...names: ReadonlyArray<Name>) =>
  Object.fromEntries(names.map((name) => [name, fieldGuards[name]])) as Pick<typeof fieldGuards, Name>;

/**
 * A text an event carries since a later version of its record (an English text, an image's
 * alternative text): an event stored before it reads it blank, so the log never needs rewriting.
 */
export const addedText = Schema.String.pipe(Schema.withDecodingDefaultKey(Effect.succeed("")));

/** A list of texts added so (one per image): an older event reads it empty. */
export const addedTexts = Schema.Array(Schema.String).pipe(Schema.withDecodingDefaultKey(Effect.succeed([])));
