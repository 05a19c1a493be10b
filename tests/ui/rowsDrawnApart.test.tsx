import { act, render } from "@testing-library/react";
import { startTransition } from "react";
import { describe, expect, it } from "vitest";
import { useRowsDrawnApart } from "../../src/ui/shared/rowsDrawnApart.ts";

/** Each render's rows drawn and whether the list was still drawing, in order. */
const renders: Array<{ readonly shown: string; readonly drawing: boolean }> = [];

function Rows({ rows }: { readonly rows: ReadonlyArray<string> }) {
  const { shown, drawing } = useRowsDrawnApart(rows);
  renders.push({ shown: shown.join(","), drawing });
  return <p>{drawing ? "…" : shown.join(",") || "none"}</p>;
}

describe("a list's rows drawn in a deferred render (useRowsDrawnApart)", () => {
  it("keeps a first page's spinner while its rows are drawn apart, never showing it empty", async () => {
    renders.length = 0;
    const view = render(<Rows rows={[]} />);
    expect(view.container.textContent).toBe("none");
    renders.length = 0;
    // an urgent update, as a machine's snapshot reaches React
    await act(async () => view.rerender(<Rows rows={["a", "b"]} />));
    expect(renders).toEqual([
      { shown: "", drawing: true },
      { shown: "a,b", drawing: false },
    ]);
    expect(view.container.textContent).toBe("a,b");
  });

  it("draws the rows it mounts with at once: a mount asks for no deferred render", async () => {
    // A deferred render asked for by a mount outranks the retry that reveals a lazily loaded
    // screen: the panel's first render was started again from the top some fifteen times, one per
    // lane, before it was shown (decision 122).
    renders.length = 0;
    await act(async () => {
      render(<Rows rows={["a"]} />);
    });
    expect(renders).toEqual([{ shown: "a", drawing: false }]);
  });

  it("keeps the rows before until the new ones are drawn", async () => {
    const view = render(<Rows rows={["a"]} />);
    renders.length = 0;
    await act(async () => view.rerender(<Rows rows={["c"]} />));
    expect(renders).toEqual([
      { shown: "a", drawing: false },
      { shown: "c", drawing: false },
    ]);
    // a list emptied by a search: the rows before stay until the empty page is drawn
    renders.length = 0;
    await act(async () => startTransition(() => view.rerender(<Rows rows={[]} />)));
    expect(renders.at(-1)).toEqual({ shown: "", drawing: false });
    expect(view.container.textContent).toBe("none");
  });
});
