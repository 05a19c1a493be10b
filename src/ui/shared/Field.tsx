import { type ReactNode, useId } from "react";

/** What a field's control carries so that its label and its message are tied to it. */
export interface FieldControl {
  readonly id: string;
  readonly "aria-invalid": true | undefined;
  readonly "aria-describedby": string | undefined;
}

/**
 * A label, the control it names, and the message under it: the problem when there is one,
 * otherwise the hint (if any). The control gets the label's id and, while a message shows, is
 * described by it for screen readers; a problem also marks it invalid.
 */
export function Field({
  label,
  problem,
  hint,
  children,
}: {
  readonly label: string;
  readonly problem: string | null;
  /** Shown while there is no problem, e.g. which files an image input takes. */
  readonly hint?: string;
  readonly children: (control: FieldControl) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const message = problem ?? hint ?? null;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        "aria-invalid": problem === null ? undefined : true,
        "aria-describedby": message === null ? undefined : hintId,
      })}
      {message !== null && <small id={hintId}>{message}</small>}
    </>
  );
}
