import { Schema } from "effect";
import { type Message as MessageText, messages } from "./messageTexts.ts";
import { SerialId } from "./ids.ts";

export { messages };
export type Message = MessageText;

/** Every message above as one literal schema: the only texts an answer's `data` may carry as a message. */
export const Message = Schema.Literals(Object.values(messages));

/**
 * The body of every non-200 answer, `{"data": <message>}`: the server sends nothing else when it
 * refuses, and the panel's client decodes every refusal with it. A command a domain machine's guard
 * refused adds `meta.refusalId`, the refusal record that says why (decision 071), beside `data`
 * as PRODUCT.md's envelope puts a list's `meta`.
 */
export const ErrorAnswer = Schema.Struct({
  data: Message,
  meta: Schema.optionalKey(Schema.Struct({ refusalId: SerialId })),
});
export type ErrorAnswer = typeof ErrorAnswer.Type;

/** Whether a text is one of the messages (a refusal with any other text is a bug of the server). */
export const isMessage = Schema.is(Message);
