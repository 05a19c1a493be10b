import type { Page } from "playwright-core";
import { apiAs } from "./api.ts";

/**
 * The demo's departures a browser test sells on. Each test starts from an empty plan: a departure
 * of the Explorer months ahead with every berth free (the demo sells the nearer ones).
 */

/** A departure as GET /cruises lists it. */
export interface ListedDeparture {
  readonly id: number;
  readonly code: string;
  readonly startDate: string;
  readonly availability: { readonly free: number; readonly capacity: number };
}

const isListed = (value: unknown): value is { readonly data: ReadonlyArray<ListedDeparture> } =>
  typeof value === "object" && value !== null && "data" in value && Array.isArray(value.data);

/** The Explorer's departures `daysAhead` days or more from today with every berth free, soonest first. */
export const freeExplorerDepartures = async (url: string, token: string, daysAhead = 120): Promise<ReadonlyArray<ListedDeparture>> => {
  const from = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const response = await fetch(`${url}/api/cruises?from=${from}&pageSize=50`, { headers: { authorization: `Bearer ${token}` } });
  const body: unknown = await response.json();
  if (!isListed(body)) throw new Error(`GET /cruises answered ${JSON.stringify(body)}`);
  return body.data.filter((cruise) => cruise.code.startsWith("GEX-") && cruise.availability.free === cruise.availability.capacity);
};

/** The first of them: a demo without one is a broken demo. */
export const freeExplorerDeparture = async (url: string, token: string, daysAhead = 120): Promise<ListedDeparture> => {
  const [found] = await freeExplorerDepartures(url, token, daysAhead);
  if (found === undefined) throw new Error("no free departure of the Explorer");
  return found;
};

interface Named {
  readonly id: number;
  readonly name: string;
}

/**
 * Holds spaces of `departureId` for the agency named, through the API as the user of `token`:
 * `cabins` names each cabin and its spaces' types (e.g. `{ "3": ["Mujer adulta"] }`).
 */
export const holdForAgency = async (
  url: string,
  token: string,
  departureId: number,
  agency: string,
  cabins: Readonly<Record<string, ReadonlyArray<string>>>,
): Promise<{ readonly id: number; readonly code: string }> => {
  const api = apiAs(url, token);
  const [listed, agencies, genders] = await Promise.all(
    [`/cruises/${departureId}/cabins`, "/agencies", "/genders"].map(async (path) => (await api<ReadonlyArray<Named>>("GET", path)).data),
  );
  const id = (items: ReadonlyArray<Named> | undefined, name: string) => items?.find((item) => item.name === name)?.id ?? 0;
  const held = await api<{ id: number; code: string }>("POST", "/reservations/createReservation", {
    cruiseId: departureId,
    agencyId: id(agencies, agency),
    type: "general",
    cabins: Object.entries(cabins).map(([cabin, spaces]) => ({ cabinId: id(listed, cabin), spaces: spaces.map((space) => ({ genderId: id(genders, space) })) })),
  });
  return held.data;
};

/** Opens a departure's page, its cabins' plan and the hold form, once its heading (in the page's language) shows. */
export const openDeparture = async (page: Page, url: string, departure: ListedDeparture, language: "es" | "en" = "es"): Promise<void> => {
  await page.goto(`${url}/panel/cruises/${departure.id}/reservations`);
  await page.getByRole("heading", { name: `${language === "es" ? "Salida" : "Departure"} ${departure.code}` }).waitFor();
};
