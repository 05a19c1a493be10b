import type { ReactNode } from "react";
import { Glyph, plusShape } from "./glyph.tsx";

/** The row-action and add-button glyphs; decorative, the buttons carry the accessible names. */
export type IconName = "coins" | "eye" | "list" | "play" | "pause" | "pencil" | "pencilSquare" | "key" | "plus" | "trash" | "ban";

const shapes: Record<IconName, ReactNode> = {
  coins: (
    <>
      <ellipse cx="9" cy="7" rx="6" ry="3" />
      <path d="M3 7v4c0 1.7 2.7 3 6 3s6-1.3 6-3V7" />
      <path d="M9 17c0 1.7 2.7 3 6 3s6-1.3 6-3v-4c0-1.7-2.7-3-6-3" />
    </>
  ),
  eye: (
    <>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  list: <path d="M9 6h11M9 12h11M9 18h11M4 6h1M4 12h1M4 18h1" />,
  play: <path d="M7 4l13 8-13 8z" />,
  pause: <path d="M7 4h4v16H7zM13 4h4v16h-4z" />,
  pencil: <path d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4" />,
  pencilSquare: (
    <>
      <path d="M11 4H5a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-6" />
      <path d="M10 14h3l8-8-3-3-8 8z" />
    </>
  ),
  key: (
    <>
      <circle cx="8" cy="15" r="4" />
      <path d="M11 12l9-9M17 6l3 3M15 8l2 2" />
    </>
  ),
  plus: plusShape,
  trash: <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" />,
  ban: <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM5.6 5.6l12.8 12.8" />,
};

export function Icon({ name }: { readonly name: IconName }) {
  return <Glyph>{shapes[name]}</Glyph>;
}
