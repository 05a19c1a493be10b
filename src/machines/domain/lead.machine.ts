import { Schema } from "effect";
import { assign, setup } from "xstate";
import { LeadDetails } from "../../api/leads.ts";
import { messages } from "../../api/messages.ts";
import { type Decided, type DomainContext, domainContext, type FieldFacts, fieldGuards, holds, recordRefusal } from "./rules.ts";

/**
 * The events of a lead's life. Like the other records' events they are both what the machine
 * decides on and what the event store keeps (`type` plus data), so a rebuild replays exactly what
 * was decided and the lead's history tells who assigned it to whom and when.
 */
export const LeadCreate = Schema.Struct({
  type: Schema.Literal("lead.create"),
  firstName: Schema.String,
  lastName: Schema.String,
  email: Schema.String,
  country: Schema.String,
  phone: Schema.String,
  message: Schema.String,
  yachtName: Schema.NullOr(Schema.String),
  details: Schema.NullOr(LeadDetails),
});

/**
 * An assignment to a sales user. The agent's name is kept as it was then, so the history reads
 * "to whom" even after the agent is renamed or deleted; the lists show the agent's current name.
 */
export const LeadAssign = Schema.Struct({
  type: Schema.Literal("lead.assign"),
  agentId: Schema.Int,
  agentName: Schema.String,
});

/** A follow-up note (trakin) by `authorId`, always the signed-in caller. */
export const LeadComment = Schema.Struct({
  type: Schema.Literal("lead.comment"),
  authorId: Schema.Int,
  coments: Schema.String,
});

export const LeadEvent = Schema.Union([LeadCreate, LeadAssign, LeadComment]);
export type LeadEvent = typeof LeadEvent.Type;
export type LeadCreate = typeof LeadCreate.Type;

/**
 * What the server loads before it decides a lead command (decision 017): `fieldProblem` is the
 * public form's first problem (src/api/leads.ts `newLeadProblems`) on a create, the comment's
 * (`commentProblems`) on a comment.
 */
export interface LeadFacts extends FieldFacts {
  /** The agent of an assignment is an active sales user; true when no agent is in question. */
  readonly agentIsActiveSales: boolean;
}

const refusedIncomplete = {
  guard: "isIncomplete",
  actions: { type: "refuse", params: { status: 400, message: messages.requiredInformation } },
  description: "Refused: a required field is blank ('required_information').",
} as const;

const refusedMalformedField = {
  guard: "hasMalformedField",
  actions: { type: "refuse", params: { status: 400, message: messages.invalidInput } },
  description: "Refused: a field is longer than the form allows ('invalid information').",
} as const;

const refusedMalformedEmail = {
  guard: "hasMalformedEmail",
  actions: { type: "refuse", params: { status: 400, message: messages.invalidEmail } },
  description: "Refused: the email does not look like one ('user_error').",
} as const;

const refusedComment = [
  {
    ...refusedIncomplete,
    description: "Refused: the note is empty or blank ('required_information').",
  },
  {
    ...refusedMalformedField,
    description: "Refused: the note is longer than the box allows ('invalid information').",
  },
] as const;

const refusedAgent = {
  guard: "isAgentNotActiveSales",
  actions: { type: "refuse", params: { status: 400, message: messages.notSalesUser } },
  description: "Refused: the agent is not an active sales user (another role, deactivated, deleted or unknown).",
} as const;

export const leadMachine = setup({
  types: {
    context: {} as DomainContext,
    events: {} as Decided<LeadEvent, LeadFacts>,
  },
  actions: { refuse: assign(recordRefusal) },
  guards: {
    ...fieldGuards,
    isAgentNotActiveSales: ({ event }) => holds(event, (facts) => !facts.agentIsActiveSales),
  },
}).createMachine({
  id: "lead",
  description: "A contact or quote request from the public site, from its arrival to its follow-up by a sales agent.",
  context: domainContext,
  initial: "absent",
  states: {
    absent: {
      description: "No such lead yet.",
      on: {
        "lead.create": [
          refusedIncomplete,
          refusedMalformedField,
          refusedMalformedEmail,
          {
            target: "new",
            description: "The public form sends a request; it waits unassigned ('sin asignar').",
          },
        ],
      },
    },
    new: {
      description: "Received, nobody assigned yet.",
      on: {
        "lead.assign": [
          refusedAgent,
          { target: "assigned", description: "First assignment to an active sales user." },
        ],
        "lead.comment": [
          ...refusedComment,
          { target: "new", description: "Staff add a follow-up note before anyone is assigned." },
        ],
      },
    },
    assigned: {
      description: "A sales agent follows it up (shown 'sin asignar' while that agent is deactivated or deleted).",
      on: {
        "lead.assign": [
          refusedAgent,
          {
            target: "assigned",
            description: "Reassignment to another active sales user; the server writes nothing for the same agent.",
          },
        ],
        "lead.comment": [...refusedComment, { target: "assigned", description: "A follow-up note by a staff member." }],
      },
    },
  },
});
