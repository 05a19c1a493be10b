import { Schema, SchemaGetter } from "effect";
import { endpoint, MessageAnswer } from "./endpoint.ts";
import { englishFields, optionalTextSchemas, imageAltFields } from "./english.ts";
import { BannerId, CallActionId, idParams, Int4, ItineraryId } from "./ids.ts";
import { type FieldProblems, NAME_MAX_LENGTH, textField, textProblems, textSchema, urlField } from "./fields.ts";
import { DestinationType, offerWireKeys } from "./itineraries.ts";
import { RecordVersion, withVersion, withVersionText } from "./versions.ts";

/**
 * A discriminator the code names `typeValue` and the wire spells `wireValue` (SPEC.md's `baner`,
 * `recomendation`): the misspelling stops at the contract (decision 074).
 */
const wireLiteral = <const T extends string, const W extends string>(typeValue: T, wireValue: W) =>
  Schema.Literal(wireValue).pipe(
    Schema.decodeTo(Schema.Literal(typeValue), {
      decode: SchemaGetter.transform(() => typeValue),
      encode: SchemaGetter.transform(() => wireValue),
    }),
  );

/** The home content's lists as the code names them, and as SPEC.md spells them on the wire. */
const homeWireKeys = { banners: "baner", recommendations: "recomendation" } as const;

/**
 * A home banner (SPEC.md section 3): `images` are stored paths, in the order they show, and
 * `imageAlts` / `imageAltsEn` their alternative texts in the same order; the `En` texts are the
 * English ones (decision 041).
 */
export const Banner = Schema.Struct({
  id: BannerId,
  type: wireLiteral("banner", "baner"),
  title: Schema.String,
  text: Schema.String,
  textTwo: Schema.String,
  titleEn: Schema.String,
  textEn: Schema.String,
  textTwoEn: Schema.String,
  images: Schema.Array(Schema.String),
  imageAlts: Schema.Array(Schema.String),
  imageAltsEn: Schema.Array(Schema.String),
  page: Schema.Literal("home"),
  active: Schema.Boolean,
  version: RecordVersion,
});
export type Banner = typeof Banner.Type;

/** The home page's call to action: a title, a text and a button that opens an http(s) link. */
export const CallAction = Schema.Struct({
  id: CallActionId,
  type: Schema.Literal("call_action"),
  title: Schema.String,
  text: Schema.String,
  buttonLabel: Schema.String,
  titleEn: Schema.String,
  textEn: Schema.String,
  buttonLabelEn: Schema.String,
  link: Schema.String,
  active: Schema.Boolean,
  version: RecordVersion,
});
export type CallAction = typeof CallAction.Type;

/** What the home page shows of a recommended destination, in the code's words. */
export const RecommendedItinerary = Schema.Struct({
  id: ItineraryId,
  name: Schema.String,
  days: Schema.String,
  nameEn: Schema.String,
  daysEn: Schema.String,
  type: DestinationType,
  price: Schema.Finite,
  offerPrice: Schema.NullOr(Schema.Finite),
  isOffer: Schema.Boolean,
  image: Schema.String,
  imageAlt: Schema.String,
  imageAltEn: Schema.String,
});

/**
 * One recommended destination, in the order the home page shows them; its id is the destination's.
 * The offer travels spelled as a destination's does (SPEC.md section 3).
 */
export const Recommendation = Schema.Struct({
  id: ItineraryId,
  type: wireLiteral("recommendation", "recomendation"),
  position: Int4,
  itinerary: RecommendedItinerary.pipe(Schema.encodeKeys(offerWireKeys)),
});
export type Recommendation = typeof Recommendation.Type;

/** Everything the home page is made of, as `GET /homeScreen/adminContent` answers it. */
export const HomeContent = Schema.Struct({
  banners: Schema.Array(Banner),
  call_action: Schema.Array(CallAction),
  recommendations: Schema.Array(Recommendation),
  /** The recommendations list's version, which its save sends back. */
  recommendationsVersion: RecordVersion,
}).pipe(Schema.encodeKeys({ ...homeWireKeys, recommendationsVersion: "recomendationVersion" }));
export type HomeContent = typeof HomeContent.Type;

/** Longest banner texts kept; longer is refused rather than cut. */
export const BANNER_TEXT_MAX_LENGTH = 1_000;
/** Pictures in one carousel: as many as one request may upload. */
export const BANNER_MAX_IMAGES = 10;

const bannerSpanishFields = {
  title: textField(NAME_MAX_LENGTH, { required: true }),
  text: textField(BANNER_TEXT_MAX_LENGTH),
  textTwo: textField(BANNER_TEXT_MAX_LENGTH),
} as const;

const bannerEnglishFields = englishFields(bannerSpanishFields, ["title", "text", "textTwo"]);

/**
 * The banner form's texts (SPEC.md section 5), declared once: a required title, two optional
 * texts, and their English versions (optional).
 */
export const bannerFields = { ...bannerSpanishFields, ...bannerEnglishFields } as const;

/** An image's alternative text, as a list field holds one per image. */
const ImageAlts = Schema.Array(textSchema(imageAltFields.imageAlt));

export type BannerField = keyof typeof bannerFields;

/** A fixed text of a form (`page`, `type`, a flag): blank, or one of `values` (surrounding blanks ignored). */
const fixedText = (values: ReadonlyArray<string>) =>
  Schema.String.check(
    Schema.makeFilter((value: string) => value.trim() === "" || values.includes(value.trim()), {
      description: `blank or one of ${values.join(", ")}`,
    }),
  );

/**
 * The banner multipart form: title (required), text, textTwo, page (home), type (`banner`, on the
 * wire `baner`), active,
 * the images to keep as `images[0]`, `images[1]` ... (stored paths, in order, each once; the panel
 * resends them on edit) and new image files under `images`, shown after the kept ones.
 */
export const BannerForm = Schema.Struct({
  title: textSchema(bannerFields.title),
  text: Schema.optionalKey(textSchema(bannerFields.text)),
  textTwo: Schema.optionalKey(textSchema(bannerFields.textTwo)),
  ...optionalTextSchemas(bannerEnglishFields),
  page: Schema.optionalKey(fixedText(["home"])),
  type: Schema.optionalKey(
    fixedText(["baner"]).pipe(
      Schema.decodeTo(Schema.Literals(["", "banner"]), {
        decode: SchemaGetter.transform((text: string) => (text.trim() === "" ? "" : "banner")),
        encode: SchemaGetter.transform((type: "" | "banner") => (type === "" ? "" : "baner")),
      }),
    ),
  ),
  active: Schema.optionalKey(fixedText(["true", "false"])),
  images: Schema.optionalKey(Schema.Array(Schema.String).check(Schema.isUnique())),
  /** Each image's alternative text, in the carousel's order (kept images, then new files). */
  imageAlts: Schema.optionalKey(ImageAlts),
  imageAltsEn: Schema.optionalKey(ImageAlts),
});
export type BannerForm = typeof BannerForm.Type;

/** The title is required ('required_information'); texts over their limit are 'invalid'. */
export const bannerProblems = (form: Readonly<Partial<Record<BannerField, string>>>): FieldProblems<BannerField> =>
  textProblems(bannerFields, form);

/** `?images=home_page`: the folder is fixed, never a path the caller chooses. */
export const BannerUploadQuery = Schema.Struct({ images: Schema.Literal("home_page") });

/** Longest call-to-action text kept. */
export const CALL_ACTION_TEXT_MAX_LENGTH = 1_000;
/** A button reads a few words. */
export const BUTTON_LABEL_MAX_LENGTH = 40;
/** What browsers and proxies reliably carry. */
export const LINK_MAX_LENGTH = 2_048;

const callActionSpanishFields = {
  title: textField(NAME_MAX_LENGTH, { required: true }),
  text: textField(CALL_ACTION_TEXT_MAX_LENGTH, { required: true }),
  buttonLabel: textField(BUTTON_LABEL_MAX_LENGTH, { required: true }),
  link: urlField(LINK_MAX_LENGTH),
} as const;

const callActionEnglishFields = englishFields(callActionSpanishFields, ["title", "text", "buttonLabel"]);

/**
 * The call-to-action form's fields (SPEC.md section 5), declared once: every Spanish one required,
 * the English versions of its texts optional.
 */
export const callActionFields = { ...callActionSpanishFields, ...callActionEnglishFields } as const;

export type CallActionField = keyof typeof callActionFields;

/** The call-to-action form; `link` must be an http or https URL with a host ('Invalid URL'). */
export const CallActionPayload = Schema.Struct({
  title: textSchema(callActionFields.title),
  text: textSchema(callActionFields.text),
  buttonLabel: textSchema(callActionFields.buttonLabel),
  link: textSchema(callActionFields.link),
  ...optionalTextSchemas(callActionEnglishFields),
  active: Schema.optionalKey(Schema.Boolean),
});
export type CallActionPayload = typeof CallActionPayload.Type;

/** Every field required ('required_information'), the link an http(s) URL ('Invalid URL'). */
export const callActionProblems = (
  payload: Readonly<Partial<Record<CallActionField, string>>>,
): FieldProblems<CallActionField> => textProblems(callActionFields, payload);

/** The home page features a handful of destinations, not the catalogue. */
export const RECOMMENDATIONS_MAX = 12;
/**
 * The ordered destination ids to recommend: at most RECOMMENDATIONS_MAX, each once, each a
 * destination that exists and is not deleted (the recommendations' machine refuses otherwise).
 */
export const RecommendationsPayload = Schema.Struct({
  itineraries: Schema.Array(ItineraryId),
});

const homeEditors = { kind: "session", roles: ["admin", "marketing"] } as const;

/** A change to the home content: open to its editors, answered with a message. */
const homeEdit = { response: MessageAnswer, access: homeEditors } as const;

export const adminContent = endpoint({
  name: "home.adminContent",
  method: "GET",
  path: "/homeScreen/adminContent",
  response: HomeContent,
  access: homeEditors,
  description: "Every banner, call to action and recommendation, active or not, for the panel.",
});

export const getBanner = endpoint({
  name: "home.getBanner",
  method: "GET",
  path: "/homeScreen/getBaner/:id",
  params: idParams(BannerId),
  response: Banner,
  access: homeEditors,
  description: "One banner.",
});

export const createBanner = endpoint({
  name: "home.createBanner",
  method: "POST",
  path: "/homeScreen/createBaner",
  query: BannerUploadQuery,
  body: BannerForm,
  ...homeEdit,
  upload: { field: "images", maxFiles: 10 },
  description: "Adds a banner with its images (multipart).",
});

export const updateBanner = endpoint({
  name: "home.updateBanner",
  method: "PUT",
  path: "/homeScreen/updateBaner/:id",
  params: idParams(BannerId),
  query: BannerUploadQuery,
  body: withVersionText(BannerForm),
  ...homeEdit,
  upload: { field: "images", maxFiles: 10 },
  description: "Changes a banner: the kept images in their new order, then any new files.",
});

export const getCallAction = endpoint({
  name: "home.getCallAction",
  method: "GET",
  path: "/homeScreen/getCallAction/:id",
  params: idParams(CallActionId),
  response: CallAction,
  access: homeEditors,
  description: "One call to action.",
});

export const createCallAction = endpoint({
  name: "home.createCallAction",
  method: "POST",
  path: "/homeScreen/createCallAction",
  body: CallActionPayload,
  ...homeEdit,
  description: "Adds a call to action.",
});

export const updateCallAction = endpoint({
  name: "home.updateCallAction",
  method: "PUT",
  path: "/homeScreen/updateCallAction/:id",
  params: idParams(CallActionId),
  body: withVersion(CallActionPayload),
  ...homeEdit,
  description: "Changes a call to action.",
});

export const deleteBanner = endpoint({
  name: "home.deleteBanner",
  method: "DELETE",
  path: "/homeScreen/deleteBaner/:id",
  params: idParams(BannerId),
  ...homeEdit,
  description: "Deletes a banner; its images go unless another record shows them.",
});

export const deleteCallAction = endpoint({
  name: "home.deleteCallAction",
  method: "DELETE",
  path: "/homeScreen/deleteCallAction/:id",
  params: idParams(CallActionId),
  ...homeEdit,
  description: "Deletes a call to action.",
});

export const updateRecommendations = endpoint({
  name: "home.updateRecommendations",
  method: "PUT",
  path: "/homeScreen/updateRecomendation",
  body: withVersion(RecommendationsPayload),
  ...homeEdit,
  description: "Replaces the recommended destinations with this ordered list.",
});

/** What the public landing page needs: active banners, the active call to action, recommendations. */
export const PublicHomeContent = Schema.Struct({
  banners: Schema.Array(Banner),
  call_action: Schema.NullOr(CallAction),
  recommendations: Schema.Array(Recommendation),
}).pipe(Schema.encodeKeys(homeWireKeys));
export type PublicHomeContent = typeof PublicHomeContent.Type;

export const publicContent = endpoint({
  name: "home.publicContent",
  method: "GET",
  path: "/homeScreen/content",
  response: PublicHomeContent,
  access: { kind: "public" },
  description: "The public landing page's content; no session needed, only active content.",
});
