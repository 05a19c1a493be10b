import type { HomeContent, PublicHomeContent } from "../../src/api/home.ts";
import type { Queryable } from "../db/database.ts";
import { readBanners } from "./banners.ts";
import { readCallActions } from "./callActions.ts";
import { readRecommendations, recommendationsVersion } from "./recommendations.ts";

/** Everything the panel edits, active or not: banners and calls to action by id, recommendations in order. */
export const adminContent = async (db: Queryable): Promise<HomeContent> => ({
  banners: await readBanners(db, "true", []),
  call_action: await readCallActions(db, "true", []),
  recommendations: await readRecommendations(db),
  recommendationsVersion: await recommendationsVersion(db),
});

/**
 * What the landing page shows: the active banners that have a picture (a carousel slide without
 * one would be empty), the first active call to action, the recommended destinations still offered.
 */
export const publicContent = async (db: Queryable): Promise<PublicHomeContent> => ({
  banners: await readBanners(db, "b.active and exists (select 1 from banner_images i where i.banner_id = b.id)", []),
  call_action: (await readCallActions(db, "active", [], "limit 1"))[0] ?? null,
  recommendations: await readRecommendations(db),
});
