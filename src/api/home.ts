import { Schema } from "effect";
import { endpoint, IdParams, MessageAnswer } from "./endpoint.ts";
import { DestinationType } from "./itineraries.ts";

/** A home banner (SPEC.md section 3): `images` are stored paths, in the order they show. */
export const Banner = Schema.Struct({
  id: Schema.Int,
  type: Schema.Literal("baner"),
  title: Schema.String,
  text: Schema.String,
  textTwo: Schema.String,
  images: Schema.Array(Schema.String),
  page: Schema.Literal("home"),
  active: Schema.Boolean,
});
export type Banner = typeof Banner.Type;

/** The home page's call to action: a title, a text and a button that opens an http(s) link. */
export const CallAction = Schema.Struct({
  id: Schema.Int,
  type: Schema.Literal("call_action"),
  title: Schema.String,
  text: Schema.String,
  buttonLabel: Schema.String,
  link: Schema.String,
  active: Schema.Boolean,
});
export type CallAction = typeof CallAction.Type;

/** One recommended destination, in the order the home page shows them. */
export const Recommendation = Schema.Struct({
  id: Schema.Int,
  type: Schema.Literal("recomendation"),
  position: Schema.Int,
  itinerary: Schema.Struct({
    id: Schema.Int,
    name: Schema.String,
    days: Schema.String,
    type: DestinationType,
    price: Schema.Finite,
    ofertPrice: Schema.NullOr(Schema.Finite),
    isOfert: Schema.Boolean,
    image: Schema.String,
  }),
});
export type Recommendation = typeof Recommendation.Type;

/** Everything the home page is made of, as `GET /homeScreen/adminContent` answers it. */
export const HomeContent = Schema.Struct({
  baner: Schema.Array(Banner),
  call_action: Schema.Array(CallAction),
  recomendation: Schema.Array(Recommendation),
});
export type HomeContent = typeof HomeContent.Type;

/**
 * The banner multipart form: title (required), text, textTwo, page, type, the images to keep as
 * `images[0]`, `images[1]` ... (stored paths, in order; the panel resends them on edit) and new
 * image files under `images`, shown after the kept ones.
 */
export const BannerForm = Schema.Struct({
  title: Schema.String,
  text: Schema.optionalKey(Schema.String),
  textTwo: Schema.optionalKey(Schema.String),
  page: Schema.optionalKey(Schema.String),
  type: Schema.optionalKey(Schema.String),
  active: Schema.optionalKey(Schema.String),
  images: Schema.optionalKey(Schema.Array(Schema.String)),
});
export type BannerForm = typeof BannerForm.Type;

/** `?images=home_page`: the folder is fixed, never a path the caller chooses. */
export const BannerUploadQuery = Schema.Struct({ images: Schema.Literal("home_page") });

/** The call-to-action form; `link` must be an http or https URL ('Invalid URL'). */
export const CallActionPayload = Schema.Struct({
  title: Schema.String,
  text: Schema.String,
  buttonLabel: Schema.String,
  link: Schema.String,
  active: Schema.optionalKey(Schema.Boolean),
});
export type CallActionPayload = typeof CallActionPayload.Type;

/** The ordered destination ids to recommend; only existing destinations are accepted. */
export const RecommendationsPayload = Schema.Struct({ itineraries: Schema.Array(Schema.Int) });

const homeEditors = { kind: "session", roles: ["admin", "marketing"] } as const;

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
  params: IdParams,
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
  response: MessageAnswer,
  access: homeEditors,
  upload: { field: "images", maxFiles: 10 },
  description: "Adds a banner with its images (multipart).",
});

export const updateBanner = endpoint({
  name: "home.updateBanner",
  method: "PUT",
  path: "/homeScreen/updateBaner/:id",
  params: IdParams,
  query: BannerUploadQuery,
  body: BannerForm,
  response: MessageAnswer,
  access: homeEditors,
  upload: { field: "images", maxFiles: 10 },
  description: "Changes a banner: the kept images in their new order, then any new files.",
});

export const getCallAction = endpoint({
  name: "home.getCallAction",
  method: "GET",
  path: "/homeScreen/getCallAction/:id",
  params: IdParams,
  response: CallAction,
  access: homeEditors,
  description: "One call to action.",
});

export const createCallAction = endpoint({
  name: "home.createCallAction",
  method: "POST",
  path: "/homeScreen/createCallAction",
  body: CallActionPayload,
  response: MessageAnswer,
  access: homeEditors,
  description: "Adds a call to action.",
});

export const updateCallAction = endpoint({
  name: "home.updateCallAction",
  method: "PUT",
  path: "/homeScreen/updateCallAction/:id",
  params: IdParams,
  body: CallActionPayload,
  response: MessageAnswer,
  access: homeEditors,
  description: "Changes a call to action.",
});

export const updateRecommendations = endpoint({
  name: "home.updateRecommendations",
  method: "PUT",
  path: "/homeScreen/updateRecomendation",
  body: RecommendationsPayload,
  response: MessageAnswer,
  access: homeEditors,
  description: "Replaces the recommended destinations with this ordered list.",
});

/** What the public landing page needs: active banners, the active call to action, recommendations. */
export const PublicHomeContent = Schema.Struct({
  baner: Schema.Array(Banner),
  call_action: Schema.NullOr(CallAction),
  recomendation: Schema.Array(Recommendation),
});
export type PublicHomeContent = typeof PublicHomeContent.Type;

export const publicContent = endpoint({
  name: "home.publicContent",
  method: "GET",
  path: "/homeScreen/content",
  response: PublicHomeContent,
  access: { kind: "public" },
  description: "The public landing page's content; no session needed, only active content.",
});
