import { Route, Switch } from "wouter";
import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { destinationTypes } from "../../api/itineraries.ts";
import { cruiseDocumentNames, voucherReaderRoles } from "../../api/documents.ts";
import { reportNames, reportReaders } from "../../api/reports.ts";
import { yachtPageAccess } from "../../api/yachtPages.ts";
import { departures, tabReaders } from "../../machines/departures/record.ts";
import { passengers } from "../../machines/passengers/record.ts";
import { reservations } from "../../machines/reservations/record.ts";
import { catalogues } from "../../records/index.ts";
import { yachts } from "../../records/fleet.ts";
import { catalogueRoutes, recordListChunk, YachtPageRoute } from "../catalogues/recordRoutes.tsx";
import { RequireRole, RoleRoute } from "../session/RequireRole.tsx";
import { formRoutes, WithId } from "./idRoutes.tsx";
import { NotFoundView } from "./NotFoundView.tsx";
import { lazyChunk, once } from "./lazyChunk.tsx";
import { paths } from "../paths.ts";

// Each screen is its own chunk, fetched the first time it is visited; the menu's may already be
// coming (recordScreenChunkAt below).
const destinationsChunk = once(() => import("../catalogues/DestinationsView.tsx"));
const DestinationsView = lazyChunk(destinationsChunk);
const DestinationFormView = lazy(() => import("../catalogues/DestinationFormView.tsx"));
const YachtPageView = lazy(() => import("../catalogues/YachtPageView.tsx"));
const departuresChunk = once(() => import("../departures/DeparturesView.tsx"));
const DeparturesView = lazyChunk(departuresChunk);
const CruiseFormView = lazy(() => import("../departures/CruiseFormView.tsx"));
const CruiseReservationsView = lazy(() => import("../reservations/CruiseReservationsView.tsx"));
const CruiseDocumentView = lazy(() => import("../departures/CruiseDocumentView.tsx"));
const CruiseVouchersView = lazy(() => import("../departures/CruiseVouchersView.tsx"));
const VoucherView = lazy(() => import("../departures/CruiseDocumentView.tsx").then((module) => ({ default: module.VoucherView })));
const reservationsChunk = once(() => import("../reservations/ReservationsView.tsx"));
const ReservationsView = lazyChunk(reservationsChunk);
const passengersChunk = once(() => import("../passengers/PassengersView.tsx"));
const PassengersView = lazyChunk(passengersChunk);
const PassengerView = lazy(() => import("../passengers/PassengerView.tsx"));
const reportsChunk = once(() => import("../reports/ReportsView.tsx"));
const ReportsView = lazyChunk(reportsChunk);

/**
 * The chunk of the menu's screen at `location` among these routes, which the shell fetches ahead
 * (./panelScreens.ts): a screen already fetched is drawn without suspending (./lazyChunk.tsx).
 */
export const recordScreenChunkAt = (location: string): (() => Promise<unknown>) | undefined => {
  if (location === departures.listPath) return departuresChunk;
  if (location === reservations.listPath) return reservationsChunk;
  if (location === passengers.listPath) return passengersChunk;
  if (reportNames.some((report) => paths.report(report) === location)) return reportsChunk;
  if (destinationTypes.some((type) => paths.destinations(type) === location)) return destinationsChunk;
  return catalogues.some((record) => record.listPath === location) ? recordListChunk : undefined;
};

/**
 * The panel's routes of the declared records: departures and their tabs, reservations,
 * passengers, reports, the catalogues and destinations; a reservation's page is the shell's own
 * route (./panelScreens.ts). The panel (./PanelView.tsx) draws this
 * for every path it does not route itself, so the records' declarations load only here.
 */
export default function RecordRoutes() {
  // the records' screens read their texts from this group too: drawn once it is there
  useTranslation("records");
  return (
    <Switch>
      <RoleRoute path={`${yachts.listPath}/:id/:page`} roles={yachtPageAccess.readers}>
        <YachtPageRoute render={(page, id) => <YachtPageView key={`${id}-${page.name}`} page={page} yachtId={id} />} />
      </RoleRoute>
      <RoleRoute path={departures.listPath} roles={departures.readers}>
        <DeparturesView />
      </RoleRoute>
      <RoleRoute path={departures.tabPath(":id", "reservations")} roles={reservations.readers}>
        <WithId render={(id) => <CruiseReservationsView key={id} id={id} />} />
      </RoleRoute>
      {cruiseDocumentNames.map((name) => (
        <RoleRoute key={name} path={departures.tabPath(":id", name)} roles={tabReaders(name)}>
          <WithId render={(id) => <CruiseDocumentView key={`${name}-${id}`} id={id} document={name} />} />
        </RoleRoute>
      ))}
      <RoleRoute path={departures.tabPath(":id", "voucher")} roles={tabReaders("voucher")}>
        <WithId render={(id) => <CruiseVouchersView key={id} id={id} />} />
      </RoleRoute>
      <RoleRoute path={reservations.voucherPath(":id")} roles={voucherReaderRoles}>
        <WithId render={(id) => <VoucherView key={id} id={id} />} />
      </RoleRoute>
      <RoleRoute path={reservations.listPath} roles={reservations.readers}>
        <ReservationsView />
      </RoleRoute>
      <RoleRoute path={passengers.listPath} roles={passengers.readers}>
        <PassengersView />
      </RoleRoute>
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
        <RoleRoute key={report} path={paths.report(report)} roles={reportReaders[report]}>
          <ReportsView key={report} report={report} />
        </RoleRoute>
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
      <Route>
        <NotFoundView home={paths.login} />
      </Route>
    </Switch>
  );
}
