import { activities, courtesys, feedings } from "../api/catalogues.ts";
import { type CatalogueContract, catalogueContract } from "../machines/catalogue.machine.ts";
import type { CatalogueItem, CatalogueItemPayload } from "../api/catalogues.ts";
import type { HistoryStream } from "../api/history.ts";
import { paths } from "./paths.ts";

export type CatalogueKey = "feeding" | "activities" | "courtesys";

/**
 * One catalogue screen: its texts (nav.<key>, catalogue.<key>.new / .edit), its routes and its
 * contract. The list and form views are written once and read everything from here.
 */
export interface CatalogueScreen {
  readonly key: CatalogueKey;
  readonly contract: CatalogueContract<CatalogueItem, CatalogueItemPayload>;
  readonly listPath: string;
  /** The form for a new item; the first one is where the add button goes. */
  readonly newPaths: readonly [string, ...string[]];
  readonly itemPath: (id: number | string) => string;
  /** Whose events the edit form's 'Historial' lists. */
  readonly historyStream: HistoryStream;
}

export const catalogueScreens: ReadonlyArray<CatalogueScreen> = [
  {
    key: "feeding",
    contract: catalogueContract(feedings),
    listPath: paths.feeding,
    newPaths: [paths.feedingNew],
    itemPath: paths.feedingItem,
    historyStream: "feeding",
  },
  {
    key: "activities",
    contract: catalogueContract(activities),
    listPath: paths.activities,
    newPaths: [paths.activitiesNew],
    itemPath: paths.activity,
    historyStream: "activity",
  },
  {
    key: "courtesys",
    contract: catalogueContract(courtesys),
    listPath: paths.courtesys,
    newPaths: [paths.courtesysNew, paths.courtesyNew],
    itemPath: paths.courtesy,
    historyStream: "courtesy",
  },
];
