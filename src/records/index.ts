import type { Endpoint, RoleName } from "../api/endpoint.ts";
import { historyReaders } from "../api/history.ts";
import { contractEndpoints } from "../api/index.ts";
import { activities } from "./activities.ts";
import type { CatalogueDeclaration } from "./catalogue.ts";
import { courtesies } from "./courtesies.ts";
import { feeding } from "./feeding.ts";
import { fleet } from "./fleet.ts";
import { rates } from "./rates.ts";
import { referenceData } from "./referenceData.ts";
import { yachtPages } from "./yachtPages.ts";

/** Every declared simple catalogue, in menu order; the server and the panel serve each of them. */
export const catalogues: ReadonlyArray<CatalogueDeclaration> = [feeding, activities, courtesies, ...fleet, ...rates, ...referenceData];

/** Every endpoint of an API serving these catalogues (and the yachts' pages). */
export const endpointsWith = (served: ReadonlyArray<CatalogueDeclaration>): ReadonlyArray<Endpoint> => [
  ...contractEndpoints,
  ...served.flatMap(({ api }) => [
    api.list,
    api.get,
    api.create,
    api.update,
    api.remove,
    ...api.commands.map(({ endpoint }) => endpoint),
    ...(api.yearCopy === null ? [] : [api.yearCopy]),
  ]),
  ...yachtPages.flatMap(({ api }) => [api.get, api.update]),
];

/** Every endpoint of the API, for the server's router, the OpenAPI document and the fuzz tests. */
export const endpoints: ReadonlyArray<Endpoint> = endpointsWith(catalogues);

/** Who may read each stream's history: the contract's records and the declared ones. */
export const historyReadersWith = (
  served: ReadonlyArray<CatalogueDeclaration>,
): Readonly<Record<string, ReadonlyArray<RoleName>>> => ({
  ...historyReaders,
  ...Object.fromEntries(served.map((catalogue) => [catalogue.stream, catalogue.readers])),
});
