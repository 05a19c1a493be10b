import { RequireRole } from "../session/RequireRole.tsx";
import type { ReactNode } from "react";
import { Route, useParams } from "wouter";
import { formRoutes, recordId } from "../shared/idRoutes.tsx";
import { type CatalogueDeclaration, itemPath } from "../../records/catalogue.ts";
import { NotFoundView } from "../shared/NotFoundView.tsx";
import { lazyChunk, once } from "../shared/lazyChunk.tsx";
import { isYachtPageName } from "../../api/yachtPages.ts";
import { type YachtPageDeclaration, yachtPageNamed } from "../../records/yachtPages.ts";

// The generic screens are chunks of their own, fetched the first time one is visited.
// the list is a menu entry's screen, which the shell may fetch ahead (../shared/RecordRoutes.tsx)
export const recordListChunk = once(() => import("./RecordListView.tsx"));
const RecordListView = lazyChunk(recordListChunk);
// a record's form, which a start on its address fetches ahead too (../shared/RecordRoutes.tsx)
export const recordFormChunk = once(() => import("./RecordFormView.tsx"));
const RecordFormView = lazyChunk(recordFormChunk);

/** A yacht page's route (`:id/:page`): the page for a valid yacht id and a page name, the not-found page otherwise. */
export function YachtPageRoute({ render }: { readonly render: (page: YachtPageDeclaration, id: number) => ReactNode }) {
  const params = useParams();
  const id = recordId(params.id ?? "");
  const name = params.page ?? "";
  return id === null || !isYachtPageName(name) ? <NotFoundView /> : render(yachtPageNamed(name), id);
}

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
