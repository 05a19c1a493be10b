import { Route, Switch } from "wouter";
import { useTranslation } from "react-i18next";
import { destinationTypes } from "../../api/itineraries.ts";
import { cruiseDocumentNames, voucherReaderRoles } from "../../api/documents.ts";
import { reportNames, reportReaders } from "../../api/reports.ts";
import { yachtPageAccess } from "../../api/yachtPages.ts";
import { departures, tabReaders } from "../../machines/departures/record.ts";
import { passengers } from "../../machines/passengers/record.ts";
import { reservations } from "../../machines/reservations/record.ts";
import { catalogues } from "../../records/index.ts";
import { itemPath } from "../../records/catalogue.ts";
import { yachts } from "../../records/fleet.ts";
import { catalogueRoutes, recordFormChunk, recordListChunk, YachtPageRoute } from "../catalogues/recordRoutes.tsx";
import { RequireRole, RoleRoute } from "../session/RequireRole.tsx";
import { formRoutes, WithId } from "./idRoutes.tsx";
import { NotFoundView } from "./NotFoundView.tsx";
import { lazyChunk, once } from "./lazyChunk.tsx";
import { isAddressOf, paths } from "../paths.ts";

// Each screen is its own chunk, fetched the first time it is visited; a menu entry's, and a
// record's page at a start, may already be coming (recordScreenChunkAt below).
const destinationsChunk = once(() => import("../catalogues/DestinationsView.tsx"));
const DestinationsView = lazyChunk(destinationsChunk);
const destinationFormChunk = once(() => import("../catalogues/DestinationFormView.tsx"));
const DestinationFormView = lazyChunk(destinationFormChunk);
const yachtPageChunk = once(() => import("../catalogues/YachtPageView.tsx"));
const YachtPageView = lazyChunk(yachtPageChunk);
const departuresChunk = once(() => import("../departures/DeparturesView.tsx"));
const DeparturesView = lazyChunk(departuresChunk);
const cruiseFormChunk = once(() => import("../departures/CruiseFormView.tsx"));
const CruiseFormView = lazyChunk(cruiseFormChunk);
const cruiseReservationsChunk = once(() => import("../reservations/CruiseReservationsView.tsx"));
const CruiseReservationsView = lazyChunk(cruiseReservationsChunk);
const cruiseDocumentChunk = once(() => import("../departures/CruiseDocumentView.tsx"));
const CruiseDocumentView = lazyChunk(cruiseDocumentChunk);
const voucherChunk = once(() => cruiseDocumentChunk().then((module) => ({ default: module.VoucherView })));
const VoucherView = lazyChunk(voucherChunk);
const cruiseVouchersChunk = once(() => import("../departures/CruiseVouchersView.tsx"));
const CruiseVouchersView = lazyChunk(cruiseVouchersChunk);
const reservationsChunk = once(() => import("../reservations/ReservationsView.tsx"));
const ReservationsView = lazyChunk(reservationsChunk);
const passengersChunk = once(() => import("../passengers/PassengersView.tsx"));
const PassengersView = lazyChunk(passengersChunk);
const passengerChunk = once(() => import("../passengers/PassengerView.tsx"));
const PassengerView = lazyChunk(passengerChunk);
const reportsChunk = once(() => import("../reports/ReportsView.tsx"));
const ReportsView = lazyChunk(reportsChunk);

/** A yacht's page of the site (its route's pattern). */
const yachtPagePattern = `${yachts.listPath}/:id/:page`;

/** Whether `location` is an address of one of `patterns` (the routes' own, below). */
const atAny = (location: string, patterns: ReadonlyArray<string>): boolean => patterns.some((pattern) => isAddressOf(pattern, location));

/**
 * The chunk of the screen at `location` among these routes, which the shell fetches ahead
 * (./panelScreens.ts): a menu entry's list when it is pointed at or started on, and the page of
 * one record (a passenger, a departure's tab, a voucher, a destination's, a catalogue's or a
 * yacht's page) at a start, whose modules the server's page names too (server/http/panel.ts). A
 * screen already fetched is drawn without suspending (./lazyChunk.tsx).
 */
export const recordScreenChunkAt = (location: string): (() => Promise<unknown>) | undefined => {
  if (location === departures.listPath) return departuresChunk;
  if (location === reservations.listPath) return reservationsChunk;
  if (location === passengers.listPath) return passengersChunk;
  if (reportNames.some((report) => paths.report(report) === location)) return reportsChunk;
  if (destinationTypes.some((type) => paths.destinations(type) === location)) return destinationsChunk;
  if (catalogues.some((record) => record.listPath === location)) return recordListChunk;
  if (atAny(location, [passengers.newPath, passengers.path(":id")])) return passengerChunk;
  if (atAny(location, [departures.newPath, departures.tabPath(":id", "edit")])) return cruiseFormChunk;
  if (isAddressOf(departures.tabPath(":id", "reservations"), location)) return cruiseReservationsChunk;
  if (isAddressOf(departures.tabPath(":id", "voucher"), location)) return cruiseVouchersChunk;
  if (atAny(location, cruiseDocumentNames.map((name) => departures.tabPath(":id", name)))) return cruiseDocumentChunk;
  if (isAddressOf(reservations.voucherPath(":id"), location)) return voucherChunk;
  if (isAddressOf(yachtPagePattern, location)) return yachtPageChunk;
  if (atAny(location, destinationTypes.flatMap((type) => [paths.destinationsNew(type), paths.destination(type, ":id")]))) return destinationFormChunk;
  return catalogues.some((record) => atAny(location, [...record.newPaths, itemPath(record, ":id")])) ? recordFormChunk : undefined;
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
      <RoleRoute path={yachtPagePattern} roles={yachtPageAccess.readers}>
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
