import { Schema } from "effect";
import { setup } from "xstate";
import { BANNER_MAX_IMAGES } from "../../api/home.ts";
import { messages } from "../../api/messages.ts";
import { addedText, addedTexts, domainContext, domainSetup, factGuards, type FieldFacts, fieldGuardsOf, final, refusal, refuseIncomplete, refuseMalformed } from "./rules.ts";

/**
 * What a home banner shows, as decided: texts trimmed, `images` the stored paths of its carousel
 * in order (uploads/home_page/<sha256>.<ext>) and `imageAlts` / `imageAltsEn` their alternative
 * texts in the same order, the `En` texts English (decision 041). Create and update carry all of
 * it, so each event alone says what the banner became and a rebuild needs nothing else.
 */
export const BannerContent = Schema.Struct({
  title: Schema.String,
  text: Schema.String,
  textTwo: Schema.String,
  titleEn: addedText,
  textEn: addedText,
  textTwoEn: addedText,
  images: Schema.Array(Schema.String),
  imageAlts: addedTexts,
  imageAltsEn: addedTexts,
});
export type BannerContent = typeof BannerContent.Type;

export const BannerCreate = Schema.Struct({
  type: Schema.Literal("banner.create"),
  ...BannerContent.fields,
  active: Schema.Boolean,
});
export const BannerUpdate = Schema.Struct({ type: Schema.Literal("banner.update"), ...BannerContent.fields });
export const BannerActivate = Schema.Struct({ type: Schema.Literal("banner.activate") });
export const BannerDeactivate = Schema.Struct({ type: Schema.Literal("banner.deactivate") });

export const BannerDelete = Schema.Struct({ type: Schema.Literal("banner.delete") });
export const BannerEvent = Schema.Union([BannerCreate, BannerUpdate, BannerActivate, BannerDeactivate, BannerDelete]);
export type BannerEvent = typeof BannerEvent.Type;

/**
 * What the server loads before it decides a create or a content update: the texts' field problem
 * (from `bannerProblems`), whether the carousel would hold more than BANNER_MAX_IMAGES pictures,
 * and whether the form keeps a path that is not one of the banner's own images (a new banner has
 * none to keep).
 */
export interface BannerFacts extends FieldFacts {
  readonly hasTooManyImages: boolean;
  readonly keepsForeignImage: boolean;
}

/** The refusals of a create or a content update, in the order the form reports them. */
const refusals = [
  refuseIncomplete("Refused: the title is blank ('required_information')."),
  refuseMalformed("Refused: a text is over its limit ('invalid information')."),
  refusal("keepsForeignImage", 400, messages.invalidInput, "Refused: a kept image is not one of the banner's own ('invalid information')."),
  refusal("hasTooManyImages", 400, messages.invalidInput, `Refused: the carousel would hold more than ${BANNER_MAX_IMAGES} images ('invalid information').`),
] as const;

export const bannerMachine = setup({
  ...domainSetup<BannerEvent, BannerFacts>(),
  guards: {
    ...fieldGuardsOf("isIncomplete", "hasMalformedField"),
    ...factGuards<BannerFacts>()("keepsForeignImage", "hasTooManyImages"),
    isCreatedActive: ({ event }) => event.type === "banner.create" && event.active,
  },
}).createMachine({
  id: "banner",
  description: "A banner of the home page's carousel: its texts and images, shown on the landing page while active.",
  context: domainContext,
  initial: "absent",
  states: {
    absent: {
      description: "No such banner yet.",
      on: {
        "banner.create": [
          ...refusals,
          {
            guard: "isCreatedActive",
            target: "active",
            description: "Added and shown on the landing page as soon as it has an image.",
          },
          { target: "inactive", description: "Added but kept off the landing page until activated." },
        ],
      },
    },
    active: {
      description: "Listed in the panel and shown on the landing page when it has at least one image.",
      on: {
        "banner.update": [
          ...refusals,
          {
            target: "active",
            description: "Its texts or images change: kept images in their new order, new ones after them.",
          },
        ],
        "banner.deactivate": { target: "inactive", description: "Taken off the landing page; kept in the panel." },
        "banner.delete": { target: "deleted", description: "Removed from the panel and the landing page; its images go unless another record shows them." },
      },
    },
    inactive: {
      description: "Listed in the panel only.",
      on: {
        "banner.update": [...refusals, { target: "inactive", description: "Its texts or images change." }],
        "banner.activate": { target: "active", description: "Shown on the landing page again." },
        "banner.delete": { target: "deleted", description: "Removed from the panel; its images go unless another record shows them." },
      },
    },
    deleted: final("Gone from the panel and the landing page; the row and its history stay."),
  },
});
