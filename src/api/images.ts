import { Schema } from "effect";

/**
 * The widths a stored image is also served at, as WebP (decision 035): a phone's card, a desktop
 * card or a phone's banner, a desktop banner. Few on purpose: each is generated and kept by every
 * server, and the browser picks among them with `srcset`.
 */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

export const ImageWidth = Schema.Literals(IMAGE_WIDTHS);
export type ImageWidth = typeof ImageWidth.Type;

/**
 * A stored image's path at a width, below the API base: `uploads/<folder>/<sha256>.<ext>/<width>.webp`.
 * A path rather than a query, so that a cache or CDN that keys by path alone still tells the widths apart.
 */
export const imageVariantPath = (path: string, width: ImageWidth): string => `${path}/${width}.webp`;
