import { isDeepStrictEqual } from "node:util";
import { Schema } from "effect";
import { ApiError } from "../../src/api/errors.ts";
import { firstProblem } from "../../src/api/fields.ts";
import { type CallAction, type CallActionPayload, callActionProblems } from "../../src/api/home.ts";
import { messages } from "../../src/api/messages.ts";
import type { CallActionContent, CallActionFacts } from "../../src/machines/domain/callAction.machine.ts";
import type { Queryable } from "../db/database.ts";
import { type CommandOptions, decide } from "../events/command.ts";
import { callActionRecord } from "./projection.ts";

/** The form's content as the event keeps it: texts trimmed, the link as typed (trimmed). */
const contentOf = (payload: CallActionPayload): CallActionContent => ({
  title: payload.title.trim(),
  text: payload.text.trim(),
  buttonLabel: payload.buttonLabel.trim(),
  link: payload.link.trim(),
});

/** The facts the call to action's machine decides a create or a content update with. */
const formFacts = (payload: CallActionPayload): CallActionFacts => ({
  fieldProblem: firstProblem(callActionProblems(payload)),
});

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

/** Adds a call to action through the event store and answers its id; `active` left out is active. */
export const createCallAction = async (
  tx: Queryable,
  payload: CallActionPayload,
  options: CommandOptions,
): Promise<number> => {
  const [row] = await tx.query<{ id: number }>("select nextval(pg_get_serial_sequence('call_actions', 'id'))::int as id");
  if (!row) throw new Error("no id from the call_actions sequence");
  await decide(
    tx,
    callActionRecord,
    String(row.id),
    { type: "callAction.create", ...contentOf(payload), active: payload.active ?? true },
    options,
    formFacts(payload),
  );
  return row.id;
};

/**
 * Saves the edit form: one event for the content when it changes, one for `active` when it
 * changes (left out, it stays). Content equal to the current one was decided before, so no rule
 * refuses it.
 */
export const updateCallAction = async (
  tx: Queryable,
  id: number,
  payload: CallActionPayload,
  options: CommandOptions,
): Promise<void> => {
  const [current] = await readCallActions(tx, "id = $1", [id], "for update");
  if (current === undefined) throw new ApiError(404, messages.notFound);
  const streamId = String(id);
  const content = contentOf(payload);
  const { title, text, buttonLabel, link } = current;
  if (!isDeepStrictEqual(content, { title, text, buttonLabel, link })) {
    await decide(tx, callActionRecord, streamId, { type: "callAction.update", ...content }, options, formFacts(payload));
  }
  if (payload.active !== undefined && payload.active !== current.active) {
    const type = payload.active ? "callAction.activate" : "callAction.deactivate";
    await decide(tx, callActionRecord, streamId, { type }, options);
  }
};
