import { Schema } from "effect";
import { setup } from "xstate";
import { LeadDetails } from "../../api/leads.ts";

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

export const leadMachine = setup({
  types: {
    context: {} as Record<string, never>,
    events: {} as LeadEvent,
  },
}).createMachine({
  id: "lead",
  description: "A contact or quote request from the public site, from its arrival to its follow-up by a sales agent.",
  context: {},
  initial: "absent",
  states: {
    absent: {
      description: "No such lead yet.",
      on: {
        "lead.create": {
          target: "new",
          description: "The public form sends a request; it waits unassigned ('sin asignar').",
        },
      },
    },
    new: {
      description: "Received, nobody assigned yet.",
      on: {
        "lead.assign": { target: "assigned", description: "First assignment to an active sales user." },
        "lead.comment": { target: "new", description: "Staff add a follow-up note before anyone is assigned." },
      },
    },
    assigned: {
      description: "A sales agent follows it up (shown 'sin asignar' while that agent is deactivated or deleted).",
      on: {
        "lead.assign": {
          target: "assigned",
          description: "Reassignment to another active sales user; the server writes nothing for the same agent.",
        },
        "lead.comment": { target: "assigned", description: "A follow-up note by a staff member." },
      },
    },
  },
});

/** One event per transition, for the path-test generator. */
export const leadMachineSampleEvents: ReadonlyArray<LeadEvent> = [
  {
    type: "lead.create",
    firstName: "Ana",
    lastName: "Ruiz",
    email: "ana@example.com",
    country: "Ecuador",
    phone: "+593 99 123 4567",
    message: "Quisiera información sobre cruceros en Galápagos.",
    yachtName: null,
    details: null,
  },
  { type: "lead.assign", agentId: 3, agentName: "Diego Cevallos" },
  { type: "lead.comment", authorId: 3, coments: "Llamé al cliente, espera la cotización." },
];
