import { isDeepStrictEqual } from "node:util";
import { Struct } from "effect";
import { firstProblem } from "../../src/api/fields.ts";
import type { CallActionId } from "../../src/api/ids.ts";
import { CallAction, type CallActionPayload, callActionProblems } from "../../src/api/home.ts";
import type { CallActionContent, CallActionFacts } from "../../src/machines/domain/callAction.machine.ts";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";
import { type CommandOptions, decide, decideNew, expectVersion } from "../events/command.ts";
import type { RecordVersion } from "../../src/api/versions.ts";
import { orNotFound } from "../http/found.ts";
import { callActionRecord } from "./projection.ts";

/** The form's content as the event keeps it: texts trimmed, the link as typed (trimmed). */
const contentOf = (payload: CallActionPayload): CallActionContent => ({
  title: payload.title.trim(),
  text: payload.text.trim(),
  buttonLabel: payload.buttonLabel.trim(),
  titleEn: payload.titleEn?.trim() ?? "",
  textEn: payload.textEn?.trim() ?? "",
  buttonLabelEn: payload.buttonLabelEn?.trim() ?? "",
  link: payload.link.trim(),
});

/** The facts the call to action's machine decides a create or a content update with. */
const formFacts = (payload: CallActionPayload): CallActionFacts => ({
  fieldProblem: firstProblem(callActionProblems(payload)),
});

/** A call_actions row: the contract's call to action but for its fixed `type`. */
const CallActionRow = CallAction.mapFields(Struct.omit(["type"]));

/** Live (not deleted) calls to action as the contract answers them, by id. */
export const readCallActions = async (
  db: Queryable,
  where: string,
  params: ReadonlyArray<unknown>,
  tail = "",
): Promise<CallAction[]> =>
  (
    await queryRows(
      db,
      CallActionRow,
      `select id, title, text, button_label as "buttonLabel", title_en as "titleEn", text_en as "textEn",
              button_label_en as "buttonLabelEn", link, active, version from call_actions
        where status <> 'deleted' and (${where}) order by id ${tail}`,
      params,
    )
  ).map((row) => ({ ...row, type: "call_action" }));

/** One call to action, or null; `lock` ("for update") keeps it locked until the transaction ends. */
export const findCallAction = async (db: Queryable, id: CallActionId, lock = ""): Promise<CallAction | null> =>
  (await readCallActions(db, "id = $1", [id], lock))[0] ?? null;

/** Adds a call to action through the event store and answers its id; `active` left out is active. */
export const createCallAction = async (
  tx: Queryable,
  payload: CallActionPayload,
  options: CommandOptions,
): Promise<number> => {
  const event = { type: "callAction.create", ...contentOf(payload), active: payload.active ?? true } as const;
  return decideNew(tx, callActionRecord, event, options, formFacts(payload));
};

/**
 * Saves the edit form loaded at `version`: one event for the content when it changes, one for `active` when it
 * changes (left out, it stays). Content equal to the current one was decided before, so no rule
 * refuses it.
 */
export const updateCallAction = async (
  tx: Queryable,
  id: CallActionId,
  { version, ...payload }: CallActionPayload & { readonly version: RecordVersion },
  options: CommandOptions,
): Promise<void> => {
  const current = orNotFound(await findCallAction(tx, id, "for update"));
  await expectVersion(tx, callActionRecord, String(id), version);
  const streamId = String(id);
  const content = contentOf(payload);
  const { title, text, buttonLabel, titleEn, textEn, buttonLabelEn, link } = current;
  if (!isDeepStrictEqual(content, { title, text, buttonLabel, titleEn, textEn, buttonLabelEn, link })) {
    await decide(tx, callActionRecord, streamId, { type: "callAction.update", ...content }, options, formFacts(payload));
  }
  if (payload.active !== undefined && payload.active !== current.active) {
    const type = payload.active ? "callAction.activate" : "callAction.deactivate";
    await decide(tx, callActionRecord, streamId, { type }, options);
  }
};

/** Deletes a call to action. */
export const deleteCallAction = async (tx: Queryable, id: CallActionId, options: CommandOptions): Promise<void> => {
  orNotFound(await findCallAction(tx, id, "for update"));
  await decide(tx, callActionRecord, String(id), { type: "callAction.delete" }, options);
};
