import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Route, Switch } from "wouter";
import type { RoleName } from "../../api/endpoint.ts";
import { destinationTypes } from "../../api/itineraries.ts";
import { RequireRole } from "../session/RequireRole.tsx";
import { PanelLayout } from "./PanelLayout.tsx";
import { Spinner } from "./Spinner.tsx";
import { withTexts } from "../../i18n/index.ts";
import { catalogues } from "../../records/index.ts";
import { paths } from "../paths.ts";
import { catalogueRoutes, formRoutes, WithId, YachtPageRoute } from "../catalogues/recordRoutes.tsx";
import { yachts } from "../../records/fleet.ts";
import { cruiseDocumentNames, voucherReaderRoles } from "../../api/documents.ts";
import { departures, tabReaders } from "../../machines/departures/record.ts";
import { passengers } from "../../machines/passengers/record.ts";
import { reservations } from "../../machines/reservations/record.ts";
import { yachtPageAccess } from "../../api/yachtPages.ts";
import { reportNames, reportReaders } from "../../api/reports.ts";
import { NotFoundView } from "./NotFoundView.tsx";

// Each screen is its own chunk, fetched the first time it is visited.
const UsersView = lazy(() => import("../users/UsersView.tsx"));
const FlowsView = lazy(() => import("../flows/FlowsView.tsx"));
const UserFormView = lazy(() => import("../users/UserFormView.tsx"));
const LeadsView = lazy(() => import("../leads/LeadsView.tsx"));
const AgencyView = lazy(() => import("../users/AgencyView.tsx"));
const LeadView = lazy(() => import("../leads/LeadView.tsx"));
const DestinationsView = lazy(() => import("../catalogues/DestinationsView.tsx"));
const DestinationFormView = lazy(() => import("../catalogues/DestinationFormView.tsx"));
const HomeView = lazy(() => import("../home/HomeView.tsx"));
const BannerFormView = lazy(() => import("../home/BannerFormView.tsx"));
const CallActionFormView = lazy(() => import("../home/CallActionFormView.tsx"));
const RecommendationsView = lazy(() => import("../home/RecommendationsView.tsx"));
const YachtPageView = lazy(() => import("../catalogues/YachtPageView.tsx"));
const DeparturesView = lazy(() => import("../departures/DeparturesView.tsx"));
const CruiseFormView = lazy(() => import("../departures/CruiseFormView.tsx"));
const CruiseReservationsView = lazy(() => import("../reservations/CruiseReservationsView.tsx"));
const CruiseDocumentView = lazy(() => import("../departures/CruiseDocumentView.tsx"));
const CruiseVouchersView = lazy(() => import("../departures/CruiseVouchersView.tsx"));
const VoucherView = lazy(() => import("../departures/CruiseDocumentView.tsx").then((module) => ({ default: module.VoucherView })));
const ReservationsView = lazy(() => import("../reservations/ReservationsView.tsx"));
const AvailabilityView = lazy(() => import("../availability/AvailabilityView.tsx"));
const ReservationView = lazy(() => import("../reservations/ReservationView.tsx"));
const PassengersView = lazy(() => import("../passengers/PassengersView.tsx"));
const PassengerView = lazy(() => import("../passengers/PassengerView.tsx"));
const ReportsView = lazy(() => import("../reports/ReportsView.tsx"));
const MoneyPolicyView = lazy(() => import("../money/MoneyPolicyView.tsx"));
const OwnPasswordView = lazy(() =>
  withTexts("account", import("../session/ChangePasswordView.tsx").then(({ OwnPasswordView: view }) => ({ default: view }))),
);

/** The staff's users are the admins' (SPEC.md section 2), as their menu entry is: an agency has Mi agencia. */
const userAdmins: ReadonlyArray<RoleName> = ["admin"];

/** Home content is for admin and marketing (PRODUCT.md section 5), as its menu entry is. */
const homeEditors: ReadonlyArray<RoleName> = ["admin", "marketing"];

/** The protected panel, loaded lazily so the login page stays small. */
export default function PanelView() {
  // every screen below reads its texts and the server messages from these groups: drawn once they are there
  useTranslation(["panel", "messages"]);
  return (
    <PanelLayout>
      <Suspense fallback={<Spinner />}>
        <Switch>
          <Route path={paths.users}>
            <RequireRole roles={userAdmins}>
              <UsersView />
            </RequireRole>
          </Route>
          <Route path={paths.flows}>
            <RequireRole roles={["admin", "marketing"]}>
              <FlowsView />
            </RequireRole>
          </Route>
          <Route path={paths.moneyPolicy}>
            <RequireRole roles={["admin"]}>
              <MoneyPolicyView />
            </RequireRole>
          </Route>
          <Route path={paths.password}>
            <OwnPasswordView />
          </Route>
          <Route path={paths.leads}>
            <LeadsView />
          </Route>
          <Route path={paths.agency}>
            <RequireRole roles={["agency"]}>
              <AgencyView />
            </RequireRole>
          </Route>
          <Route path={paths.lead(":id")}>
            <WithId render={(id) => <LeadView key={id} id={id} />} />
          </Route>
          {formRoutes([paths.usersNew], paths.user(":id"), (id) => (
            <RequireRole roles={userAdmins}>
              <UserFormView key={id ?? "new"} id={id} />
            </RequireRole>
          ))}
          <Route path={`${yachts.listPath}/:id/:page`}>
            <RequireRole roles={yachtPageAccess.readers}>
              <YachtPageRoute render={(page, id) => <YachtPageView key={`${id}-${page.name}`} page={page} yachtId={id} />} />
            </RequireRole>
          </Route>
          <Route path={departures.listPath}>
            <RequireRole roles={departures.readers}>
              <DeparturesView />
            </RequireRole>
          </Route>
          <Route path={paths.availability}>
            <AvailabilityView />
          </Route>
          <Route path={departures.tabPath(":id", "reservations")}>
            <RequireRole roles={reservations.readers}>
              <WithId render={(id) => <CruiseReservationsView key={id} id={id} />} />
            </RequireRole>
          </Route>
          {cruiseDocumentNames.map((name) => (
            <Route key={name} path={departures.tabPath(":id", name)}>
              <RequireRole roles={tabReaders(name)}>
                <WithId render={(id) => <CruiseDocumentView key={`${name}-${id}`} id={id} document={name} />} />
              </RequireRole>
            </Route>
          ))}
          <Route path={departures.tabPath(":id", "voucher")}>
            <RequireRole roles={tabReaders("voucher")}>
              <WithId render={(id) => <CruiseVouchersView key={id} id={id} />} />
            </RequireRole>
          </Route>
          <Route path={reservations.voucherPath(":id")}>
            <RequireRole roles={voucherReaderRoles}>
              <WithId render={(id) => <VoucherView key={id} id={id} />} />
            </RequireRole>
          </Route>
          <Route path={reservations.listPath}>
            <RequireRole roles={reservations.readers}>
              <ReservationsView />
            </RequireRole>
          </Route>
          <Route path={reservations.path(":id")}>
            <RequireRole roles={reservations.readers}>
              <WithId render={(id) => <ReservationView key={id} id={id} />} />
            </RequireRole>
          </Route>
          <Route path={passengers.listPath}>
            <RequireRole roles={passengers.readers}>
              <PassengersView />
            </RequireRole>
          </Route>
          {formRoutes([passengers.newPath], passengers.path(":id"), (id) => (
            <RequireRole roles={id === null ? passengers.writers : passengers.readers}>
              <PassengerView key={id ?? "new"} id={id} />
            </RequireRole>
          ))}
          {formRoutes([departures.newPath], departures.tabPath(":id", "edit"), (id) => (
            <RequireRole roles={id === null ? departures.writers : departures.readers}>
              <CruiseFormView key={id ?? "new"} id={id} />
            </RequireRole>
          ))}
          {reportNames.map((report) => (
            <Route key={report} path={paths.report(report)}>
              <RequireRole roles={reportReaders[report]}>
                <ReportsView key={report} report={report} />
              </RequireRole>
            </Route>
          ))}
          {catalogueRoutes(catalogues)}
          {destinationTypes.flatMap((type) => [
            <Route key={paths.destinations(type)} path={paths.destinations(type)}>
              <DestinationsView key={type} type={type} />
            </Route>,
            ...formRoutes([paths.destinationsNew(type)], paths.destination(type, ":id"), (id) => (
              <DestinationFormView key={`${type}-${id ?? "new"}`} type={type} id={id} />
            )),
          ])}
          <Route path={paths.home}>
            <RequireRole roles={homeEditors}>
              <HomeView />
            </RequireRole>
          </Route>
          {formRoutes([paths.homeBanerNew], paths.homeBaner(":id"), (id) => (
            <RequireRole roles={homeEditors}>
              <BannerFormView key={id ?? "new"} id={id} />
            </RequireRole>
          ))}
          {formRoutes([paths.homeCallActionNew], paths.homeCallAction(":id"), (id) => (
            <RequireRole roles={homeEditors}>
              <CallActionFormView key={id ?? "new"} id={id} />
            </RequireRole>
          ))}
          <Route path={paths.homeRecomendation}>
            <RequireRole roles={homeEditors}>
              <RecommendationsView />
            </RequireRole>
          </Route>
          <Route>
            <NotFoundView home={paths.login} />
          </Route>
        </Switch>
      </Suspense>
    </PanelLayout>
  );
}
