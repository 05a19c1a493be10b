import { Schema } from "effect";
import { setup } from "xstate";

/**
 * What a home banner shows, as decided: texts trimmed, `images` the stored paths of its carousel
 * in order (uploads/home_page/<sha256>.<ext>). Create and update carry all of it, so each event
 * alone says what the banner became and a rebuild needs nothing else.
 */
export const BannerContent = Schema.Struct({
  title: Schema.String,
  text: Schema.String,
  textTwo: Schema.String,
  images: Schema.Array(Schema.String),
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

export const BannerEvent = Schema.Union([BannerCreate, BannerUpdate, BannerActivate, BannerDeactivate]);
export type BannerEvent = typeof BannerEvent.Type;

export const bannerMachine = setup({
  types: {
    context: {} as Record<string, never>,
    events: {} as BannerEvent,
  },
  guards: {
    isCreatedActive: ({ event }) => event.type === "banner.create" && event.active,
  },
}).createMachine({
  id: "banner",
  description: "A banner of the home page's carousel: its texts and images, shown on the landing page while active.",
  context: {},
  initial: "absent",
  states: {
    absent: {
      description: "No such banner yet.",
      on: {
        "banner.create": [
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
        "banner.update": {
          target: "active",
          description: "Its texts or images change: kept images in their new order, new ones after them.",
        },
        "banner.deactivate": { target: "inactive", description: "Taken off the landing page; kept in the panel." },
      },
    },
    inactive: {
      description: "Listed in the panel only.",
      on: {
        "banner.update": { target: "inactive", description: "Its texts or images change." },
        "banner.activate": { target: "active", description: "Shown on the landing page again." },
      },
    },
  },
});

const sampleContent: BannerContent = {
  title: "Galápagos a bordo",
  text: "Cruceros de 4 a 8 días",
  textTwo: "",
  images: [`uploads/home_page/${"a".repeat(64)}.png`],
};

/** One event per transition and guard branch, for the path-test generator. */
export const bannerMachineSampleEvents: ReadonlyArray<BannerEvent> = [
  { type: "banner.create", ...sampleContent, active: true },
  { type: "banner.create", ...sampleContent, active: false },
  { type: "banner.update", ...sampleContent, images: [] },
  { type: "banner.activate" },
  { type: "banner.deactivate" },
];
