import { isDeepStrictEqual } from "node:util";
import { Struct } from "effect";
import { firstProblem } from "../../src/api/fields.ts";
import type { BannerId } from "../../src/api/ids.ts";
import { BANNER_MAX_IMAGES, Banner, type BannerForm, bannerProblems } from "../../src/api/home.ts";
import type { BannerContent, BannerFacts } from "../../src/machines/domain/banner.machine.ts";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";
import { type CommandOptions, decide, decideNew, expectVersion } from "../events/command.ts";
import type { RecordVersion } from "../../src/api/versions.ts";
import { orNotFound } from "../http/found.ts";
import { bannerRecord } from "./projection.ts";
import { removeUnusedImages, storeImage, type UploadedImage } from "../uploads/store.ts";

type BannerImages = Pick<BannerContent, "images" | "imageAlts" | "imageAltsEn">;

/** A banner's texts in both languages: its content but the carousel's images. */
export type BannerTexts = Omit<BannerContent, keyof BannerImages>;

/** What the banner form says, trimmed, before its images are compared with the banner's. */
interface BannerDraft extends BannerTexts {
  /** Null: the form did not say, so a new banner is active and an edited one stays as it is. */
  readonly active: boolean | null;
  /**
   * The stored paths to keep, in their new order; null when the form sends no `images` text field
   * at all (an edit then keeps every current image). An empty `images` field is an empty list.
   */
  readonly kept: ReadonlyArray<string> | null;
  /**
   * The alternative texts by position in the carousel (kept images, then new files), Spanish and
   * English; null when the form sends none (an edit then keeps each kept image's own).
   */
  readonly alts: { readonly es: ReadonlyArray<string>; readonly en: ReadonlyArray<string> } | null;
}

/** `true` or `false` as a form sends it; blank says nothing (the contract refuses anything else). */
const flag = (value: string | undefined): boolean | null => {
  const text = value?.trim() ?? "";
  return text === "" ? null : text === "true";
};

/** The banner form read (SPEC.md section 5); what it breaks, the banner's machine refuses. */
const bannerDraft = (form: BannerForm): BannerDraft => ({
  title: form.title.trim(),
  text: form.text?.trim() ?? "",
  textTwo: form.textTwo?.trim() ?? "",
  titleEn: form.titleEn?.trim() ?? "",
  textEn: form.textEn?.trim() ?? "",
  textTwoEn: form.textTwoEn?.trim() ?? "",
  active: flag(form.active),
  // Stored paths as answered: one with blanks around it is no path of this banner.
  kept: form.images ?? null,
  alts:
    form.imageAlts === undefined && form.imageAltsEn === undefined
      ? null
      : { es: form.imageAlts ?? [], en: form.imageAltsEn ?? [] },
});

/** A banners row with its images: the contract's banner but for its fixed `type` and `page`. */
const BannerRow = Banner.mapFields(Struct.omit(["type", "page"]));

/** Live (not deleted) banners as the contract answers them, by id. */
export const readBanners = async (
  db: Queryable,
  where: string,
  params: ReadonlyArray<unknown>,
  lock = "",
): Promise<Banner[]> =>
  (
    await queryRows(
      db,
      BannerRow,
      `select b.id, b.title, b.text, b.text_two as "textTwo", b.title_en as "titleEn", b.text_en as "textEn",
              b.text_two_en as "textTwoEn", b.active, b.version,
              array(select i.path from banner_images i where i.banner_id = b.id order by i.position) as images,
              array(select i.alt from banner_images i where i.banner_id = b.id order by i.position) as "imageAlts",
              array(select i.alt_en from banner_images i where i.banner_id = b.id order by i.position) as "imageAltsEn"
         from banners b where b.status <> 'deleted' and (${where}) order by b.id ${lock}`,
      params,
    )
  ).map((row) => ({ ...row, type: "banner", page: "home" }));

/** One live banner, or null; `lock` ("for update of b") keeps it locked until the transaction ends. */
export const findBanner = async (db: Queryable, id: BannerId, lock = ""): Promise<Banner | null> =>
  (await readBanners(db, "b.id = $1", [id], lock))[0] ?? null;

/**
 * Stores the new files and answers the carousel: kept images first, then the new ones, each once,
 * with their alternative texts: by position as the form sent them, or, when it sent none, each
 * kept image's current ones (`current`) and blank for a new file.
 */
const carousel = async (
  tx: Queryable,
  folder: string,
  draft: BannerDraft,
  kept: ReadonlyArray<string>,
  current: BannerImages,
  files: ReadonlyArray<UploadedImage>,
  at: Date,
): Promise<BannerImages> => {
  const added: string[] = [];
  for (const file of files) added.push(await storeImage(tx, folder, file, at));
  const altOf = (sent: ReadonlyArray<string> | undefined, saved: ReadonlyArray<string>, index: number, path: string) =>
    sent === undefined ? (saved[current.images.indexOf(path)] ?? "") : (sent[index]?.trim() ?? "");
  const images: string[] = [];
  const imageAlts: string[] = [];
  const imageAltsEn: string[] = [];
  [...kept, ...added].forEach((path, index) => {
    // The same picture uploaded twice, or again beside its kept copy, shows once.
    if (images.includes(path)) return;
    images.push(path);
    imageAlts.push(altOf(draft.alts?.es, current.imageAlts, index, path));
    imageAltsEn.push(altOf(draft.alts?.en, current.imageAltsEn, index, path));
  });
  return { images, imageAlts, imageAltsEn };
};

const noImages: BannerImages = { images: [], imageAlts: [], imageAltsEn: [] };

/** A banner's texts in both languages, in the order its event holds them. */
const textsOf = (banner: BannerTexts): BannerTexts => ({
  title: banner.title,
  text: banner.text,
  textTwo: banner.textTwo,
  titleEn: banner.titleEn,
  textEn: banner.textEn,
  textTwoEn: banner.textTwoEn,
});

/** The images a banner's form adds, stored in `folder` (the endpoint's fixed `?images=`). */
export interface NewImages {
  readonly folder: string;
  readonly files: ReadonlyArray<UploadedImage>;
}

/**
 * The facts the banner's machine decides a create or a content update with: the texts' field
 * problem, whether the carousel is over BANNER_MAX_IMAGES, and whether a kept path is not one of
 * the banner's own images (`own`, none for a new banner).
 */
const contentFacts = (
  form: BannerForm,
  kept: ReadonlyArray<string>,
  own: ReadonlyArray<string>,
  images: ReadonlyArray<string>,
): BannerFacts => ({
  fieldProblem: firstProblem(bannerProblems(form)),
  hasTooManyImages: images.length > BANNER_MAX_IMAGES,
  keepsForeignImage: kept.some((path) => !own.includes(path)),
});

/**
 * Adds a banner through the event store, with its images stored in the same transaction (a
 * refusal stores none), and answers its id.
 */
export const createBanner = async (
  tx: Queryable,
  form: BannerForm,
  uploads: NewImages,
  options: CommandOptions,
): Promise<number> => {
  const draft = bannerDraft(form);
  const kept = draft.kept ?? [];
  const shown = await carousel(tx, uploads.folder, draft, kept, noImages, uploads.files, options.occurredAt);
  const event = { type: "banner.create", ...textsOf(draft), ...shown, active: draft.active ?? true } as const;
  return decideNew(tx, bannerRecord, event, options, contentFacts(form, kept, [], shown.images));
};

/**
 * Saves the edit form loaded at `version`: the kept images (each one of the banner's current images) in their new
 * order, then the new files; no `images` field at all keeps the current ones; the images it drops
 * are removed when nothing else uses them. One event for the
 * content when it changes, then one to activate or deactivate when that changes. Content equal to
 * the current one was decided before, so no rule refuses it.
 */
export const updateBanner = async (
  tx: Queryable,
  id: BannerId,
  { version, ...form }: BannerForm & { readonly version: RecordVersion },
  uploads: NewImages,
  options: CommandOptions,
): Promise<void> => {
  const current = orNotFound(await findBanner(tx, id, "for update of b"));
  await expectVersion(tx, bannerRecord, String(id), version);
  const draft = bannerDraft(form);
  const kept = draft.kept ?? current.images;
  const shown = await carousel(tx, uploads.folder, draft, kept, current, uploads.files, options.occurredAt);
  const content: BannerContent = { ...textsOf(draft), ...shown };
  const streamId = String(id);
  const { images, imageAlts, imageAltsEn } = current;
  if (!isDeepStrictEqual(content, { ...textsOf(current), images, imageAlts, imageAltsEn })) {
    const facts = contentFacts(form, kept, current.images, shown.images);
    await decide(tx, bannerRecord, streamId, { type: "banner.update", ...content }, options, facts);
    // The images the banner dropped go, unless another record shows them too.
    await removeUnusedImages(tx, current.images.filter((path) => !shown.images.includes(path)));
  }
  if (draft.active !== null && draft.active !== current.active) {
    await decide(tx, bannerRecord, streamId, { type: draft.active ? "banner.activate" : "banner.deactivate" }, options);
  }
};

/**
 * Deletes a banner; its images go with it unless another record shows them (removed in the same
 * transaction, after the event that stops naming them).
 */
export const deleteBanner = async (tx: Queryable, id: BannerId, options: CommandOptions): Promise<void> => {
  const current = orNotFound(await findBanner(tx, id, "for update of b"));
  await decide(tx, bannerRecord, String(id), { type: "banner.delete" }, options);
  await removeUnusedImages(tx, current.images);
};
