import { lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Route, Switch, useParams } from "wouter";
import { PanelLayout } from "../components/PanelLayout.tsx";
import { Spinner } from "../components/Spinner.tsx";
import type { MenuKey } from "../menu.ts";
import { paths } from "../paths.ts";
import { catalogueScreens } from "../resources.ts";
import { ComingSoonView } from "./ComingSoonView.tsx";
import { NotFoundView } from "./NotFoundView.tsx";

// Each screen is its own chunk, fetched the first time it is visited.
const UsersView = lazy(() => import("./UsersView.tsx"));
const UserFormView = lazy(() => import("./UserFormView.tsx"));
const CatalogueListView = lazy(() => import("./CatalogueListView.tsx"));
const CatalogueFormView = lazy(() => import("./CatalogueFormView.tsx"));

/** Sections whose screens come with later issues: their list, new and detail routes. */
const comingSoon: ReadonlyArray<{ readonly key: MenuKey; readonly patterns: ReadonlyArray<string> }> = [
  { key: "home", patterns: [paths.home, paths.homeRecomendation, "/panel/home/:type/:id"] },
  { key: "leads", patterns: [paths.leads, paths.lead(":id")] },
  {
    key: "national",
    patterns: [
      paths.destinations("national"),
      paths.destinationsNew("national"),
      paths.destination("national", ":id"),
    ],
  },
  {
    key: "international",
    patterns: [
      paths.destinations("international"),
      paths.destinationsNew("international"),
      paths.destination("international", ":id"),
    ],
  },
];

/** A detail route's id; anything but a positive whole number is a page that does not exist. */
const recordId = (text: string): number | null => (/^[1-9]\d*$/.test(text) ? Number(text) : null);

/** A detail route (`:id`): the screen for a valid id, the not-found page otherwise. */
function WithId({ render }: { readonly render: (id: number) => ReactNode }) {
  const id = recordId(useParams().id ?? "");
  return id === null ? <NotFoundView /> : render(id);
}

/** The protected panel, loaded lazily so the login page stays small. */
export default function PanelView() {
  const { t } = useTranslation();
  return (
    <PanelLayout>
      <Suspense fallback={<Spinner />}>
        <Switch>
          <Route path={paths.users}>
            <UsersView />
          </Route>
          <Route path={paths.usersNew}>
            <UserFormView key="new" id={null} />
          </Route>
          <Route path={paths.user(":id")}>
            <WithId render={(id) => <UserFormView key={id} id={id} />} />
          </Route>
          {catalogueScreens.flatMap((resource) => [
            <Route key={resource.listPath} path={resource.listPath}>
              <CatalogueListView key={resource.key} resource={resource} />
            </Route>,
            ...resource.newPaths.map((path) => (
              <Route key={path} path={path}>
                <CatalogueFormView key={`${resource.key}-new`} resource={resource} id={null} />
              </Route>
            )),
            <Route key={resource.itemPath(":id")} path={resource.itemPath(":id")}>
              <WithId render={(id) => <CatalogueFormView key={`${resource.key}-${id}`} resource={resource} id={id} />} />
            </Route>,
          ])}
          {comingSoon.flatMap(({ key, patterns }) =>
            patterns.map((pattern) => (
              <Route key={pattern} path={pattern}>
                <ComingSoonView title={t(`nav.${key}`)} />
              </Route>
            )),
          )}
          <Route>
            <NotFoundView />
          </Route>
        </Switch>
      </Suspense>
    </PanelLayout>
  );
}
