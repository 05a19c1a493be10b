import type { RowValue } from "../../src/api/details.ts";
import { tableOf } from "../catalogues/storage.ts";
import { CABIN_COLUMNS, MAX_CABIN_X, MAX_CABIN_Y, PLAN_COLUMNS, PLAN_ROWS, type YachtPageName, type YachtPagePayload } from "../../src/api/yachtPages.ts";
import { cabins, decks, yachts } from "../../src/records/fleet.ts";
import { catalogues } from "../../src/records/index.ts";
import { captains, countries, guides } from "../../src/records/referenceData.ts";
import { yachtPageNamed } from "../../src/records/yachtPages.ts";
import { listItems } from "../catalogues/items.ts";
import type { Queryable } from "../db/database.ts";
import type { CommandOptions } from "../events/command.ts";
import type { UploadedImage } from "../uploads/store.ts";
import { saveYachtPage } from "../yachts/pages.ts";
import { encodeRgbPng, fillPixels, paintedOnce, type Rgb, setPixel } from "./png.ts";
import { idOf, idsByName } from "./byName.ts";

/** A colour that changes only from row to row: a gradient, planks across the picture. */
interface RowPaint {
  readonly row: (y: number) => Rgb;
}

/** A colour at a pixel: flat, varying from row to row, or from pixel to pixel (tiles, a deck plan). */
export type Paint = Rgb | RowPaint | ((x: number, y: number) => Rgb);

/** A filled shape of a picture, in pixels; a later shape covers an earlier one. */
export type Shape =
  | { readonly kind: "rect"; readonly left: number; readonly top: number; readonly right: number; readonly bottom: number; readonly paint: Paint }
  | { readonly kind: "ellipse"; readonly cx: number; readonly cy: number; readonly rx: number; readonly ry: number; readonly paint: Paint };

export const rect = (left: number, top: number, right: number, bottom: number, paint: Paint): Shape => ({ kind: "rect", left, top, right, bottom, paint });
export const ellipse = (cx: number, cy: number, rx: number, ry: number, paint: Paint): Shape => ({ kind: "ellipse", cx, cy, rx, ry, paint });

const insideEllipse = (shape: Extract<Shape, { kind: "ellipse" }>, x: number, y: number): boolean =>
  ((x - shape.cx) / shape.rx) ** 2 + ((y - shape.cy) / shape.ry) ** 2 <= 1;

const mix = (a: Rgb, b: Rgb, t: number): Rgb => {
  const along = Math.min(1, Math.max(0, t));
  return [Math.round(a[0] + (b[0] - a[0]) * along), Math.round(a[1] + (b[1] - a[1]) * along), Math.round(a[2] + (b[2] - a[2]) * along)];
};

const darker = (colour: Rgb, factor: number): Rgb => mix([0, 0, 0], colour, factor);

/** A paint that changes only from row to row, each row's colour worked out once for every shape painted with it. */
const byRow = (colourAt: (y: number) => Rgb): RowPaint => {
  const rows = new Map<number, Rgb>();
  return {
    row: (y) => {
      const known = rows.get(y);
      if (known !== undefined) return known;
      const colour = colourAt(y);
      rows.set(y, colour);
      return colour;
    },
  };
};

/** A gradient from `from` at row `top` to `to` at row `bottom`. */
export const vertical = (from: Rgb, to: Rgb, top: number, bottom: number): Paint => byRow((y) => mix(from, to, (y - top) / (bottom - top)));

/** Boards `width` pixels wide running across the picture, each a shade of its own: a teak deck, a parquet. */
const planks = (wood: Rgb, width: number): Paint =>
  byRow((y) => (y % width === 0 ? darker(wood, 0.72) : darker(wood, 0.9 + ((Math.floor(y / width) * 37) % 10) / 100)));

const grout: Rgb = [236, 236, 232];

const tiles =
  (tile: Rgb, size: number): Paint =>
  (x, y) =>
    x % size < 2 || y % size < 2 ? grout : tile;

/** Sky down to the horizon at row `horizon`, then the sea, darker towards the viewer. */
const seaView = (horizon: number): Paint =>
  byRow((y) => (y < horizon ? mix([90, 160, 225], [200, 230, 248], y / horizon) : mix([40, 125, 175], [20, 70, 120], (y - horizon) / 90)));

/** What encodeRgbPng writes: no need to sniff the bytes it just made. */
const PNG = { mime: "image/png", ext: "png" } as const;

/**
 * The pixels a shape may cover, within the picture: a rectangle's own (the columns and rows from
 * its first whole pixel), an ellipse's bounding box.
 */
const boxOf = (shape: Shape, width: number, height: number) => {
  const [left, top, right, bottom] =
    shape.kind === "rect"
      ? [Math.ceil(shape.left), Math.ceil(shape.top), shape.right, shape.bottom]
      : [Math.floor(shape.cx - shape.rx), Math.floor(shape.cy - shape.ry), shape.cx + shape.rx + 1, shape.cy + shape.ry + 1];
  return { left: Math.max(0, left), top: Math.max(0, top), right: Math.min(width, Math.ceil(right)), bottom: Math.min(height, Math.ceil(bottom)) };
};

/** Paints the pixels `from` to `to` (excluded) of row `y`, those `inside` says, with `paint`. */
const paintRow = (pixels: Uint8Array, width: number, y: number, from: number, to: number, paint: Paint, inside?: (x: number) => boolean): void => {
  if (typeof paint === "function") {
    for (let x = from; x < to; x += 1) if (inside === undefined || inside(x)) setPixel(pixels, width, x, y, paint(x, y));
    return;
  }
  const colour = "row" in paint ? paint.row(y) : paint;
  if (inside === undefined) fillPixels(pixels, y * width + from, to - from, colour);
  else for (let x = from; x < to; x += 1) if (inside(x)) setPixel(pixels, width, x, y, colour);
};

/**
 * The background, then each shape over what came before it, within its own box, row by row: each
 * pixel ends the colour of the last shape that covers it, or the background's. A rectangle covers
 * its whole box; only an ellipse asks at each pixel (decision 110).
 */
export const picture = (width: number, height: number, background: Paint, shapes: ReadonlyArray<Shape>): UploadedImage => {
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) paintRow(pixels, width, y, 0, width, background);
  for (const shape of shapes) {
    const box = boxOf(shape, width, height);
    for (let y = box.top; y < box.bottom; y += 1) {
      const inside = shape.kind === "ellipse" ? (x: number) => insideEllipse(shape, x, y) : undefined;
      paintRow(pixels, width, y, box.left, box.right, shape.paint, inside);
    }
  }
  return { bytes: encodeRgbPng(width, height, pixels), detected: PNG };
};

const PHOTO_WIDTH = 480;
const PHOTO_HEIGHT = 320;
const linen: Rgb = [247, 246, 242];
const wood: Rgb = [176, 122, 76];
const teak: Rgb = [196, 146, 96];
const cream: Paint = vertical([240, 233, 219], [214, 203, 184], 0, PHOTO_HEIGHT);

/** A window onto the sea, framed in white. */
const window = (left: number, top: number, right: number, bottom: number): ReadonlyArray<Shape> => [
  rect(left - 6, top - 6, right + 6, bottom + 6, [250, 250, 248]),
  rect(left, top, right, bottom, seaView(top + (bottom - top) * 0.55)),
];

/** A bed seen from its foot: headboard, mattress, two pillows or one, and a throw in the yacht's colour. */
const bed = (left: number, right: number, accent: Rgb): ReadonlyArray<Shape> => {
  const middle = (left + right) / 2;
  const pillows = right - left > 200 ? [middle - (right - left) / 4, middle + (right - left) / 4] : [middle];
  return [
    rect(left + 10, 130, right - 10, 205, darker(accent, 0.55)),
    rect(left, 195, right, 272, vertical(linen, [222, 220, 214], 195, 272)),
    ...pillows.map((x) => ellipse(x, 196, Math.min(48, (right - left) / 4 - 6), 15, [252, 252, 250])),
    rect(left, 236, right, 262, accent),
  ];
};

const cabinPhoto = paintedOnce(
  (accent: Rgb, twin: boolean): UploadedImage =>
    picture(PHOTO_WIDTH, PHOTO_HEIGHT, cream, [
      rect(0, 262, PHOTO_WIDTH, PHOTO_HEIGHT, planks(wood, 12)),
      ...(twin ? window(190, 48, 290, 118) : window(318, 44, 452, 150)),
      ...(twin ? [...bed(24, 180, accent), ...bed(300, 456, accent)] : bed(40, 300, accent)),
      rect(twin ? 210 : 330, 212, twin ? 270 : 400, 272, darker(wood, 0.8)),
      ellipse(twin ? 240 : 365, 190, 20, 15, [252, 226, 160]),
    ]),
);

const bathroomPhoto = paintedOnce(
  (accent: Rgb): UploadedImage =>
    picture(PHOTO_WIDTH, PHOTO_HEIGHT, tiles([206, 226, 228], 40), [
      ellipse(170, 110, 70, 80, [214, 222, 226]),
      ellipse(170, 110, 62, 72, vertical([236, 244, 248], [186, 204, 214], 38, 182)),
      rect(60, 205, 290, 225, darker(wood, 0.85)),
      rect(70, 225, 280, PHOTO_HEIGHT, darker(wood, 0.7)),
      ellipse(170, 206, 56, 12, [250, 250, 250]),
      rect(165, 180, 175, 200, [190, 196, 200]),
      rect(320, 20, 460, PHOTO_HEIGHT, vertical([226, 238, 242], [204, 222, 230], 20, PHOTO_HEIGHT)),
      rect(320, 20, 324, PHOTO_HEIGHT, [190, 196, 200]),
      rect(300, 140, 316, 250, accent),
    ]),
);

/** The sun deck: sea and an island on the horizon beyond the rail, loungers on the teak. */
const sunDeckPhoto = paintedOnce(
  (accent: Rgb): UploadedImage =>
    picture(PHOTO_WIDTH, PHOTO_HEIGHT, seaView(150), [
      ellipse(96, 56, 22, 22, [255, 244, 200]),
      ellipse(350, 152, 90, 26, [92, 84, 78]),
      rect(0, 151, PHOTO_WIDTH, 222, vertical([40, 125, 175], [24, 84, 132], 151, 222)),
      rect(0, 222, PHOTO_WIDTH, PHOTO_HEIGHT, planks(teak, 10)),
      rect(0, 196, PHOTO_WIDTH, 201, [214, 218, 222]),
      ...[20, 110, 200, 290, 380, 470].map((x) => rect(x, 196, x + 4, 224, [214, 218, 222])),
      ...[40, 250].flatMap((left) => [
        rect(left, 262, left + 170, 292, linen),
        rect(left + 6, 266, left + 164, 288, accent),
        rect(left + 120, 246, left + 170, 266, accent),
      ]),
      ellipse(220, 120, 70, 18, [250, 248, 240]),
      rect(218, 120, 222, 270, [200, 200, 196]),
    ]),
);

/**
 * The yacht at anchor, seen from the side: a white hull with a stripe in its colour, two decks of
 * windows, an island on the horizon. The yacht's picture in its form and, later, its public page.
 */
export const yachtPicture = paintedOnce((colour: string): UploadedImage => {
  const accent = fromHex(colour);
  const white: Rgb = [246, 247, 248];
  return picture(PHOTO_WIDTH, PHOTO_HEIGHT, seaView(170), [
    ellipse(400, 168, 70, 18, [104, 112, 96]),
    rect(0, 171, PHOTO_WIDTH, PHOTO_HEIGHT, vertical([40, 125, 175], [20, 70, 120], 171, PHOTO_HEIGHT)),
    ellipse(240, 232, 200, 14, [28, 84, 128]),
    rect(60, 190, 400, 226, white),
    ellipse(400, 190, 50, 36, white),
    rect(60, 212, 440, 220, accent),
    rect(110, 158, 360, 190, white),
    rect(160, 132, 310, 158, white),
    ...[130, 170, 210, 250, 290, 330].map((x) => rect(x, 168, x + 22, 180, [52, 72, 96])),
    ...[180, 220, 260].map((x) => rect(x, 140, x + 26, 150, [52, 72, 96])),
    rect(232, 96, 236, 132, [120, 124, 128]),
  ]);
});

/**
 * The demo company's emblem: a sun over two waves in a navy disc, on white; `wide` leaves room on
 * its right as a letterhead's logo does. Its logo, principal logo and icon on vouchers and reports.
 */
export const companyEmblem = paintedOnce((wide: boolean): UploadedImage => {
  const size = 160;
  const navy: Rgb = [15, 59, 94];
  const sea: Rgb = [46, 134, 193];
  const centre = size / 2;
  return picture(wide ? size * 3 : size, size, [255, 255, 255], [
    ellipse(centre, centre, 70, 70, navy),
    ellipse(centre, 66, 24, 24, [246, 196, 68]),
    rect(28, 92, 132, 102, sea),
    rect(38, 110, 122, 118, sea),
    ...(wide ? [rect(size + 10, 56, size * 3 - 20, 80, navy), rect(size + 10, 92, size * 2 + 40, 104, sea)] : []),
  ]);
});

/** The lounge: a sofa in the yacht's colour before windows onto the sea. */
const loungePhoto = paintedOnce(
  (accent: Rgb): UploadedImage =>
    picture(PHOTO_WIDTH, PHOTO_HEIGHT, cream, [
      rect(0, 258, PHOTO_WIDTH, PHOTO_HEIGHT, [186, 170, 150]),
      rect(14, 46, 466, 170, [250, 250, 248]),
      ...[20, 132, 244, 356].map((left) => rect(left, 52, left + 104, 164, seaView(100))),
      rect(40, 176, 340, 214, darker(accent, 0.75)),
      rect(30, 206, 350, 262, accent),
      ...[90, 190, 290].map((x) => rect(x - 40, 188, x + 40, 220, darker(accent, 0.85))),
      ellipse(240, 288, 90, 16, darker(wood, 0.8)),
      rect(390, 150, 440, 262, darker(wood, 0.75)),
      ellipse(415, 140, 26, 20, [252, 226, 160]),
    ]),
);

/** The dining room: set tables before the windows. */
const diningPhoto = paintedOnce(
  (accent: Rgb): UploadedImage =>
    picture(PHOTO_WIDTH, PHOTO_HEIGHT, cream, [
      rect(0, 250, PHOTO_WIDTH, PHOTO_HEIGHT, planks(wood, 14)),
      rect(10, 40, 470, 160, [250, 250, 248]),
      ...[16, 168, 320].map((left) => rect(left, 46, left + 144, 154, seaView(96))),
      ...[120, 360].flatMap((x) => [
        rect(x - 70, 176, x - 40, 250, darker(accent, 0.8)),
        rect(x + 40, 176, x + 70, 250, darker(accent, 0.8)),
        rect(x - 6, 236, x + 6, 290, [120, 110, 100]),
        ellipse(x, 232, 82, 22, linen),
        ellipse(x - 30, 226, 10, 4, [230, 236, 240]),
        ellipse(x + 30, 226, 10, 4, [230, 236, 240]),
      ]),
    ]),
);

/** A deck plan is as wide as the cabins' grid is, 20 pixels a grid unit. */
const UNIT = 20;
const PLAN_WIDTH = PLAN_COLUMNS * UNIT;
const PLAN_HEIGHT = PLAN_ROWS * UNIT;
const STERN = 12;
const BOW = PLAN_WIDTH - 8;
const MIDSHIP = PLAN_HEIGHT / 2;
const sea: Rgb = [214, 236, 244];
const wave: Rgb = [196, 226, 238];
/** The hull or the deck below, where this deck does not reach. */
const below: Rgb = [232, 234, 236];
const corridor: Rgb = [240, 228, 206];

/** How far the hull reaches from the centre line at `x`: parallel sides, then an elliptic bow. */
const hullHalfWidth = (x: number, bowFrom: number, half: number): number => {
  if (x < STERN || x > BOW) return -1;
  if (x <= bowFrom) return half;
  return half * Math.sqrt(1 - ((x - bowFrom) / (BOW - bowFrom)) ** 2);
};

/**
 * How far (x, y) lies inside the hull's edge seen from above, negative outside it: one hull, or a
 * catamaran's two joined by the deck.
 */
const onHull = (x: number, y: number, twin: boolean): number => {
  if (!twin) return hullHalfWidth(x, 620, MIDSHIP - 8) - Math.abs(y - MIDSHIP);
  const platform = x >= STERN && x <= 760 ? MIDSHIP - 8 - Math.abs(y - MIDSHIP) : -1;
  const pontoon = hullHalfWidth(x, 700, 54);
  return Math.max(platform, pontoon - Math.abs(y - 62), pontoon - Math.abs(y - (PLAN_HEIGHT - 62)));
};

/**
 * A deck seen from above: the hull outlined in the yacht's colour on the sea, the deck's teak over
 * the part of the hull it covers (an upper deck is shorter than the one below it) and a corridor
 * along the centre line between the two rows of cabins the deck_schema page draws.
 */
const deckPlan = paintedOnce((accent: Rgb, twin: boolean, level: number): UploadedImage => {
  const deckFrom = STERN + level * 90;
  const deckTo = BOW - level * 70;
  const outline = darker(accent, 0.8);
  const seam = darker(teak, 0.8);
  return picture(
    PLAN_WIDTH,
    PLAN_HEIGHT,
    (x, y) => {
      const inside = onHull(x, y, twin);
      if (inside < 0) return (x + 3 * y) % 46 === 0 ? wave : sea;
      if (inside < 5 || x < STERN + 5) return outline;
      if (x < deckFrom || x > deckTo) return below;
      if (Math.abs(y - MIDSHIP) < 22) return corridor;
      return y % 10 === 0 ? seam : teak;
    },
    [],
  );
});

const fromHex = (colour: string): Rgb => {
  const value = Number.parseInt(colour.replace("#", ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

/** One line of a page's equipment list. */
const lines = (items: ReadonlyArray<string>): ReadonlyArray<RowValue> => items.map((item) => ({ item }));

interface CrewMember {
  readonly name: string;
  readonly role: string;
  /** The country's Spanish name in the reference list. */
  readonly nationality: "Ecuador" | "Colombia" | "Perú";
}

/** What each demo yacht's pages say, by the yacht's name (server/demo/fleet.ts). */
interface DemoPages {
  readonly name: string;
  readonly twinHulls: boolean;
  readonly technical: {
    readonly length: number;
    readonly beam: number;
    readonly draft: number;
    readonly speed: number;
    readonly engines: string;
    readonly builtYear: number;
    readonly refittedYear: number;
    readonly crewCount: number;
  };
  readonly accommodations: string;
  readonly socialAreas: string;
  readonly safety: ReadonlyArray<string>;
  readonly machinery: ReadonlyArray<string>;
  readonly captain: string;
  /** Guides by their first name, as the demo's reference data names them. */
  readonly guides: ReadonlyArray<string>;
  readonly crew: ReadonlyArray<CrewMember>;
}

const demoPages: ReadonlyArray<DemoPages> = [
  {
    name: "Galápagos Explorer",
    twinHulls: false,
    technical: {
      length: 35.5,
      beam: 7.6,
      draft: 2.3,
      speed: 10,
      engines: "2 × Caterpillar C18 de 715 HP",
      builtYear: 2004,
      refittedYear: 2019,
      crewCount: 9,
    },
    accommodations:
      "Ocho cabinas para 16 huéspedes en tres cubiertas, todas exteriores y con baño privado, agua caliente, aire acondicionado regulable, caja fuerte y secador de cabello. En la cubierta superior, dos suites con cama matrimonial y ventanal panorámico; la cabina 2 es familiar, con una litera adicional para un niño.\n\n" +
      "En la cubierta principal, cuatro cabinas con dos camas individuales que pueden unirse; en la inferior, una cabina con literas y una individual, ideal para quien viaja solo. La limpieza se hace dos veces al día, mientras los huéspedes están en las visitas.",
    socialAreas:
      "El salón principal, climatizado y con ventanales a ambos lados, reúne al grupo cada tarde para la charla del guía naturalista sobre la visita del día siguiente, con pantalla para presentaciones y una pequeña biblioteca sobre la flora y la fauna de las islas. A popa, el comedor sirve desayuno buffet, almuerzo y cena con cocina ecuatoriana e internacional.\n\n" +
      "El solárium de la cubierta superior tiene tumbonas, zona de sombra y un bar al aire libre: el lugar para ver el atardecer frente a Bartolomé.",
    safety: [
      "2 balsas salvavidas autoinflables para 20 personas cada una",
      "Radiobaliza EPIRB con GPS integrado",
      "Radio VHF marina con llamada selectiva digital (DSC) y 2 radios VHF portátiles",
      "Radio SSB para el enlace con la Capitanía de Puerto Ayora",
      "Teléfono satelital Iridium",
      "Sistema fijo de extinción por CO₂ en la sala de máquinas y extintores en cada cubierta",
      "Botiquín de primeros auxilios y equipo de oxígeno medicinal",
      "Chalecos salvavidas para adultos y niños en cada cabina",
    ],
    machinery: [
      "2 motores principales Caterpillar C18 de 715 HP",
      "2 generadores Northern Lights de 55 kW",
      "Potabilizadora por ósmosis inversa de 4.000 litros diarios",
      "Estabilizadores de aletas Naiad",
      "Planta de tratamiento de aguas residuales aprobada por el Parque Nacional Galápagos",
      "Aire acondicionado central con control en cada cabina",
    ],
    captain: "Fausto",
    guides: ["Juan", "Ana"],
    crew: [
      { name: "Segundo Tomalá", role: "Primer oficial", nationality: "Ecuador" },
      { name: "Byron Chalén", role: "Ingeniero", nationality: "Ecuador" },
      { name: "Walter Pincay", role: "Marinero", nationality: "Ecuador" },
      { name: "Jefferson Quimí", role: "Marinero", nationality: "Ecuador" },
      { name: "Patricio Loor", role: "Chef", nationality: "Ecuador" },
      { name: "Darwin Villón", role: "Ayudante de cocina", nationality: "Ecuador" },
      { name: "Mayra Cedeño", role: "Camarera", nationality: "Ecuador" },
      { name: "Kevin Yagual", role: "Barman", nationality: "Ecuador" },
    ],
  },
  {
    name: "Sea Lion",
    twinHulls: true,
    technical: {
      length: 29.8,
      beam: 12.6,
      draft: 1.45,
      speed: 11,
      engines: "2 × John Deere 6090 de 375 HP",
      builtYear: 2011,
      refittedYear: 2021,
      crewCount: 8,
    },
    accommodations:
      "Ocho cabinas para 16 huéspedes. En la cubierta principal, cuatro cabinas con dos camas individuales y ventanal al mar; en los cascos, tres cabinas con cama matrimonial y una cabina familiar con literas. Todas tienen baño privado con ducha de agua caliente, aire acondicionado y caja fuerte.\n\n" +
      "La estabilidad del catamarán hace tranquilas las navegaciones nocturnas entre islas, aun para quienes se marean con facilidad.",
    socialAreas:
      "Salón y comedor comparten una planta abierta hacia la popa, desde donde se embarca a las pangas para los desembarques y el snorkel. El flybridge techado tiene tumbonas, hamacas y un bar con vista de 360 grados para avistar delfines y aves marinas durante las navegaciones.\n\n" +
      "A bordo hay equipo de snorkel, trajes de neopreno y kayaks dobles para los huéspedes.",
    safety: [
      "2 balsas salvavidas autoinflables para 12 personas cada una",
      "Radiobaliza EPIRB con GPS integrado",
      "Radio VHF marina con DSC y radios VHF portátiles para las pangas",
      "Teléfono satelital Iridium",
      "Detectores de humo en cabinas y extintores en cada cubierta",
      "Botiquín de primeros auxilios y desfibrilador externo automático",
    ],
    machinery: [
      "2 motores principales John Deere 6090 de 375 HP, uno en cada casco",
      "2 generadores Onan de 27 kW",
      "Potabilizadora por ósmosis inversa de 2.500 litros diarios",
      "Planta de tratamiento de aguas residuales",
      "2 pangas con motores fuera de borda Yamaha de 40 HP",
    ],
    captain: "Wilson",
    guides: ["Lucía", "Carlos"],
    crew: [
      { name: "Ángel Zambrano", role: "Primer oficial", nationality: "Ecuador" },
      { name: "Luis Alcívar", role: "Ingeniero", nationality: "Ecuador" },
      { name: "Marlon Yagual", role: "Marinero", nationality: "Ecuador" },
      { name: "Héctor Moreira", role: "Marinero", nationality: "Ecuador" },
      { name: "Rosa Macías", role: "Chef", nationality: "Ecuador" },
      { name: "Jimmy Tigrero", role: "Camarero", nationality: "Ecuador" },
      { name: "Andrea Suárez", role: "Camarera", nationality: "Ecuador" },
    ],
  },
  {
    name: "Darwin Star",
    twinHulls: false,
    technical: {
      length: 42.5,
      beam: 8.4,
      draft: 2.6,
      speed: 12,
      engines: "2 × MTU 12V 2000 de 1.080 HP",
      builtYear: 2008,
      refittedYear: 2022,
      crewCount: 11,
    },
    accommodations:
      "Diez cabinas para 20 huéspedes. Dos suites con cama matrimonial y balcón privado en la cubierta superior; seis cabinas con dos camas individuales en la cubierta principal, y dos con literas en la inferior, la 10 comunicada para familias. Todas son exteriores, con baño privado, aire acondicionado, caja fuerte y amenidades biodegradables.\n\n" +
      "Las cabinas de la cubierta principal tienen ventanas rectangulares y las de la inferior, ojos de buey.",
    socialAreas:
      "Salón con bar y biblioteca, comedor con mesas para seis y terraza a popa para las comidas al aire libre. En la cubierta de sol, tumbonas, jacuzzi y un pequeño gimnasio con vista al mar.\n\n" +
      "Cada tarde el guía naturalista presenta la visita siguiente en el salón; el equipo de snorkel, los trajes de neopreno y los kayaks están a disposición de los huéspedes.",
    safety: [
      "3 balsas salvavidas autoinflables para 20 personas cada una",
      "Radiobaliza EPIRB y respondedor de radar SART",
      "Radio VHF marina con DSC y radio SSB",
      "Teléfono satelital Iridium e internet satelital en el salón",
      "Radar Furuno y sistema de identificación automática (AIS)",
      "Sistema fijo de extinción por CO₂ en la sala de máquinas y detectores de humo en cabinas",
      "Botiquín de primeros auxilios, oxígeno y desfibrilador externo automático",
    ],
    machinery: [
      "2 motores principales MTU 12V 2000 de 1.080 HP",
      "2 generadores John Deere de 99 kW",
      "2 potabilizadoras por ósmosis inversa de 5.000 litros diarios",
      "Estabilizadores de aletas con giroscopio",
      "Planta de tratamiento de aguas residuales y compactador de basura",
      "Aire acondicionado central con control en cada cabina",
    ],
    captain: "Jaime",
    guides: ["Diego", "Ana", "Carlos"],
    crew: [
      { name: "Freddy Villón", role: "Primer oficial", nationality: "Ecuador" },
      { name: "Galo Espinoza", role: "Jefe de máquinas", nationality: "Ecuador" },
      { name: "Édison Bravo", role: "Ingeniero", nationality: "Ecuador" },
      { name: "Wilmer Cruz", role: "Marinero", nationality: "Ecuador" },
      { name: "Stalin Vera", role: "Marinero", nationality: "Ecuador" },
      { name: "Óscar Mendoza", role: "Chef", nationality: "Perú" },
      { name: "Jorge Carrión", role: "Ayudante de cocina", nationality: "Ecuador" },
      { name: "Karina Andrade", role: "Camarera", nationality: "Ecuador" },
      { name: "Richard Pincay", role: "Camarero", nationality: "Ecuador" },
      { name: "Tatiana Loor", role: "Barman", nationality: "Ecuador" },
    ],
  },
  {
    name: "Islas Encantadas",
    twinHulls: false,
    technical: {
      length: 88.6,
      beam: 14.2,
      draft: 4.1,
      speed: 13.5,
      engines: "2 × Wärtsilä 8L20 de 1.600 kW",
      builtYear: 1998,
      refittedYear: 2017,
      crewCount: 68,
    },
    accommodations:
      "Cincuenta cabinas exteriores para 100 huéspedes en cuatro cubiertas. En la cubierta 4, diez cabinas con cama matrimonial y ventanal panorámico; en las cubiertas 3 y 2, treinta cabinas con dos camas individuales; en la cubierta 1, diez cabinas con literas a precio económico.\n\n" +
      "Todas tienen baño privado, aire acondicionado, teléfono interno, caja fuerte y televisor con los documentales del barco. Dos ascensores unen las cubiertas de pasajeros.",
    socialAreas:
      "El barco tiene dos restaurantes, uno con buffet y otro a la carta, un auditorio para 100 personas donde los naturalistas dan las charlas diarias, biblioteca, tienda de recuerdos y un bar panorámico en la cubierta 4.\n\n" +
      "En la cubierta de sol hay piscina, jacuzzi, tumbonas y zona de sombra; a popa, la plataforma de embarque de las pangas y el centro de snorkel con equipo para todos los huéspedes.",
    safety: [
      "4 botes salvavidas cerrados para 60 personas y 2 botes de rescate",
      "6 balsas salvavidas autoinflables para 25 personas cada una",
      "Sistema GMDSS con radiobaliza EPIRB, respondedores SART y radios VHF y MF/HF",
      "Internet y teléfono satelital en el puente",
      "Radar, carta electrónica ECDIS y sistema de identificación automática (AIS)",
      "Rociadores automáticos en cabinas y áreas sociales, puertas cortafuegos y sistema de CO₂ en máquinas",
      "Enfermería con médico a bordo las 24 horas",
    ],
    machinery: [
      "2 motores principales Wärtsilä 8L20 de 1.600 kW",
      "3 generadores Caterpillar de 500 kW y un generador de emergencia",
      "Estabilizadores de aletas retráctiles",
      "2 potabilizadoras por ósmosis inversa de 40.000 litros diarios",
      "Planta de tratamiento de aguas residuales e incinerador de residuos",
      "Propulsor de proa para maniobrar en las bahías",
      "8 pangas con motores fuera de borda de 60 HP",
    ],
    captain: "Marco",
    guides: ["Juan", "Diego", "Lucía"],
    crew: [
      { name: "Ramiro Guerrero", role: "Primer oficial", nationality: "Ecuador" },
      { name: "Víctor Ramírez", role: "Segundo oficial", nationality: "Ecuador" },
      { name: "Nelson Macías", role: "Jefe de máquinas", nationality: "Ecuador" },
      { name: "Fabián Cedeño", role: "Ingeniero", nationality: "Ecuador" },
      { name: "Paola Moreira", role: "Médica de a bordo", nationality: "Ecuador" },
      { name: "Esteban Suárez", role: "Jefe de hotel", nationality: "Ecuador" },
      { name: "Camilo Ospina", role: "Chef ejecutivo", nationality: "Colombia" },
      { name: "Gabriela Tomalá", role: "Jefa de camareros", nationality: "Ecuador" },
      { name: "Washington Chalén", role: "Contramaestre", nationality: "Ecuador" },
      { name: "Jonathan Quimí", role: "Marinero", nationality: "Ecuador" },
    ],
  },
];

/** Cabins a deck can hold along each side: as many boxes as fit side by side across the plan. */
const CABINS_PER_SIDE = Math.floor(MAX_CABIN_X / CABIN_COLUMNS) + 1;

/**
 * A deck's cabins in two rows along the hull, as a real deck plan draws them: odd positions on one
 * side and even on the other, a corridor between, the rows centred fore and aft.
 */
const alongTheHull = (deck: string, cabinIds: ReadonlyArray<number>): ReadonlyArray<RowValue> => {
  const perSide = Math.ceil(cabinIds.length / 2);
  if (perSide > CABINS_PER_SIDE) throw new Error(`the demo's ${deck} has more cabins than two rows of its plan hold`);
  const first = Math.floor((MAX_CABIN_X - (perSide - 1) * CABIN_COLUMNS) / 2);
  return cabinIds.map((cabin, index) => ({ cabin, x: first + Math.floor(index / 2) * CABIN_COLUMNS, y: index % 2 === 0 ? 0 : MAX_CABIN_Y }));
};

/** `new:0` to `new:<count - 1>`: a page's files, in the order they are given. */
const newImages = (count: number): string[] => Array.from({ length: count }, (_, index) => `new:${index}`);

/**
 * Fills the eight pages of each demo yacht through saveYachtPage, in the seeding transaction and
 * after the fleet (its decks and cabins) and the reference data (captains, guides, countries):
 * events and read tables are written as a marketing user's saves would write them. The photos
 * and deck plans are painted here, in the yacht's calendar colour.
 */
export const seedDemoYachtPages = async (tx: Queryable, options: CommandOptions): Promise<void> => {
  const countryNames = ["Ecuador", "Colombia", "Perú"] as const;
  const countryIds = await idsByName(tx, tableOf(countries), countryNames);
  const nationalities = new Map(countryNames.map((name, index) => [name, countryIds[index] ?? 0]));
  const fleet = await listItems(tx, yachts);
  for (const demo of demoPages) {
    const yacht = fleet.find((item) => item.name === demo.name);
    if (yacht === undefined) throw new Error(`the demo needs the yacht '${demo.name}'`);
    const accent = fromHex(String(yacht.colour));
    // listItems answers by name: the decks go from the top, the cabins by number
    const yachtDecks = (await listItems(tx, decks, { yachtId: yacht.id })).toSorted((a, b) => Number(a.order) - Number(b.order));
    const yachtCabins = (await listItems(tx, cabins, { yachtId: yacht.id })).toSorted((a, b) => Number(a.name) - Number(b.name));
    const save = (page: YachtPageName, payload: Omit<YachtPagePayload, "version">, files: ReadonlyArray<UploadedImage> = []) =>
      saveYachtPage(tx, yachtPageNamed(page), yacht.id, { ...payload, version: 0 }, files, options, catalogues);

    await save("technical_info", { ...demo.technical, flag: "Ecuador" });
    const rooms = [cabinPhoto(accent, false), cabinPhoto(accent, true), bathroomPhoto(accent)];
    await save("guests_accomodations", { description: demo.accommodations, photos: newImages(rooms.length) }, rooms);
    const social = [sunDeckPhoto(accent), loungePhoto(accent), diningPhoto(accent)];
    await save("social_areas", { description: demo.socialAreas, photos: newImages(social.length) }, social);
    await save("safety_communications", { items: lines(demo.safety) });
    await save("mechanic_equipment", { items: lines(demo.machinery) });
    // the top deck is the first: each deck below reaches further fore and aft
    const plans = yachtDecks.map((_, index) => deckPlan(accent, demo.twinHulls, yachtDecks.length - 1 - index));
    await save("deck_plan", { plans: yachtDecks.map((deck, index) => ({ deck: deck.id, plan: `new:${index}` })) }, plans);
    const positions = yachtDecks.flatMap((deck) => alongTheHull(deck.name, yachtCabins.filter((cabin) => cabin.deck === deck.id).map((cabin) => cabin.id)));
    await save("deck_schema", { positions });
    await save("crews_on_board", {
      captain: await idOf(tx, captains, demo.captain),
      guides: await idsByName(tx, tableOf(guides), demo.guides),
      crew: demo.crew.map(({ name, role, nationality }) => ({ name, role, nationality: nationalities.get(nationality) ?? 0 })),
    });
  }
};
