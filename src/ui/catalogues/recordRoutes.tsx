import { RequireRole } from "../session/RequireRole.tsx";
import { Option, Schema } from "effect";
import { lazy, type ReactNode } from "react";
import { SerialIdFromText } from "../../api/ids.ts";
import { Route, useParams } from "wouter";
import { type CatalogueDeclaration, itemPath } from "../../records/catalogue.ts";
import { NotFoundView } from "../shared/NotFoundView.tsx";
import { isYachtPageName } from "../../api/yachtPages.ts";
import { type YachtPageDeclaration, yachtPageNamed } from "../../records/yachtPages.ts";

// The generic screens are chunks of their own, fetched the first time one is visited.
const RecordListView = lazy(() => import("./RecordListView.tsx"));
const RecordFormView = lazy(() => import("./RecordFormView.tsx"));

const decodeId = Schema.decodeUnknownOption(SerialIdFromText);

/** A detail route's id; anything but a whole number from 1 to 2^31-1 is a page that does not exist. */
const recordId = (text: string): number | null =>
  /^[1-9]\d*$/.test(text) ? Option.getOrNull(decodeId(text)) : null;

/** A detail route (`:id`): the screen for a valid id, the not-found page otherwise. */
export function WithId({ render }: { readonly render: (id: number) => ReactNode }) {
  const id = recordId(useParams().id ?? "");
  return id === null ? <NotFoundView /> : render(id);
}

/** A yacht page's route (`:id/:page`): the page for a valid yacht id and a page name, the not-found page otherwise. */
export function YachtPageRoute({ render }: { readonly render: (page: YachtPageDeclaration, id: number) => ReactNode }) {
  const params = useParams();
  const id = recordId(params.id ?? "");
  const name = params.page ?? "";
  return id === null || !isYachtPageName(name) ? <NotFoundView /> : render(yachtPageNamed(name), id);
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

/**
 * The routes of declared catalogues, for a `<Switch>`: each one's list at its `listPath`, its
 * form at every one of its `newPaths` and at `<listPath>/:id`, all on the generic list and form
 * views. The panel passes src/records' `catalogues`; nothing else names a catalogue's route.
 */
export const catalogueRoutes = (declarations: ReadonlyArray<CatalogueDeclaration>): ReadonlyArray<ReactNode> =>
  declarations.flatMap((record) => [
    // a role the declaration does not let read sees the refusal, and nothing is asked of the server
    <Route key={record.listPath} path={record.listPath}>
      <RequireRole roles={record.readers}>
        <RecordListView key={record.key} record={record} />
      </RequireRole>
    </Route>,
    ...formRoutes(record.newPaths, itemPath(record, ":id"), (id) => (
      <RequireRole roles={record.readers}>
        <RecordFormView key={`${record.key}-${id ?? "new"}`} record={record} id={id} />
      </RequireRole>
    )),
  ]);
