/**
 * A confirmation dialog invoked as an actor (the view provides it; it settles with true when the
 * user confirms): the guard its answer is read with and the branches of its answer. The builder
 * returns plain configuration, the named guard, the targets, actions and descriptions given, so
 * the Stately visualizer, docs/flows and the path tests read what written-out branches would give.
 */

/** `guards: { isConfirmed }`: the dialog's answer was yes. */
export const isConfirmed = (_: unknown, params: { readonly confirmed: boolean }): boolean => params.confirmed;

const answer = ({ event }: { readonly event: { readonly output: boolean } }) => ({ confirmed: event.output });

interface Branch<Target extends string> {
  readonly target: Target;
  readonly description: string;
}

/**
 * The `onDone` and `onError` of a confirmation's invoke: to `confirmed` on yes; to `declined` on
 * no, and when the dialog fails (`failed` says so), with the declined branch's action if it has one.
 */
export const confirmation = <const Confirmed extends string, const Declined extends string, const Action extends string>(
  confirmed: Branch<Confirmed>,
  declined: Branch<Declined> & { readonly actions?: Action },
  failed: string,
) => {
  const { target, actions } = declined;
  const undone = actions === undefined ? { target } : { target, actions };
  return {
    onDone: [
      { guard: { type: "isConfirmed", params: answer }, target: confirmed.target, description: confirmed.description },
      { ...undone, description: declined.description },
    ],
    onError: { ...undone, description: failed },
  } as const;
};

/** `guards: { isAnswered }`: the dialog that asks a reason was answered (not closed). */
export const isAnswered = (_: unknown, params: { readonly reply: string | null }): boolean => params.reply !== null;

const reply = ({ event }: { readonly event: { readonly output: string | null } }) => ({ reply: event.output });
const reason = ({ event }: { readonly event: { readonly output: string | null } }) => ({ reason: event.output ?? "" });

/**
 * The `onDone` and `onError` of a dialog that asks a reason (answers it, or null when closed): to
 * `answered` with the reason kept by the `assignReason` action; to `closed` with its action when
 * the dialog is closed, and when it fails (`failed` says so).
 */
export const reasonAnswer = <const Answered extends string, const Closed extends string, const Action extends string>(
  answered: Branch<Answered>,
  closed: Branch<Closed> & { readonly actions: Action },
  failed: string,
) =>
  ({
    onDone: [
      { guard: { type: "isAnswered", params: reply }, target: answered.target, actions: { type: "assignReason", params: reason }, description: answered.description },
      { target: closed.target, actions: closed.actions, description: closed.description },
    ],
    onError: { target: closed.target, actions: closed.actions, description: failed },
  }) as const;
