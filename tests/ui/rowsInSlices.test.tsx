import { render, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FIRST_ROWS, NEXT_ROWS, useRowsInSlices } from "../../src/ui/shared/rowsInSlices.ts";

/** How many rows each render drew, in order. */
const drawnCounts: number[] = [];

function Rows({ rows }: { readonly rows: ReadonlyArray<number> }) {
  const drawn = useRowsInSlices(rows);
  drawnCounts.push(drawn.length);
  return <p>{drawn.join(",")}</p>;
}

const numbers = (from: number, count: number): number[] => Array.from({ length: count }, (_, index) => from + index);

describe("a list's rows drawn a slice a frame (useRowsInSlices)", () => {
  it("draws a first page's first rows at once, then the rest a slice at a time, in order", async () => {
    drawnCounts.length = 0;
    const page = numbers(1, FIRST_ROWS + 2 * NEXT_ROWS + 1);
    const view = render(<Rows rows={page} />);
    expect(view.container.textContent).toBe(numbers(1, FIRST_ROWS).join(","));
    await waitFor(() => expect(view.container.textContent).toBe(page.join(",")));
    expect(drawnCounts).toEqual([FIRST_ROWS, FIRST_ROWS + NEXT_ROWS, FIRST_ROWS + 2 * NEXT_ROWS, page.length]);
  });

  it("draws a short page whole at once", () => {
    drawnCounts.length = 0;
    const view = render(<Rows rows={numbers(1, FIRST_ROWS)} />);
    expect(view.container.textContent).toBe(numbers(1, FIRST_ROWS).join(","));
    expect(drawnCounts).toEqual([FIRST_ROWS]);
  });

  it("draws the next page whole at once, taking down none of the rows drawn", async () => {
    const first = numbers(1, 20);
    const view = render(<Rows rows={first} />);
    await waitFor(() => expect(view.container.textContent).toBe(first.join(",")));
    drawnCounts.length = 0;
    const next = numbers(21, 20);
    view.rerender(<Rows rows={next} />);
    expect(view.container.textContent).toBe(next.join(","));
    expect(drawnCounts).toEqual([20]);
  });
});
