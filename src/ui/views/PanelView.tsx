import { lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Route, Switch, useParams } from "wouter";
import { destinationTypes } from "../../api/itineraries.ts";
import { RequireRole } from "../components/RequireRole.tsx";
import { PanelLayout } from "../components/PanelLayout.tsx";
import { Spinner } from "../components/Spinner.tsx";
import type { MenuKey } from "../menu.ts";
import { paths } from "../paths.ts";
import { catalogueScreens } from "../resources.ts";
import { ComingSoonView } from "./ComingSoonView.tsx";
import { NotFoundView } from "./NotFoundView.tsx";

// Each screen is its own chunk, fetched the first time it is visited.
const UsersView = lazy(() => import("./UsersView.tsx"));
const FlowsView = lazy(() => import("./FlowsView.tsx"));
const UserFormView = lazy(() => import("./UserFormView.tsx"));
const CatalogueListView = lazy(() => import("./CatalogueListView.tsx"));
const CatalogueFormView = lazy(() => import("./CatalogueFormView.tsx"));
const LeadsView = lazy(() => import("./LeadsView.tsx"));
const LeadView = lazy(() => import("./LeadView.tsx"));
const DestinationsView = lazy(() => import("./DestinationsView.tsx"));
const DestinationFormView = lazy(() => import("./DestinationFormView.tsx"));

/** Sections whose screens come with later issues: their list, new and detail routes. */
const comingSoon: ReadonlyArray<{ readonly key: MenuKey; readonly patterns: ReadonlyArray<string> }> = [
  { key: "home", patterns: [paths.home, paths.homeRecomendation, "/panel/home/:type/:id"] },
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
          <Route path={paths.flows}>
            <RequireRole roles={["admin", "marketing"]}>
              <FlowsView />
            </RequireRole>
          </Route>
          <Route path={paths.leads}>
            <LeadsView />
          </Route>
          <Route path={paths.lead(":id")}>
            <WithId render={(id) => <LeadView key={id} id={id} />} />
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
          {destinationTypes.flatMap((type) => [
            <Route key={paths.destinations(type)} path={paths.destinations(type)}>
              <DestinationsView key={type} type={type} />
            </Route>,
            <Route key={paths.destinationsNew(type)} path={paths.destinationsNew(type)}>
              <DestinationFormView key={`${type}-new`} type={type} id={null} />
            </Route>,
            <Route key={paths.destination(type, ":id")} path={paths.destination(type, ":id")}>
              <WithId render={(id) => <DestinationFormView key={`${type}-${id}`} type={type} id={id} />} />
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
