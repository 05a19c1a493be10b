import { Schema } from "effect";
import { anyStaff, endpoint, MessageAnswer, recordEndpoints } from "./endpoint.ts";
import { Count, Int4, LeadId, LeadIdFromPath, PositiveIntFromText, UserId } from "./ids.ts";
import { emailField, type FieldProblems, NAME_MAX_LENGTH, textField, textProblems, textSchema } from "./fields.ts";

/** A person as a lead shows them (the assigned agent, a note's author). */
export const LeadPerson = Schema.Struct({ firstName: Schema.String, lastName: Schema.String });

/**
 * The wire's names of a note's text and author and of a lead's notes, spelled as SPEC.md section 3
 * does; the code reads the right words (decision 074). The contract encodes with them, and the
 * database writes a page's leads with them (decision 156).
 */
export const noteWireNames = { comments: "coments", author: "trankin_user" } as const;
export const leadWireNames = { notes: "trakin" } as const;

/** A follow-up note: its text, when and by whom. */
export const LeadNote = Schema.Struct({
  comments: Schema.String,
  createdAt: Schema.String,
  author: LeadPerson,
}).pipe(Schema.encodeKeys(noteWireNames));

/** The quote details a lead from the cruise pages carries; null for a plain contact message. */
export const LeadDetails = Schema.Struct({
  in: Schema.NullOr(Schema.String),
  out: Schema.NullOr(Schema.String),
  itinerary: Schema.NullOr(Schema.String),
  spaces: Schema.NullOr(Int4),
  cabins: Schema.NullOr(Int4),
  conditions: Schema.NullOr(Schema.String),
  isLastMinute: Schema.Boolean,
  mainLowerLm: Schema.NullOr(Schema.Finite),
  mainLowerGross: Schema.NullOr(Schema.Finite),
  upperLm: Schema.NullOr(Schema.Finite),
  upperGross: Schema.NullOr(Schema.Finite),
});
export type LeadDetails = typeof LeadDetails.Type;

/** A lead as the API answers it; `lead_user` is null while nobody is assigned ('sin asignar'). */
export const Lead = Schema.Struct({
  id: LeadId,
  createdAt: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  message: Schema.String,
  email: Schema.String,
  country: Schema.String,
  phone: Schema.String,
  lead_user: Schema.NullOr(Schema.Struct({ id: UserId, firstName: Schema.String, lastName: Schema.String })),
  yachtName: Schema.NullOr(Schema.String),
  details: Schema.NullOr(LeadDetails),
  notes: Schema.Array(LeadNote),
}).pipe(Schema.encodeKeys(leadWireNames));
export type Lead = typeof Lead.Type;

/** The columns GET /leads sorts by: the date received, or a column of the leads table. */
export const LEAD_SORTS = ["date", "name", "email", "country", "phone", "agent"] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

/** A moment as ISO 8601 with its offset (`2026-11-01T05:00:00.000Z`), the bounds of a date range. */
const Instant = Schema.String.check(
  Schema.isPattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/),
  Schema.makeFilter((text) => !Number.isNaN(Date.parse(text))),
);

/**
 * Paging, sorting, search and filters of GET /leads; without parameters the first page, newest
 * first. `agent` is a user id or `unassigned`. `sort` and `direction` choose the order (`order`,
 * the older spelling, still says newest or oldest first when `sort` is not given).
 * `receivedFrom` / `receivedBefore` keep the leads received in that range, the first bound in, the
 * second out: the panel sends the start of the first and of the day after the last day chosen,
 * in the user's time zone.
 */
export const LeadsQuery = Schema.Struct({
  page: Schema.optionalKey(PositiveIntFromText),
  pageSize: Schema.optionalKey(PositiveIntFromText.check(Schema.isLessThanOrEqualTo(100))),
  q: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200))),
  agent: Schema.optionalKey(Schema.String),
  order: Schema.optionalKey(Schema.Literals(["newest", "oldest"])),
  sort: Schema.optionalKey(Schema.Literals(LEAD_SORTS)),
  direction: Schema.optionalKey(Schema.Literals(["asc", "desc"])),
  receivedFrom: Schema.optionalKey(Instant),
  receivedBefore: Schema.optionalKey(Instant),
});
export type LeadsQuery = typeof LeadsQuery.Type;

export const DEFAULT_LEADS_PAGE_SIZE = 50;

/** Longest texts kept: longer is refused by the contract (400 invalid information) rather than cut. */
export const LEAD_MESSAGE_MAX_LENGTH = 5000;
export const LEAD_COMMENT_MAX_LENGTH = 5000;
export const LEAD_PHONE_MAX_LENGTH = 40;
export const LEAD_COUNTRY_MAX_LENGTH = 80;
/** The short texts of a quote's details (dates, itinerary, conditions). */
export const LEAD_DETAIL_MAX_LENGTH = 500;

/** The public form's fields (the landing page's contact form and the cruise pages' quote form): all required. */
export const newLeadFields = {
  firstName: textField(NAME_MAX_LENGTH, { required: true }),
  lastName: textField(NAME_MAX_LENGTH, { required: true }),
  email: emailField(),
  country: textField(LEAD_COUNTRY_MAX_LENGTH, { required: true }),
  phone: textField(LEAD_PHONE_MAX_LENGTH, { required: true }),
  message: textField(LEAD_MESSAGE_MAX_LENGTH, { required: true }),
} as const;

/** The optional texts a quote brings besides: the yacht's name and the details' texts. */
export const yachtNameField = textField(NAME_MAX_LENGTH);
export const leadDetailTextField = textField(LEAD_DETAIL_MAX_LENGTH);

const optionalDetailText = Schema.NullOr(textSchema(leadDetailTextField));
const Amount = Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0));

/** A quote's details as the form sends them: texts within their limit, no negative count or price. */
export const NewLeadDetails = Schema.Struct({
  in: optionalDetailText,
  out: optionalDetailText,
  itinerary: optionalDetailText,
  spaces: Schema.NullOr(Count),
  cabins: Schema.NullOr(Count),
  conditions: optionalDetailText,
  isLastMinute: Schema.Boolean,
  mainLowerLm: Schema.NullOr(Amount),
  mainLowerGross: Schema.NullOr(Amount),
  upperLm: Schema.NullOr(Amount),
  upperGross: Schema.NullOr(Amount),
});

/**
 * The public contact / quote form. `website` is a honeypot: people never see it, so a filled one
 * is a robot and the lead is dropped (the answer is the same, so the robot learns nothing).
 */
export const NewLead = Schema.Struct({
  firstName: textSchema(newLeadFields.firstName),
  lastName: textSchema(newLeadFields.lastName),
  email: textSchema(newLeadFields.email),
  country: textSchema(newLeadFields.country),
  phone: textSchema(newLeadFields.phone),
  message: textSchema(newLeadFields.message),
  website: Schema.optionalKey(Schema.String),
  yachtName: Schema.optionalKey(Schema.NullOr(textSchema(yachtNameField))),
  details: Schema.optionalKey(Schema.NullOr(NewLeadDetails)),
});
export type NewLead = typeof NewLead.Type;

export type NewLeadField = keyof typeof newLeadFields;

/** What the contact form reports before sending, and what the lead's machine refuses with (as a fact). */
export const newLeadProblems = (payload: Pick<NewLead, NewLeadField>): FieldProblems<NewLeadField> =>
  textProblems(newLeadFields, payload);

/** The add-comment box of a lead: a note that is not blank (SPEC.md section 5). */
export const commentFields = { comments: textField(LEAD_COMMENT_MAX_LENGTH, { required: true }) } as const;

/** A new note as sent, its text under `coments` as SPEC.md section 7 spells it. */
export const NewComment = Schema.Struct({
  userId: UserId,
  leadId: LeadId,
  comments: textSchema(commentFields.comments),
}).pipe(Schema.encodeKeys({ comments: "coments" }));
export type NewComment = typeof NewComment.Type;

/** What the comment box reports before sending, and what the lead's machine refuses with (as a fact). */
export const commentProblems = (payload: Pick<NewComment, "comments">): FieldProblems<"comments"> =>
  textProblems(commentFields, payload);

const leads = recordEndpoints({ resource: "leads", singular: "Lead", id: LeadId, readers: anyStaff, writers: anyStaff });

export const listLeads = leads.list({
  query: LeadsQuery,
  response: Schema.Array(Lead),
  description: "One page of leads (meta: total, page, pageSize), newest first unless asked otherwise.",
});

export const getLead = leads.get({ response: Lead, description: "One lead with its follow-up notes, oldest first." });

export const createLead = leads.create({
  body: NewLead,
  access: { kind: "public" },
  description: "The public site's contact and quote form: validated, rate-limited per address.",
});

export const createNote = endpoint({
  name: "leads.comment",
  method: "POST",
  path: "/leads/createTrakin",
  body: NewComment,
  response: MessageAnswer,
  access: anyStaff,
  description: "Adds a follow-up note by the caller (userId must be the caller's own id).",
});

export const assignLead = endpoint({
  name: "leads.assign",
  method: "PUT",
  path: "/leads/assingLeadtoUser/:leadId",
  params: Schema.Struct({ leadId: LeadIdFromPath }),
  body: Schema.Struct({ userId: UserId }),
  response: MessageAnswer,
  access: anyStaff,
  description: "Assigns (or reassigns) a lead to an active sales user.",
});
