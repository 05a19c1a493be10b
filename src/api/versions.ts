import { Schema, Struct } from "effect";
import { integerFromText, MAX_ID } from "./ids.ts";

/**
 * A record's version: how many events it has had (0 for a list nobody has set yet). Every read
 * of a record answers it, and every edit sends back the version its form was loaded with: a
 * record someone saved since then is refused with 409 'the record changed since you opened it'
 * instead of being overwritten (decision 022).
 */
export const RecordVersion = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: MAX_ID }));
export type RecordVersion = typeof RecordVersion.Type;

/** The version as a multipart form's text field. */
const RecordVersionText = integerFromText(RecordVersion);

/** An edit's JSON body: the form's fields and the version the form was loaded with. */
export const withVersion = <Fields extends Schema.Struct.Fields>(form: Schema.Struct<Fields>) =>
  form.mapFields(Struct.assign({ version: RecordVersion }));

/** An edit's multipart form: its text fields and the version, as text like every field there. */
export const withVersionText = <Fields extends Schema.Struct.Fields>(form: Schema.Struct<Fields>) =>
  form.mapFields(Struct.assign({ version: RecordVersionText }));
