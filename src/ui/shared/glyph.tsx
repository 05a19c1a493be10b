import type { ReactNode } from "react";

/**
 * A glyph's frame: 24-unit shapes drawn as strokes in the text's colour; decorative, the buttons
 * and links carry the accessible names. Apart from the row actions' shapes (./icons.tsx), so that
 * a screen whose heading has an add button loads only the plus.
 */
export function Glyph({ children }: { readonly children: ReactNode }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const plusShape = <path d="M12 5v14M5 12h14" />;
