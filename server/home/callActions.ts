import { isDeepStrictEqual } from "node:util";
import { Schema } from "effect";
import { ApiError } from "../../src/api/errors.ts";
import type { CallAction, CallActionPayload } from "../../src/api/home.ts";
import { messages } from "../../src/api/messages.ts";
import type { CallActionContent } from "../../src/machines/domain/callAction.machine.ts";
import type { Queryable } from "../db/database.ts";
import { type CommandOptions, decide } from "../events/command.ts";
import { callActionRecord } from "../events/projections/home.ts";
import { assertFilled, NAME_MAX_LENGTH, trimmedWithin } from "../routes/fields.ts";

/** Longest texts kept; longer is refused rather than cut. */
export const CALL_ACTION_TEXT_MAX_LENGTH = 1_000;
/** A button reads a few words. */
export const BUTTON_LABEL_MAX_LENGTH = 40;
/** What browsers and proxies reliably carry. */
export const LINK_MAX_LENGTH = 2_048;

const linkProtocols: ReadonlyArray<string> = ["http:", "https:"];

/**
 * A link the landing page may open: an absolute URL with a host over http or https, kept as
 * typed (trimmed). Anything else, `javascript:` above all, is 'Invalid URL' (SPEC.md section 5).
 */
const checkLink = (value: string): string => {
  const link = value.trim();
  if ([...link].length > LINK_MAX_LENGTH || !URL.canParse(link)) throw new ApiError(400, messages.invalidUrl);
  const url = new URL(link);
  if (!linkProtocols.includes(url.protocol) || url.hostname === "") throw new ApiError(400, messages.invalidUrl);
  return link;
};

export interface CallActionDraft {
  readonly content: CallActionContent;
  /** Left out: a new call to action is active and an edited one stays as it is. */
  readonly active: boolean | undefined;
}

/** Every field is required ('required_information'), then lengths, then the link. */
export const checkCallAction = (payload: CallActionPayload): CallActionDraft => {
  assertFilled(payload.title, payload.text, payload.buttonLabel, payload.link);
  return {
    content: {
      title: trimmedWithin(payload.title, NAME_MAX_LENGTH),
      text: trimmedWithin(payload.text, CALL_ACTION_TEXT_MAX_LENGTH),
      buttonLabel: trimmedWithin(payload.buttonLabel, BUTTON_LABEL_MAX_LENGTH),
      link: checkLink(payload.link),
    },
    active: payload.active,
  };
};

const CallActionRow = Schema.Struct({
  id: Schema.Int,
  title: Schema.String,
  text: Schema.String,
  buttonLabel: Schema.String,
  link: Schema.String,
  active: Schema.Boolean,
});
const decodeRow = Schema.decodeUnknownSync(CallActionRow);

/** Calls to action as the contract answers them, by id. */
export const readCallActions = async (
  db: Queryable,
  where: string,
  params: ReadonlyArray<unknown>,
  tail = "",
): Promise<CallAction[]> =>
  (
    await db.query<unknown>(
      `select id, title, text, button_label as "buttonLabel", link, active from call_actions
        where ${where} order by id ${tail}`,
      params,
    )
  ).map((row) => ({ ...decodeRow(row), type: "call_action" }));

export const findCallAction = async (db: Queryable, id: number): Promise<CallAction | null> =>
  (await readCallActions(db, "id = $1", [id]))[0] ?? null;

/** Adds a call to action through the event store and answers its id. */
export const createCallAction = async (
  tx: Queryable,
  draft: CallActionDraft,
  options: CommandOptions,
): Promise<number> => {
  const [row] = await tx.query<{ id: number }>("select nextval(pg_get_serial_sequence('call_actions', 'id'))::int as id");
  if (!row) throw new Error("no id from the call_actions sequence");
  await decide(
    tx,
    callActionRecord,
    String(row.id),
    { type: "callAction.create", ...draft.content, active: draft.active ?? true },
    options,
  );
  return row.id;
};

/** Saves the edit form: one event for the content when it changes, one for `active` when it changes. */
export const updateCallAction = async (
  tx: Queryable,
  id: number,
  draft: CallActionDraft,
  options: CommandOptions,
): Promise<void> => {
  const [current] = await readCallActions(tx, "id = $1", [id], "for update");
  if (current === undefined) throw new ApiError(404, messages.notFound);
  const streamId = String(id);
  const { title, text, buttonLabel, link } = current;
  if (!isDeepStrictEqual(draft.content, { title, text, buttonLabel, link })) {
    await decide(tx, callActionRecord, streamId, { type: "callAction.update", ...draft.content }, options);
  }
  if (draft.active !== undefined && draft.active !== current.active) {
    const type = draft.active ? "callAction.activate" : "callAction.deactivate";
    await decide(tx, callActionRecord, streamId, { type }, options);
  }
};
