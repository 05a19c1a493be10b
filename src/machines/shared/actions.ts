import { assign, type EventObject } from "xstate";
import type { ApiClient } from "../../api/client.ts";
import { messages } from "../../api/messageTexts.ts";
import { errorMessage } from "./fields.ts";

/**
 * What the screens' machines share: named actions they spread into `setup({ actions })`, and the
 * shapes in which their actors settle. Each builder returns plain configuration (the same named
 * action, the target and the description given), so the Stately visualizer and docs/flows show
 * exactly what a written-out transition would show.
 */

/** What a machine that needs nothing but the API client is started with; its context keeps it. */
export interface ClientInput {
  readonly client: ApiClient;
}

/** The input of an invoked actor that needs nothing but the machine's client. */
export const clientInput = ({ context }: { readonly context: ClientInput }): ClientInput => ({ client: context.client });

/**
 * `assignError`'s implementation: the message of a refused request, for the red banner. These
 * assignments return the whole context with their change, so that one implementation fits every
 * machine whose context has the field; each machine names its own context and events.
 */
export const assignErrorMessage = <Context extends { readonly error: string | null }, Event extends EventObject>() =>
  assign<Context, Event, { error: unknown }, Event, never>(({ context }, params) => ({
    ...context,
    error: errorMessage(params.error),
  }));

/**
 * `clearError` and `assignError`, for a machine whose context keeps the last refusal's message:
 * `actions: { ...errorActions<Context, Event>(), ... }`.
 */
export const errorActions = <Context extends { readonly error: string | null }, Event extends EventObject>() => ({
  clearError: assign<Context, Event, undefined, Event, never>(({ context }) => ({ ...context, error: null })),
  assignError: assignErrorMessage<Context, Event>(),
});

/**
 * `clearFeedback`, `assignMessage` (the flow message of the last request, 'resource deleted
 * successfully'...) and `assignError`, for a machine whose context keeps both messages.
 */
export const feedbackActions = <
  Context extends { readonly message: string | null; readonly error: string | null },
  Event extends EventObject,
>() => ({
  assignError: assignErrorMessage<Context, Event>(),
  clearFeedback: assign<Context, Event, undefined, Event, never>(({ context }) => ({ ...context, message: null, error: null })),
  assignMessage: assign<Context, Event, { message: string }, Event, never>(({ context }, params) => ({
    ...context,
    message: params.message,
  })),
});

/** The toast of a flow message; the view provides it (a translated toast, a popup). */
export const notify = (_: unknown, _params: { readonly message: string }): void => {};

/** `assignError` on an actor's error event: the message of what the actor failed with. */
export const assignFailure = {
  type: "assignError",
  params: ({ event }: { readonly event: { readonly error: unknown } }) => ({ error: event.error }),
} as const;

/** An actor's `onError`: to `target`, keeping the refusal's message for the red banner. */
export const showError = <const Target extends string>(target: Target, description: string) =>
  ({ target, actions: assignFailure, description }) as const;

/**
 * A state whose fetch failed: its message shows with a retry button, and retry runs `actions`
 * (clearing the message) and goes back to `target` to fetch again.
 */
export const retryable = <const Target extends string, const Actions extends string | ReadonlyArray<string>>(
  target: Target,
  actions: Actions,
  description: string,
) => ({ description, on: { retry: { target, actions, description: "Retry was pressed." } } }) as const;

/**
 * A form's draft checked before anything is sent: while `refused.guard` holds, back to `editing`,
 * where its messages show and nothing is sent; otherwise on to `passed.target`.
 */
export const checkedDraft = <const Guard extends string, const Target extends string>(
  description: string,
  { refused, passed }: { readonly refused: { readonly guard: Guard; readonly description: string }; readonly passed: { readonly target: Target; readonly description: string } },
) =>
  ({
    description,
    always: [
      { guard: refused.guard, target: "editing", description: refused.description },
      { target: passed.target, description: passed.description },
    ],
  }) as const;

const answer = ({ event }: { readonly event: { readonly output: string } }) => ({ message: event.output });

/** `notify` on an actor's done event: the server's flow message is toasted. */
export const notifyAnswer = { type: "notify", params: answer } as const;

/** On an actor's done event: the flow message is kept for the page (`assignMessage`) and toasted. */
export const tellAnswer = [{ type: "assignMessage", params: answer }, notifyAnswer] as const;

/**
 * What a screen whose record could not be loaded shows in its place: the record is not there
 * ('resource not found') or not the user's to see ('forbidden'); null for a failure that a retry
 * may cure. It reads the message a failed state keeps, as the banner does.
 */
export type LoadRefusal = "notFound" | "forbidden";

export const loadRefusal = (error: string | null): LoadRefusal | null =>
  error === messages.notFound ? "notFound" : error === messages.forbidden ? "forbidden" : null;
