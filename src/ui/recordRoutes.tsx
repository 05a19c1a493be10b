import { lazy, type ReactNode } from "react";
import { Route, useParams } from "wouter";
import { type CatalogueDeclaration, itemPath } from "../records/catalogue.ts";
import { NotFoundView } from "./views/NotFoundView.tsx";

// The generic screens are chunks of their own, fetched the first time one is visited.
const RecordListView = lazy(() => import("./views/RecordListView.tsx"));
const RecordFormView = lazy(() => import("./views/RecordFormView.tsx"));

/** A detail route's id; anything but a positive whole number is a page that does not exist. */
const recordId = (text: string): number | null => (/^[1-9]\d*$/.test(text) ? Number(text) : null);

/** A detail route (`:id`): the screen for a valid id, the not-found page otherwise. */
export function WithId({ render }: { readonly render: (id: number) => ReactNode }) {
  const id = recordId(useParams().id ?? "");
  return id === null ? <NotFoundView /> : render(id);
}

/**
 * The routes of declared catalogues, for a `<Switch>`: each one's list at its `listPath`, its
 * form at every one of its `newPaths` and at `<listPath>/:id`, all on the generic list and form
 * views. The panel passes src/records' `catalogues`; nothing else names a catalogue's route.
 */
export const catalogueRoutes = (declarations: ReadonlyArray<CatalogueDeclaration>): ReadonlyArray<ReactNode> =>
  declarations.flatMap((record) => [
    <Route key={record.listPath} path={record.listPath}>
      <RecordListView key={record.key} record={record} />
    </Route>,
    ...record.newPaths.map((path) => (
      <Route key={path} path={path}>
        <RecordFormView key={`${record.key}-new`} record={record} id={null} />
      </Route>
    )),
    <Route key={itemPath(record, ":id")} path={itemPath(record, ":id")}>
      <WithId render={(id) => <RecordFormView key={`${record.key}-${id}`} record={record} id={id} />} />
    </Route>,
  ]);
