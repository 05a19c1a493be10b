import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Route, Switch, useLocation } from "wouter";
import { useBrowserLocation } from "wouter/use-browser-location";
import type { RoleName } from "../../api/endpoint.ts";
import { RequireRole, RoleRoute } from "../session/RequireRole.tsx";
import { PanelLayout } from "./PanelLayout.tsx";
import { Spinner } from "./Spinner.tsx";
import { paths } from "../paths.ts";
import { formRoutes, WithId } from "./idRoutes.tsx";
import { lazyChunk } from "./lazyChunk.tsx";
import {
  agencyChunk,
  availabilityChunk,
  bannerFormChunk,
  callActionFormChunk,
  flowsChunk,
  homeChunk,
  leadChunk,
  leadsChunk,
  moneyPolicyChunk,
  ownPasswordChunk,
  recommendationsChunk,
  recordRoutesChunk,
  reservationChunk,
  reservationPattern,
  textGroupsAt,
  userFormChunk,
  usersChunk,
} from "./panelScreens.ts";

// the start asks the shell which screen to fetch early (./screenChunks.ts)
export { preloadScreenAt } from "./panelScreens.ts";

// Each screen is its own chunk, fetched the first time it is visited; the menu's screens and the
// shell's pages of a record may already be coming (panelScreens.ts), and are drawn at once when they have.
const UsersView = lazyChunk(usersChunk);
const FlowsView = lazyChunk(flowsChunk);
const UserFormView = lazyChunk(userFormChunk);
const LeadsView = lazyChunk(leadsChunk);
const AgencyView = lazyChunk(agencyChunk);
const LeadView = lazyChunk(leadChunk);
const HomeView = lazyChunk(homeChunk);
const BannerFormView = lazyChunk(bannerFormChunk);
const CallActionFormView = lazyChunk(callActionFormChunk);
const RecommendationsView = lazyChunk(recommendationsChunk);
const AvailabilityView = lazyChunk(availabilityChunk);
// a reservation's page loads its own record, not every catalogue with the other records' routes
const ReservationRoute = lazyChunk(reservationChunk);
const RecordRoutes = lazyChunk(recordRoutesChunk);
const MoneyPolicyView = lazyChunk(moneyPolicyChunk);
const OwnPasswordView = lazyChunk(ownPasswordChunk);

/** The staff's users are the admins' (SPEC.md section 2), as their menu entry is: an agency has Mi agencia. */
const userAdmins: ReadonlyArray<RoleName> = ["admin"];

/** Home content is for admin and marketing (PRODUCT.md section 5), as its menu entry is. */
const homeEditors: ReadonlyArray<RoleName> = ["admin", "marketing"];

/** The protected panel, loaded lazily so the login page stays small. */
export default function PanelView() {
  // every screen below reads its texts and the server messages from these groups (panelScreens.ts)
  const [location] = useLocation();
  useTranslation(textGroupsAt(location));
  // the address drawn is behind the browser's while the next screen is made ready (leaving.ts)
  const navigating = useBrowserLocation()[0] !== location;
  return (
    <PanelLayout navigating={navigating}>
      <Suspense fallback={<Spinner />}>
        <Switch>
          <RoleRoute path={paths.users} roles={userAdmins}>
            <UsersView />
          </RoleRoute>
          <RoleRoute path={paths.flows} roles={["admin", "marketing"]}>
            <FlowsView />
          </RoleRoute>
          <RoleRoute path={paths.moneyPolicy} roles={["admin"]}>
            <MoneyPolicyView />
          </RoleRoute>
          <Route path={paths.password}>
            <OwnPasswordView />
          </Route>
          <Route path={paths.leads}>
            <LeadsView />
          </Route>
          <RoleRoute path={paths.agency} roles={["agency"]}>
            <AgencyView />
          </RoleRoute>
          <Route path={paths.lead(":id")}>
            <WithId render={(id) => <LeadView key={id} id={id} />} />
          </Route>
          {formRoutes([paths.usersNew], paths.user(":id"), (id) => (
            <RequireRole roles={userAdmins}>
              <UserFormView key={id ?? "new"} id={id} />
            </RequireRole>
          ))}
          <Route path={paths.availability}>
            <AvailabilityView />
          </Route>
          <RoleRoute path={paths.home} roles={homeEditors}>
            <HomeView />
          </RoleRoute>
          {formRoutes([paths.homeBannerNew], paths.homeBanner(":id"), (id) => (
            <RequireRole roles={homeEditors}>
              <BannerFormView key={id ?? "new"} id={id} />
            </RequireRole>
          ))}
          {formRoutes([paths.homeCallActionNew], paths.homeCallAction(":id"), (id) => (
            <RequireRole roles={homeEditors}>
              <CallActionFormView key={id ?? "new"} id={id} />
            </RequireRole>
          ))}
          <RoleRoute path={paths.homeRecommendations} roles={homeEditors}>
            <RecommendationsView />
          </RoleRoute>
          <Route path={reservationPattern}>
            <ReservationRoute />
          </Route>
          {/* every other panel path: the records' screens, whose declarations stay out of this chunk */}
          <Route>
            <RecordRoutes />
          </Route>
        </Switch>
      </Suspense>
    </PanelLayout>
  );
}
