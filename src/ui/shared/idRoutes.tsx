import { Option, Schema } from "effect";
import type { ReactNode } from "react";
import { Route, useParams } from "wouter";
import { SerialIdFromText } from "../../api/ids.ts";
import { NotFoundView } from "./NotFoundView.tsx";

const decodeId = Schema.decodeUnknownOption(SerialIdFromText);

/** A detail route's id; anything but a whole number from 1 to 2^31-1 is a page that does not exist. */
export const recordId = (text: string): number | null =>
  /^[1-9]\d*$/.test(text) ? Option.getOrNull(decodeId(text)) : null;

/** A detail route (`:id`): the screen for a valid id, the not-found page otherwise. */
export function WithId({ render }: { readonly render: (id: number) => ReactNode }) {
  const id = recordId(useParams().id ?? "");
  return id === null ? <NotFoundView /> : render(id);
}

/**
 * A form's routes, for a `<Switch>`: a new record at each of `newPaths`, an existing one at
 * `itemPattern` (a path ending in `:id`). `form` draws the screen for an id, or null for a new
 * record; its key should differ per record, so that moving from one to another starts afresh.
 */
export const formRoutes = (
  newPaths: ReadonlyArray<string>,
  itemPattern: string,
  form: (id: number | null) => ReactNode,
): ReadonlyArray<ReactNode> => [
  ...newPaths.map((path) => (
    <Route key={path} path={path}>
      {form(null)}
    </Route>
  )),
  <Route key={itemPattern} path={itemPattern}>
    <WithId render={form} />
  </Route>,
];
