import { Schema } from "effect";
import { API_BASE } from "./endpoint.ts";

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

/** A stored image's address: the API base plus its stored path (SPEC.md section 7). */
export const imageUrl = (path: string): string => `${API_BASE}/${path}`;

/**
 * A stored image's `srcset`: its WebP widths (decision 035), for the browser to fetch the one that
 * fits the `sizes` of where it is drawn; the stored image stays as `src` for whatever ignores it.
 */
export const imageSrcSet = (path: string): string =>
  IMAGE_WIDTHS.map((width) => `${imageUrl(imageVariantPath(path, width))} ${width}w`).join(", ");
