import { useDeferredValue } from "react";

/**
 * The rows a list draws, from a deferred copy of those its machine holds. A page's rows are most
 * of a list's drawing, and a machine's snapshot reaches React as an urgent update, drawn in one
 * task; a deferred value is drawn in a render React slices into tasks of a few milliseconds (issue
 * 39's blocking time, decision 109). The rows before stay until the new ones are drawn. `drawing`
 * is true while a first page's rows are there but not drawn yet: the list keeps its spinner, and
 * draws its pager with its table, so that nothing moves under the rows.
 *
 * No initial value: a mount draws the rows it has (none, as a list's machine starts) at once. A
 * mount with one asks for a deferred render, which outranks the retry that reveals a lazily loaded
 * screen: the panel's first render was started again from the top at every mount (decision 122).
 */
export const useRowsDrawnApart = <Row>(rows: ReadonlyArray<Row>): { readonly shown: ReadonlyArray<Row>; readonly drawing: boolean } => {
  const shown = useDeferredValue<ReadonlyArray<Row>>(rows);
  return { shown, drawing: shown.length === 0 && rows.length > 0 };
};
