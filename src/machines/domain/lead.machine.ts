import { Schema } from "effect";
import { setup } from "xstate";
import { LeadDetails } from "../../api/leads.ts";
import { messages } from "../../api/messages.ts";
import { domainContext, domainSetup, type FieldFacts, fieldGuards, holds, refusal, refuseIncomplete, refuseMalformed } from "./rules.ts";

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

/** A follow-up note by `authorId`, always the signed-in caller. */
export const LeadComment = Schema.Struct({
  type: Schema.Literal("lead.comment"),
  authorId: Schema.Int,
  comments: Schema.String,
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
  /**
   * The agent of an assignment has never chosen a password of their own (only a temporary one,
   * never changed): they have not signed in yet. Absent when no agent is in question.
   */
  readonly isAgentWithoutPassword?: boolean;
}

/** Facts under which no rule of the lead's machine refuses: each command sets those it loads. */
export const noLeadFacts: LeadFacts = { fieldProblem: null, agentIsActiveSales: true, isAgentWithoutPassword: false };

/** The rules of the public form, in the order the form reports them. */
const refusedRequest = [
  refuseIncomplete("Refused: a required field is blank ('required_information')."),
  refuseMalformed("Refused: a field is longer than the form allows ('invalid information')."),
  refusal("hasMalformedEmail", 400, messages.invalidEmail, "Refused: the email does not look like one ('user_error')."),
] as const;

/** The rules of a follow-up note. */
const refusedComment = [
  refuseIncomplete("Refused: the note is empty or blank ('required_information')."),
  refuseMalformed("Refused: the note is longer than the box allows ('invalid information')."),
] as const;

const refusedAgent = [
  refusal("isAgentNotActiveSales", 400, messages.notSalesUser, "Refused: the agent is not an active sales user (another role, deactivated, deleted or unknown)."),
  refusal("isAgentWithoutPassword", 400, messages.agentWithoutPassword, "Refused: the agent has not chosen a password of their own yet (never signed in)."),
] as const;

export const leadMachine = setup({
  ...domainSetup<LeadEvent, LeadFacts>(),
  guards: {
    ...fieldGuards,
    isAgentNotActiveSales: ({ event }) => holds(event, (facts) => !facts.agentIsActiveSales),
    isAgentWithoutPassword: ({ event }) => holds(event, (facts) => facts.isAgentWithoutPassword === true),
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
          ...refusedRequest,
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
          ...refusedAgent,
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
          ...refusedAgent,
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
