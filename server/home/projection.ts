import { type BannerContent, BannerEvent, bannerMachine } from "../../src/machines/domain/banner.machine.ts";
import {
  type CallActionContent,
  CallActionEvent,
  callActionMachine,
} from "../../src/machines/domain/callAction.machine.ts";
import { RecommendationsSet, recommendationListMachine } from "../../src/machines/domain/recommendations.machine.ts";
import type { Queryable } from "../db/database.ts";
import { execute } from "../db/rows.ts";
import type { RecordType } from "../events/command.ts";
import { type Projection, recordProjection } from "../events/projection.ts";

export const bannerRecord: RecordType<typeof bannerMachine> = { stream: "banner", table: "banners", machine: bannerMachine };

export const callActionRecord: RecordType<typeof callActionMachine> = { stream: "callAction", table: "call_actions", machine: callActionMachine };

/** One record per page's list; the home page's is the only one. */
export const recommendationsRecord: RecordType<typeof recommendationListMachine> = { stream: "recommendations", table: "recommendation_lists", machine: recommendationListMachine };

export const HOME_RECOMMENDATIONS = "home";

type BannerImages = Pick<BannerContent, "images" | "imageAlts" | "imageAltsEn">;

/**
 * Rewrites a banner's carousel: every content event carries the whole ordered list, with the
 * alternative texts in the same order (an event older than them has none: blank).
 */
const placeImages = async (tx: Queryable, id: number | string, content: BannerImages): Promise<void> => {
  await execute(tx, "delete from banner_images where banner_id = $1", [id]);
  const altOf = (alts: ReadonlyArray<string>) => content.images.map((_, index) => alts[index] ?? "");
  await execute(
    tx,
    `insert into banner_images (banner_id, position, path, alt, alt_en)
     select $1, position::int, path, alt, alt_en
       from unnest($2::text[], $3::text[], $4::text[]) with ordinality as image (path, alt, alt_en, position)`,
    [id, content.images, altOf(content.imageAlts), altOf(content.imageAltsEn)],
  );
};

const noImages: BannerImages = { images: [], imageAlts: [], imageAltsEn: [] };

/** The banners row's columns of a banner's texts (its images are banner_images rows). */
const bannerTexts = (content: Omit<BannerContent, keyof BannerImages>) => ({
  title: content.title,
  text: content.text,
  text_two: content.textTwo,
  title_en: content.titleEn,
  text_en: content.textEn,
  text_two_en: content.textTwoEn,
});

/** Owns the image order too: a rebuild empties both tables and refills them from the events. */
export const bannersProjection: Projection = recordProjection({
  record: bannerRecord,
  events: BannerEvent,
  alsoFills: ["banner_images"],
  on: {
    "banner.create": async ({ tx, event, row, insert }) => {
      await insert({ ...bannerTexts(event), active: event.active });
      return placeImages(tx, row.id, event);
    },
    "banner.update": async ({ tx, event, row, update }) => {
      await update(bannerTexts(event));
      return placeImages(tx, row.id, event);
    },
    "banner.activate": ({ update }) => update({ active: true }),
    "banner.deactivate": ({ update }) => update({ active: false }),
    "banner.delete": async ({ tx, row, update }) => {
      await update();
      return placeImages(tx, row.id, noImages);
    },
  },
});

/** The call_actions row's columns of a call to action's content. */
const callActionContent = (content: CallActionContent) => ({
  title: content.title,
  text: content.text,
  button_label: content.buttonLabel,
  title_en: content.titleEn,
  text_en: content.textEn,
  button_label_en: content.buttonLabelEn,
  link: content.link,
});

export const callActionsProjection: Projection = recordProjection({
  record: callActionRecord,
  events: CallActionEvent,
  on: {
    "callAction.create": ({ event, insert }) => insert({ ...callActionContent(event), active: event.active }),
    "callAction.update": ({ event, update }) => update(callActionContent(event)),
    "callAction.activate": ({ update }) => update({ active: true }),
    "callAction.deactivate": ({ update }) => update({ active: false }),
    "callAction.delete": ({ update }) => update(),
  },
});

/** Keyed by list and position, without a sequence: a rebuild gives the same rows. */
export const recommendationsProjection: Projection = recordProjection({
  record: recommendationsRecord,
  events: RecommendationsSet,
  key: "text",
  alsoFills: ["recommendations"],
  on: {
    "recommendations.set": async ({ tx, event, row: { id, status, version, at } }) => {
      await execute(
        tx,
        `insert into recommendation_lists (id, status, version, created_at, updated_at) values ($1, $2, $3, $4, $4)
       on conflict (id) do update set status = excluded.status, version = excluded.version, updated_at = excluded.updated_at`,
        [id, status, version, at],
      );
      await execute(tx, "delete from recommendations where list_id = $1", [id]);
      await execute(
        tx,
        `insert into recommendations (list_id, position, itinerary_id)
       select $1, position::int, itinerary_id from unnest($2::int[]) with ordinality as entry (itinerary_id, position)`,
        [id, event.itineraries],
      );
    },
  },
});
