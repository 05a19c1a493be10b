import { encodeRgbPng, fillPixels, paintedOnce, type Rgb, setPixel } from "./png.ts";
import { seededRandom } from "./seededRandom.ts";

/** One band of scenery, drawn over what lies behind it. */
export type Layer =
  /** Peaks: sharp ridges of `height` pixels above `base`. */
  | { readonly kind: "mountains"; readonly color: Rgb; readonly base: number; readonly height: number }
  /** Rounded hills or forest canopy. */
  | { readonly kind: "hills"; readonly color: Rgb; readonly base: number; readonly height: number }
  /** Flat water from `base` down, darker with depth. */
  | { readonly kind: "sea"; readonly color: Rgb; readonly base: number }
  /** Buildings of random width and height up to `height` above `base`. */
  | { readonly kind: "skyline"; readonly color: Rgb; readonly base: number; readonly height: number }
  /** One island `width` pixels wide, centred on `x`, rising `height` above `base`, its waterline. */
  | {
      readonly kind: "island";
      readonly color: Rgb;
      readonly base: number;
      readonly height: number;
      readonly x: number;
      readonly width: number;
    };

export interface Scene {
  readonly skyTop: Rgb;
  readonly skyBottom: Rgb;
  readonly sun: { readonly x: number; readonly y: number; readonly radius: number; readonly color: Rgb };
  readonly layers: ReadonlyArray<Layer>;
  /** Varies the shapes between pictures painted with the same layers. */
  readonly seed: number;
}

export const WIDTH = 640;
export const HEIGHT = 400;

/** The picture's size in pixels; scene coordinates are pixels of it. */
export interface Size {
  readonly width: number;
  readonly height: number;
}

/** One channel of the colour `t` of the way from `a` to `b`. */
const between = (a: number, b: number, t: number): number => Math.round(a + (b - a) * t);

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [between(a[0], b[0], t), between(a[1], b[1], t), between(a[2], b[2], t)];


/** The top edge of a layer at each column: the layer covers every pixel below it. */
export const outline = (layer: Layer, next: () => number, size: Size): Float64Array => {
  const top = new Float64Array(size.width);
  const phase = next() * Math.PI * 2;
  const wobble = next() * Math.PI * 2;
  let building = 0;
  let roof = layer.base;
  for (let x = 0; x < size.width; x += 1) {
    switch (layer.kind) {
      case "mountains":
        top[x] =
          layer.base -
          layer.height * (0.65 * Math.abs(Math.sin(x / 97 + phase)) + 0.35 * Math.abs(Math.sin(x / 41 + wobble)));
        break;
      case "hills":
        top[x] = layer.base - layer.height * (0.5 + 0.3 * Math.sin(x / 70 + phase) + 0.2 * Math.sin(x / 23 + wobble));
        break;
      case "sea":
        top[x] = layer.base;
        break;
      case "skyline":
        if (building <= 0) {
          building = 14 + Math.floor(next() * 30);
          roof = layer.base - layer.height * (0.3 + 0.7 * next());
        }
        building -= 1;
        top[x] = roof;
        break;
      case "island": {
        const across = Math.min(1, Math.abs(x - layer.x) / (layer.width / 2));
        // A volcano's bell-shaped profile, slightly uneven; zero height beyond its shores.
        const bell = ((1 + Math.cos(Math.PI * across)) / 2) ** 0.7;
        top[x] = layer.base - layer.height * bell * (0.93 + 0.07 * Math.sin(x / 53 + phase));
        break;
      }
    }
  }
  return top;
};

/** Writes at `offset` of `pixels` the colour `mix(a, b, t)` answers, without making it. */
const blend = (pixels: Uint8Array, offset: number, a: Rgb, b: Rgb, t: number): void => {
  pixels[offset] = between(a[0], b[0], t);
  pixels[offset + 1] = between(a[1], b[1], t);
  pixels[offset + 2] = between(a[2], b[2], t);
};

const SEA_DEPTH: Rgb = [10, 30, 60];
const SHADE: Rgb = [0, 0, 0];

/**
 * Paints a simple landscape (sky gradient, sun, layers of scenery) as a PNG, 640x400 unless sized.
 * Painted as a painter does, back to front: the sky row by row, the sun within the square of its
 * glow, then each layer column by column from its outline down, over what lies behind it. A
 * pixel ends the colour of the front layer that covers it, else the sky's or the sun's; asking
 * every layer at every pixel took twice as long for the same bytes (decision 110).
 */
export const paintLandscape = paintedOnce((scene: Scene, size: Size = { width: WIDTH, height: HEIGHT }): Buffer => {
  const next = seededRandom(scene.seed);
  const outlines = scene.layers.map((layer) => ({ layer, top: outline(layer, next, size) }));
  const { sun } = scene;
  const { width, height } = size;
  const pixels = new Uint8Array(width * height * 3);
  const skyAt = (y: number): Rgb => mix(scene.skyTop, scene.skyBottom, y / height);
  for (let y = 0; y < height; y += 1) fillPixels(pixels, y * width, width, skyAt(y));
  // A soft glow around the sun.
  const glow = sun.radius * 2.2;
  for (let y = Math.max(0, Math.floor(sun.y - glow)); y < Math.min(height, Math.ceil(sun.y + glow)); y += 1) {
    const sky = skyAt(y);
    for (let x = Math.max(0, Math.floor(sun.x - glow)); x < Math.min(width, Math.ceil(sun.x + glow)); x += 1) {
      const distance = Math.hypot(x - sun.x, y - sun.y);
      if (distance <= sun.radius) setPixel(pixels, width, x, y, sun.color);
      else if (distance < glow) blend(pixels, (y * width + x) * 3, sky, sun.color, 0.35 * (1 - distance / glow));
    }
  }
  for (const { layer, top } of outlines) {
    // An island stands on the sea: below its waterline the layers behind it show.
    const bottom = layer.kind === "island" ? Math.min(height, layer.base) : height;
    // The sea darkens with depth to SEA_DEPTH; the land is shaded, at most by a third.
    const [shadeTo, shadeBy, shadeAtMost] = layer.kind === "sea" ? [SEA_DEPTH, 2.5, 1] : [SHADE, 1, 0.35];
    for (let x = 0; x < width; x += 1) {
      const edge = top[x] ?? height;
      for (let y = Math.max(0, Math.ceil(edge)); y < bottom; y += 1) {
        blend(pixels, (y * width + x) * 3, layer.color, shadeTo, Math.min(shadeAtMost, ((y - edge) / height) * shadeBy));
      }
    }
  }
  return encodeRgbPng(width, height, pixels);
});
