import fc from "fast-check";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { type Layer, outline, paintLandscape, type Scene } from "../../server/demo/landscape.ts";
import type { Rgb } from "../../server/demo/png.ts";
import { seededRandom } from "../../server/demo/seededRandom.ts";
import { ellipse, type Paint, picture, rect, type Shape, vertical } from "../../server/demo/yachtPages.ts";

/**
 * Decision 110: the demo's pictures are painted back to front, a rectangle and a layer's column
 * at a time, instead of asking at every pixel which shape or layer covers it. For any scene and
 * any shapes, every pixel is the one that question answers: the colour of the front layer (the
 * last shape) covering it, else what lies behind.
 */

/** A PNG's RGB pixels, row by row, as sharp decodes it. */
const pixelsOf = async (png: Buffer): Promise<Uint8Array> => new Uint8Array(await sharp(png).raw().toBuffer());

const channel = fc.integer({ min: 0, max: 255 });
const colour = fc.tuple(channel, channel, channel);
const WIDTH = 72;
const HEIGHT = 48;
const row = fc.double({ min: -10, max: HEIGHT + 10, noNaN: true });

const layer: fc.Arbitrary<Layer> = fc.oneof(
  fc.record({ kind: fc.constantFrom("mountains" as const, "hills" as const, "skyline" as const), color: colour, base: row, height: fc.double({ min: 0, max: HEIGHT, noNaN: true }) }),
  fc.record({ kind: fc.constant("sea" as const), color: colour, base: row }),
  fc.record({
    kind: fc.constant("island" as const),
    color: colour,
    base: row,
    height: fc.double({ min: 0, max: HEIGHT, noNaN: true }),
    x: fc.integer({ min: 0, max: WIDTH }),
    width: fc.integer({ min: 2, max: WIDTH }),
  }),
);

const scene: fc.Arbitrary<Scene> = fc.record({
  skyTop: colour,
  skyBottom: colour,
  sun: fc.record({ x: fc.integer({ min: -20, max: WIDTH + 20 }), y: fc.integer({ min: -20, max: HEIGHT + 20 }), radius: fc.integer({ min: 1, max: 20 }), color: colour }),
  layers: fc.array(layer, { maxLength: 5 }),
  seed: fc.nat(),
});

const between = (a: number, b: number, t: number): number => Math.round(a + (b - a) * t);
const mixed = (a: Rgb, b: Rgb, t: number): Rgb => [between(a[0], b[0], t), between(a[1], b[1], t), between(a[2], b[2], t)];

/** What a landscape's pixel (x, y) is: the front layer covering it, else the sun, its glow or the sky. */
const landscapePixel = (painted: Scene, tops: ReadonlyArray<Float64Array>, x: number, y: number): Rgb => {
  for (let index = painted.layers.length - 1; index >= 0; index -= 1) {
    const covering = painted.layers[index];
    const top = tops[index]?.[x] ?? HEIGHT;
    if (covering === undefined || y < top || (covering.kind === "island" && y >= covering.base)) continue;
    const depth = (y - top) / HEIGHT;
    return covering.kind === "sea" ? mixed(covering.color, [10, 30, 60], Math.min(1, depth * 2.5)) : mixed(covering.color, [0, 0, 0], Math.min(0.35, depth));
  }
  const sky = mixed(painted.skyTop, painted.skyBottom, y / HEIGHT);
  const distance = Math.hypot(x - painted.sun.x, y - painted.sun.y);
  if (distance <= painted.sun.radius) return painted.sun.color;
  const glow = painted.sun.radius * 2.2;
  return distance < glow ? mixed(sky, painted.sun.color, 0.35 * (1 - distance / glow)) : sky;
};

/** The first pixel whose colour is not `expected`'s, or null: one comparison a picture, not one a pixel. */
const firstWrongPixel = (width: number, height: number, expected: (x: number, y: number) => Rgb, pixels: Uint8Array): string | null => {
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      const painted = [pixels[offset], pixels[offset + 1], pixels[offset + 2]];
      const wanted = expected(x, y);
      if (painted.some((value, index) => value !== wanted[index])) return `(${x}, ${y}) is ${painted.join(",")}, not ${wanted.join(",")}`;
    }
  }
  return null;
};

const coordinate = (limit: number) => fc.double({ min: -8, max: limit + 8, noNaN: true });
const paint: fc.Arbitrary<Paint> = fc.oneof(
  colour,
  fc.tuple(colour, colour).map(([from, to]) => vertical(from, to, 0, HEIGHT)),
  fc.tuple(colour, colour, fc.integer({ min: 2, max: 9 })).map(([a, b, size]): Paint => (x, y) => ((x + y) % size === 0 ? a : b)),
);
const shape: fc.Arbitrary<Shape> = fc.oneof(
  fc.tuple(coordinate(WIDTH), coordinate(HEIGHT), coordinate(WIDTH), coordinate(HEIGHT), paint).map(([left, top, right, bottom, fill]) => rect(left, top, right, bottom, fill)),
  fc
    .tuple(coordinate(WIDTH), coordinate(HEIGHT), fc.double({ min: 0.5, max: WIDTH, noNaN: true }), fc.double({ min: 0.5, max: HEIGHT, noNaN: true }), paint)
    .map(([cx, cy, rx, ry, fill]) => ellipse(cx, cy, rx, ry, fill)),
);

const colourAt = (fill: Paint, x: number, y: number): Rgb => (typeof fill === "function" ? fill(x, y) : "row" in fill ? fill.row(y) : fill);
const covers = (covering: Shape, x: number, y: number): boolean =>
  covering.kind === "rect"
    ? x >= covering.left && x < covering.right && y >= covering.top && y < covering.bottom
    : ((x - covering.cx) / covering.rx) ** 2 + ((y - covering.cy) / covering.ry) ** 2 <= 1;

describe("the demo's pictures (decision 110)", () => {
  it("paints a landscape's pixel as the front layer covering it, else the sun, its glow or the sky", async () => {
    await fc.assert(
      fc.asyncProperty(scene, async (painted) => {
        const next = seededRandom(painted.seed);
        const size = { width: WIDTH, height: HEIGHT };
        const tops = painted.layers.map((each) => outline(each, next, size));
        const pixels = await pixelsOf(paintLandscape(painted, size));
        expect(firstWrongPixel(WIDTH, HEIGHT, (x, y) => landscapePixel(painted, tops, x, y), pixels)).toBeNull();
      }),
      { numRuns: 60 },
    );
  });

  it("paints a picture's pixel as the last shape covering it, else its background", async () => {
    await fc.assert(
      fc.asyncProperty(paint, fc.array(shape, { maxLength: 8 }), async (background, shapes) => {
        const pixels = await pixelsOf(picture(WIDTH, HEIGHT, background, shapes).bytes);
        const expected = (x: number, y: number) => colourAt(shapes.findLast((each) => covers(each, x, y))?.paint ?? background, x, y);
        expect(firstWrongPixel(WIDTH, HEIGHT, expected, pixels)).toBeNull();
      }),
      { numRuns: 100 },
    );
  });
});
