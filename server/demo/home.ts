import { BannerUploadQuery } from "../../src/api/home.ts";
import type { Queryable } from "../db/database.ts";
import type { CommandOptions } from "../events/command.ts";
import { type Layer, paintLandscape, type Scene, type Size } from "./landscape.ts";
import { idsByName } from "./byName.ts";
import type { Rgb } from "./png.ts";
import { detectImage } from "../uploads/images.ts";
import type { UploadedImage } from "../uploads/store.ts";
import { type BannerTexts, createBanner } from "../home/banners.ts";
import { createCallAction } from "../home/callActions.ts";
import { recommendationsVersion, setRecommendations } from "../home/recommendations.ts";
import { itineraryRecord } from "../itineraries/projection.ts";

/** A wide carousel slide. */
export const BANNER_SIZE: Size = { width: 1280, height: 600 };

const HORIZON = 380;

const sunset = { skyTop: [45, 50, 130], skyBottom: [250, 150, 80] } as const;
const noon = { skyTop: [40, 120, 210], skyBottom: [185, 225, 245] } as const;
const dusk = { skyTop: [70, 40, 110], skyBottom: [240, 120, 120] } as const;

const sunAt = (x: number, y: number, color: Rgb = [255, 215, 120]) => ({ x, y, radius: 60, color });

/** Open sea to the horizon with volcanic islands on it, as seen from a yacht's deck. */
const islands = (sea: Rgb, land: Rgb, shapes: ReadonlyArray<{ x: number; width: number; height: number }>): ReadonlyArray<Layer> => [
  { kind: "sea", color: sea, base: HORIZON },
  ...shapes.map(({ x, width, height }) => ({ kind: "island", color: land, base: HORIZON + 1, height, x, width }) as const),
];

/** Three banners, two pictures each for the carousel, painted here: nothing is downloaded. */
export const demoBanners: ReadonlyArray<
  BannerTexts & {
    /** Each picture's alternative text, Spanish and English, in the order of `scenes`. */
    readonly imageAlts: ReadonlyArray<string>;
    readonly imageAltsEn: ReadonlyArray<string>;
    readonly scenes: ReadonlyArray<Omit<Scene, "seed">>;
  }
> = [
  {
    title: "Galápagos a bordo",
    text: "Cruceros de 4 a 8 días por las Islas Encantadas",
    textTwo: "Yates de primera clase con guías naturalistas",
    titleEn: "Galápagos aboard",
    textEn: "Cruises of 4 to 8 days around the Enchanted Isles",
    textTwoEn: "First-class yachts with naturalist guides",
    imageAlts: ["Ilustración de islas volcánicas al atardecer", "Ilustración de una isla verde en un mar turquesa a mediodía"],
    imageAltsEn: ["Drawing of volcanic islands at sunset", "Drawing of a green island in a turquoise sea at noon"],
    scenes: [
      {
        ...sunset,
        sun: sunAt(880, 360, [255, 190, 90]),
        layers: islands([40, 70, 120], [45, 40, 45], [
          { x: 360, width: 560, height: 130 },
          { x: 1080, width: 220, height: 50 },
        ]),
      },
      {
        ...noon,
        sun: sunAt(1050, 110),
        layers: islands([20, 120, 170], [120, 95, 70], [
          { x: 620, width: 760, height: 170 },
          { x: 160, width: 180, height: 40 },
        ]),
      },
    ],
  },
  {
    title: "Descubra el Ecuador",
    text: "Costa, Sierra, Oriente y Galápagos en un solo viaje",
    textTwo: "Salidas desde Quito, Guayaquil y Manta",
    titleEn: "Discover Ecuador",
    textEn: "Coast, Andes, Amazon and Galápagos in a single trip",
    textTwoEn: "Departures from Quito, Guayaquil and Manta",
    imageAlts: ["Ilustración de montañas nevadas sobre valles verdes", "Ilustración de una playa de arena frente al mar"],
    imageAltsEn: ["Drawing of snow-capped mountains above green valleys", "Drawing of a sandy beach by the sea"],
    scenes: [
      {
        ...noon,
        sun: sunAt(260, 120),
        layers: [
          { kind: "mountains", color: [225, 230, 240], base: 360, height: 250 },
          { kind: "mountains", color: [95, 115, 95], base: 440, height: 160 },
          { kind: "hills", color: [70, 130, 60], base: BANNER_SIZE.height, height: 120 },
        ],
      },
      {
        ...noon,
        sun: sunAt(980, 100),
        layers: [
          { kind: "hills", color: [80, 135, 85], base: HORIZON, height: 60 },
          { kind: "sea", color: [30, 125, 185], base: HORIZON },
          { kind: "hills", color: [235, 215, 160], base: BANNER_SIZE.height + 60, height: 120 },
        ],
      },
    ],
  },
  {
    title: "Ofertas de última hora",
    text: "Hasta 30 % de descuento en cruceros seleccionados",
    textTwo: "Cupos limitados: reserve hoy",
    titleEn: "Last-minute offers",
    textEn: "Up to 30 % off selected cruises",
    textTwoEn: "Limited berths: book today",
    imageAlts: ["Ilustración de una isla en el mar al anochecer", "Ilustración de dos islas bajo el sol poniente"],
    imageAltsEn: ["Drawing of an island in the sea at dusk", "Drawing of two islands under the setting sun"],
    scenes: [
      {
        ...dusk,
        sun: sunAt(420, 350, [255, 170, 110]),
        layers: islands([50, 55, 110], [35, 30, 45], [{ x: 980, width: 420, height: 110 }]),
      },
      {
        ...sunset,
        sun: sunAt(640, 370, [255, 200, 100]),
        layers: islands([35, 60, 115], [40, 35, 40], [
          { x: 220, width: 300, height: 70 },
          { x: 1120, width: 360, height: 95 },
        ]),
      },
    ],
  },
];

export const demoCallAction = {
  title: "Cotice su crucero",
  text: "Cuéntenos sus fechas y le enviamos una propuesta en menos de 24 horas.",
  buttonLabel: "Cotizar",
  titleEn: "Get a quote for your cruise",
  textEn: "Tell us your dates and we send you a proposal within 24 hours.",
  buttonLabelEn: "Get a quote",
  link: "https://example.com/cotizar",
} as const;

/** Demo destinations (server/demo/itineraries.ts) recommended on the home page, in this order. */
export const demoRecommendations = [
  "Galápagos: Isla Santa Cruz",
  "Quilotoa y Baños",
  "Cusco y Machu Picchu",
  "Cartagena de Indias",
] as const;

const folder = BannerUploadQuery.fields.images.literal;

const painted = (scene: Omit<Scene, "seed">, seed: number): UploadedImage => {
  const bytes = paintLandscape({ ...scene, seed }, BANNER_SIZE);
  const detected = detectImage(bytes);
  if (detected === null) throw new Error("a demo banner picture is not a PNG");
  return { bytes, detected };
};

/**
 * Adds the demo home content through the event store, in the seeding transaction and after the
 * demo destinations: the banners with their painted pictures, one call to action, and four
 * recommended destinations.
 */
export const seedDemoHome = async (tx: Queryable, options: CommandOptions): Promise<void> => {
  for (const [index, { scenes, ...texts }] of demoBanners.entries()) {
    const files = scenes.map((scene, picture) => painted(scene, 10 * (index + 1) + picture));
    await createBanner(tx, { ...texts, active: "true" }, { folder, files }, options);
  }
  await createCallAction(tx, { ...demoCallAction, active: true }, options);
  await setRecommendations(
    tx,
    { itineraries: await idsByName(tx, itineraryRecord.table, demoRecommendations), version: await recommendationsVersion(tx) },
    options,
  );
};
