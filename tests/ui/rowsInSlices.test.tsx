import { render, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import { createI18n } from "../../src/i18n/index.ts";
import { DataTable } from "../../src/ui/shared/DataTable.tsx";
import { FIRST_ROWS, NEXT_ROWS, SLICE_WAIT_MS, useRowsInSlices } from "../../src/ui/shared/rowsInSlices.ts";

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

  it("draws the rest without frames, a slice at each wait, when the page is not being drawn (a tab in the background)", async () => {
    const noFrames = vi.spyOn(window, "requestAnimationFrame").mockImplementation(() => 0);
    try {
      drawnCounts.length = 0;
      const page = numbers(1, FIRST_ROWS + NEXT_ROWS + 1);
      const started = performance.now();
      const view = render(<Rows rows={page} />);
      await waitFor(() => expect(view.container.textContent).toBe(page.join(",")), { timeout: 20 * SLICE_WAIT_MS });
      expect(performance.now() - started).toBeGreaterThanOrEqual(2 * SLICE_WAIT_MS - 10);
      expect(drawnCounts).toEqual([FIRST_ROWS, FIRST_ROWS + NEXT_ROWS, page.length]);
    } finally {
      noFrames.mockRestore();
    }
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

  it("keeps the table busy for assistive technology until its last slice is drawn", async () => {
    const i18n = await createI18n(localStorage, ["panel", "screens"]);
    const rows = numbers(1, 20).map((id) => ({ id }));
    render(
      <I18nextProvider i18n={i18n}>
        <DataTable caption="Números" columns={[{ header: "Número", cell: (row) => String(row.id) }]} rows={rows} empty="Ninguno" />
      </I18nextProvider>,
    );
    const table = screen.getByRole("table", { name: "Números" });
    expect(table.getAttribute("aria-busy")).toBe("true");
    expect(screen.getAllByRole("row")).toHaveLength(1 + FIRST_ROWS);
    await waitFor(() => expect(table.getAttribute("aria-busy")).toBe("false"));
    expect(screen.getAllByRole("row")).toHaveLength(1 + rows.length);
  });
});
