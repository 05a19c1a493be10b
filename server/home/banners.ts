import { isDeepStrictEqual } from "node:util";
import { Schema } from "effect";
import { ApiError } from "../../src/api/errors.ts";
import type { Banner, BannerForm } from "../../src/api/home.ts";
import { messages } from "../../src/api/messages.ts";
import type { BannerContent } from "../../src/machines/domain/banner.machine.ts";
import type { Queryable } from "../db/database.ts";
import { type CommandOptions, decide } from "../events/command.ts";
import { bannerRecord } from "../events/projections/home.ts";
import { assertFilled, NAME_MAX_LENGTH, trimmedWithin } from "../routes/fields.ts";
import { storeImage, type UploadedImage } from "../uploads/store.ts";

/** Longest texts kept; longer is refused rather than cut. */
export const BANNER_TEXT_MAX_LENGTH = 1_000;
/** Pictures in one carousel: as many as one request may upload. */
export const BANNER_MAX_IMAGES = 10;

/** The banner form as checked, before its images are compared with the banner's. */
export interface BannerDraft {
  readonly title: string;
  readonly text: string;
  readonly textTwo: string;
  /** Null: the form did not say, so a new banner is active and an edited one stays as it is. */
  readonly active: boolean | null;
  /**
   * The stored paths to keep, in their new order; null when the form sends no `images` text field
   * at all (an edit then keeps every current image). An empty `images` field is an empty list.
   */
  readonly kept: ReadonlyArray<string> | null;
}

const invalid = (): ApiError => new ApiError(400, messages.invalidInput);

/** A fixed-value field (`page`, `type`): absent, blank or exactly that value. */
const assertFixed = (value: string | undefined, expected: string): void => {
  const text = value?.trim() ?? "";
  if (text !== "" && text !== expected) throw invalid();
};

/** `true` or `false` as a form sends it; absent or blank says nothing. */
const flag = (value: string | undefined): boolean | null => {
  const text = value?.trim() ?? "";
  if (text === "") return null;
  if (text === "true") return true;
  if (text === "false") return false;
  throw invalid();
};

/**
 * Checks the banner form (SPEC.md section 5): the title is required ('required_information'),
 * text and textTwo are optional; `page` may only be home and `type` only baner (the panel sends
 * both); a kept image may be named once.
 */
export const checkBannerForm = (form: BannerForm): BannerDraft => {
  assertFilled(form.title);
  assertFixed(form.page, "home");
  assertFixed(form.type, "baner");
  const kept = form.images?.map((path) => path.trim()) ?? null;
  if (kept !== null && new Set(kept).size !== kept.length) throw invalid();
  return {
    title: trimmedWithin(form.title, NAME_MAX_LENGTH),
    text: trimmedWithin(form.text ?? "", BANNER_TEXT_MAX_LENGTH),
    textTwo: trimmedWithin(form.textTwo ?? "", BANNER_TEXT_MAX_LENGTH),
    active: flag(form.active),
    kept,
  };
};

const BannerRow = Schema.Struct({
  id: Schema.Int,
  title: Schema.String,
  text: Schema.String,
  textTwo: Schema.String,
  active: Schema.Boolean,
  images: Schema.Array(Schema.String),
});
const decodeRow = Schema.decodeUnknownSync(BannerRow);

/** Banners as the contract answers them, by id. */
export const readBanners = async (
  db: Queryable,
  where: string,
  params: ReadonlyArray<unknown>,
  lock = "",
): Promise<Banner[]> =>
  (
    await db.query<unknown>(
      `select b.id, b.title, b.text, b.text_two as "textTwo", b.active,
              array(select i.path from banner_images i where i.banner_id = b.id order by i.position) as images
         from banners b where ${where} order by b.id ${lock}`,
      params,
    )
  ).map((row) => ({ ...decodeRow(row), type: "baner", page: "home" }));

/** One banner, or null. */
export const findBanner = async (db: Queryable, id: number): Promise<Banner | null> =>
  (await readBanners(db, "b.id = $1", [id]))[0] ?? null;

/** Stores the new files and answers the carousel: kept images first, then the new ones, each once. */
const carousel = async (
  tx: Queryable,
  folder: string,
  kept: ReadonlyArray<string>,
  files: ReadonlyArray<UploadedImage>,
  at: Date,
): Promise<string[]> => {
  const added: string[] = [];
  for (const file of files) added.push(await storeImage(tx, folder, file, at));
  // The same picture uploaded twice, or again beside its kept copy, shows once.
  const images = [...new Set([...kept, ...added])];
  if (images.length > BANNER_MAX_IMAGES) throw invalid();
  return images;
};

/** The images a banner's form adds, stored in `folder` (the endpoint's fixed `?images=`). */
export interface NewImages {
  readonly folder: string;
  readonly files: ReadonlyArray<UploadedImage>;
}

/**
 * Adds a banner through the event store, with its images stored in the same transaction, and
 * answers its id. A new banner has no image to keep: naming one is refused.
 */
export const createBanner = async (
  tx: Queryable,
  draft: BannerDraft,
  uploads: NewImages,
  options: CommandOptions,
): Promise<number> => {
  if ((draft.kept ?? []).length > 0) throw invalid();
  const images = await carousel(tx, uploads.folder, [], uploads.files, options.occurredAt);
  const [row] = await tx.query<{ id: number }>("select nextval(pg_get_serial_sequence('banners', 'id'))::int as id");
  if (!row) throw new Error("no id from the banners sequence");
  const { title, text, textTwo } = draft;
  await decide(
    tx,
    bannerRecord,
    String(row.id),
    { type: "banner.create", title, text, textTwo, images, active: draft.active ?? true },
    options,
  );
  return row.id;
};

/**
 * Saves the edit form: the kept images (each one of the banner's current images, else 400) in
 * their new order, then the new files; no `images` field at all keeps the current ones. One event
 * for the content when it changes, then one to activate or deactivate when that changes.
 */
export const updateBanner = async (
  tx: Queryable,
  id: number,
  draft: BannerDraft,
  uploads: NewImages,
  options: CommandOptions,
): Promise<void> => {
  const [current] = await readBanners(tx, "b.id = $1", [id], "for update of b");
  if (current === undefined) throw new ApiError(404, messages.notFound);
  const kept = draft.kept ?? current.images;
  if (!kept.every((path) => current.images.includes(path))) throw invalid();
  const content: BannerContent = {
    title: draft.title,
    text: draft.text,
    textTwo: draft.textTwo,
    images: await carousel(tx, uploads.folder, kept, uploads.files, options.occurredAt),
  };
  const streamId = String(id);
  const before: BannerContent = { title: current.title, text: current.text, textTwo: current.textTwo, images: current.images };
  if (!isDeepStrictEqual(content, before)) {
    await decide(tx, bannerRecord, streamId, { type: "banner.update", ...content }, options);
  }
  if (draft.active !== null && draft.active !== current.active) {
    await decide(tx, bannerRecord, streamId, { type: draft.active ? "banner.activate" : "banner.deactivate" }, options);
  }
};
