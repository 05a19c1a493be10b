import type { FieldProblem } from "../../api/fields.ts";
import type { Message } from "../../api/messages.ts";

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
 * The assignment of every refusing transition; a machine names it in its setup as
 * `actions: { refuse: assign(recordRefusal) }` and refuses with
 * `{ type: "refuse", params: { status, message } }`.
 */
export const recordRefusal = (_: unknown, params: Refusal): { readonly refusal: Refusal } => ({ refusal: params });

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
