import { Schema } from "effect";
import { BannerId, CallActionId } from "../../api/ids.ts";
import {
  BANNER_MAX_IMAGES,
  type Banner,
  type BannerForm,
  bannerProblems,
  type CallAction,
  type CallActionPayload,
  callActionProblems,
  createBanner,
  createCallAction,
  getBanner,
  getCallAction,
  updateBanner,
  updateCallAction,
} from "../../api/home.ts";
import { createRecordFormMachine, type FormImage, type FormSource, keptPaths, newFiles } from "../shared/recordForm.machine.ts";

/** A detail route's id as the record's id (the route admits only ids in range). */
const bannerId = Schema.decodeSync(BannerId);
const callActionId = Schema.decodeSync(CallActionId);

/**
 * The banner's text fields as the user filled them in, in Spanish and English, and each image's
 * alternative texts in the order the images show.
 */
export interface BannerDraft {
  readonly title: string;
  readonly text: string;
  readonly textTwo: string;
  readonly titleEn: string;
  readonly textEn: string;
  readonly textTwoEn: string;
  readonly imageAlts: ReadonlyArray<string>;
  readonly imageAltsEn: ReadonlyArray<string>;
  readonly active: boolean;
}

/**
 * The multipart form of SPEC.md section 7: the kept paths as `images[0]`, `images[1]` ... in
 * their order (so an edit without new files resends them, SPEC.md section 5), then the new files.
 */
export const bannerUpload = (
  draft: BannerDraft,
  images: ReadonlyArray<FormImage>,
): { readonly fields: BannerForm; readonly files: ReadonlyArray<Blob> } => ({
  fields: {
    title: draft.title.trim(),
    text: draft.text.trim(),
    textTwo: draft.textTwo.trim(),
    titleEn: draft.titleEn.trim(),
    textEn: draft.textEn.trim(),
    textTwoEn: draft.textTwoEn.trim(),
    page: "home",
    type: "banner",
    active: String(draft.active),
    images: keptPaths(images),
    imageAlts: draft.imageAlts.map((alt) => alt.trim()),
    imageAltsEn: draft.imageAltsEn.map((alt) => alt.trim()),
  },
  files: newFiles(images),
});

const homePage = { images: "home_page" } as const;

/**
 * /panel/home/baner_new and /panel/home/baner/{id}: the title required (the contract's
 * `bannerProblems`), up to BANNER_MAX_IMAGES images kept, removed, reordered or added, saved in
 * one upload with progress. An edit stays on the form and shows the banner as saved (SPEC.md
 * section 4); a new banner goes back to /panel/home.
 */
export const bannerFormSource: FormSource<Banner, null, BannerDraft> = {
  load: async (client, id) => ({
    item: id === null ? null : await client.call(getBanner, { params: { id: bannerId(id) } }),
    options: null,
  }),
  problems: (draft) => bannerProblems(draft),
  save: (client, { id, version, draft, images, report, signal }) => {
    const { fields, files } = bannerUpload(draft, images);
    const request = { query: homePage, fields, files, onProgress: report, signal };
    return id === null
      ? client.upload(createBanner, request)
      : client.upload(updateBanner, { ...request, fields: { ...fields, version }, params: { id: bannerId(id) } });
  },
  afterSave: "reload",
  images: { max: BANNER_MAX_IMAGES, kept: (banner) => banner.images },
};

/** The call-to-action form as the user filled it in, its texts in Spanish and English. */
export interface CallActionDraft {
  readonly title: string;
  readonly text: string;
  readonly buttonLabel: string;
  readonly titleEn: string;
  readonly textEn: string;
  readonly buttonLabelEn: string;
  readonly link: string;
  readonly active: boolean;
}

export const callActionPayload = (draft: CallActionDraft): CallActionPayload => ({
  title: draft.title.trim(),
  text: draft.text.trim(),
  buttonLabel: draft.buttonLabel.trim(),
  titleEn: draft.titleEn.trim(),
  textEn: draft.textEn.trim(),
  buttonLabelEn: draft.buttonLabelEn.trim(),
  link: draft.link.trim(),
  active: draft.active,
});

/**
 * /panel/home/call_action_new and /panel/home/call_action/{id}: every field required and the link
 * an http(s) URL (the contract's `callActionProblems`); a save goes back to /panel/home.
 */
export const callActionFormSource: FormSource<CallAction, null, CallActionDraft> = {
  load: async (client, id) => ({
    item: id === null ? null : await client.call(getCallAction, { params: { id: callActionId(id) } }),
    options: null,
  }),
  problems: (draft) => callActionProblems(draft),
  save: (client, { id, version, draft }) =>
    id === null
      ? client.call(createCallAction, { body: callActionPayload(draft) })
      : client.call(updateCallAction, { params: { id: callActionId(id) }, body: { ...callActionPayload(draft), version } }),
};

export const bannerFormMachine = createRecordFormMachine<Banner, null, BannerDraft>();

export const callActionFormMachine = createRecordFormMachine<CallAction, null, CallActionDraft>();
