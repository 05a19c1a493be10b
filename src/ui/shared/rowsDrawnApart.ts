import { useDeferredValue } from "react";

const NO_ROWS: ReadonlyArray<never> = [];

/**
 * The rows a list draws, from a deferred copy of those its machine holds. A page's rows are most
 * of a list's drawing, and a machine's snapshot reaches React as an urgent update, drawn in one
 * task; a deferred value is drawn in a render React slices into tasks of a few milliseconds (issue
 * 39's blocking time, decision 109). The rows before stay until the new ones are drawn. `drawing`
 * is true while a first page's rows are there but not drawn yet: the list keeps its spinner, and
 * draws its pager with its table, so that nothing moves under the rows.
 */
export const useRowsDrawnApart = <Row>(rows: ReadonlyArray<Row>): { readonly shown: ReadonlyArray<Row>; readonly drawing: boolean } => {
  const shown = useDeferredValue<ReadonlyArray<Row>>(rows, NO_ROWS);
  return { shown, drawing: shown.length === 0 && rows.length > 0 };
};
