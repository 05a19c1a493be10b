import { act, render, screen } from "@testing-library/react";
import { lazy, Suspense } from "react";
import { describe, expect, it } from "vitest";
import { lazyChunk, once } from "../../src/ui/shared/lazyChunk.tsx";

/** A screen's chunk that the start fetched before the screen is drawn (src/ui/shared/screenChunks.ts). */
const fetchedChunk = () => once(async () => ({ default: ({ name }: { readonly name: string }) => <h1>{`Reserva de ${name}`}</h1> }));

const drawnInOneRender = (Screen: React.ComponentType<{ readonly name: string }>) => {
  // a synchronous act: what React committed in this render, before any later turn of the loop
  act(() => {
    render(
      <Suspense fallback={<p>Cargando</p>}>
        <Screen name="Ana" />
      </Suspense>,
    );
  });
  return { heading: screen.queryByRole("heading")?.textContent ?? null, fallback: screen.queryByText("Cargando") !== null };
};

describe("a screen whose chunk has been fetched", () => {
  it("is drawn in the render that mounts it, without a fallback for React to hold back", async () => {
    const chunk = fetchedChunk();
    await chunk();
    expect(drawnInOneRender(lazyChunk(chunk))).toEqual({ heading: "Reserva de Ana", fallback: false });
  });

  it("is what `lazy` alone suspends on, for the same fetched chunk (the difference the helper makes)", async () => {
    const chunk = fetchedChunk();
    await chunk();
    expect(drawnInOneRender(lazy(chunk))).toEqual({ heading: null, fallback: true });
  });

  it("is drawn through `lazy` when it has not come yet", async () => {
    const chunk = fetchedChunk();
    const Screen = lazyChunk(chunk);
    expect(drawnInOneRender(Screen)).toEqual({ heading: null, fallback: true });
    expect((await screen.findByRole("heading", {}, { timeout: 2_000 })).textContent).toBe("Reserva de Ana");
    expect(chunk.loaded()).toBeDefined();
  });
});
