import { useEffect, useState } from "react";

/** The rows a list draws in its first frame: a phone's screen of cards, a desktop's of rows. */
export const FIRST_ROWS = 6;
/** The rows each later frame adds, until the page is drawn whole. */
export const NEXT_ROWS = 6;
/**
 * The longest a slice waits for its frame: a page the browser is not drawing (a tab in the
 * background) has no frames, and its list would stay half drawn and busy until it is shown.
 */
export const SLICE_WAIT_MS = 100;

/**
 * The rows of `rows` to draw now. A list's first page comes in slices, one a frame: the browser's
 * style and layout of twenty lead cards or fifty departures was one task of 45-70 ms on this
 * machine (200-280 ms on Lighthouse's phone), during which a tap waited (decision 146). The
 * count drawn never falls while the list is shown: the next page, a search or a row's change is
 * drawn whole at once, without taking down rows a person may be reading or using.
 */
export function useRowsInSlices<Row>(rows: ReadonlyArray<Row>): ReadonlyArray<Row> {
  const [drawn, setDrawn] = useState(FIRST_ROWS);
  const count = rows.length;
  useEffect(() => {
    if (drawn >= count) return;
    const drawNext = () => setDrawn((shown) => shown + NEXT_ROWS);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unframed = setTimeout(() => {
      cancelAnimationFrame(frame);
      drawNext();
    }, SLICE_WAIT_MS);
    // after the frame that showed the last slice, so that each slice is laid out in its own task
    const frame = requestAnimationFrame(() => {
      clearTimeout(unframed);
      timer = setTimeout(drawNext);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(unframed);
    };
  }, [drawn, count]);
  return drawn >= count ? rows : rows.slice(0, drawn);
}
