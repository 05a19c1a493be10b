import { act, render, screen } from "@testing-library/react";
import { lazy, Suspense } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../src/i18n/index.ts";
import { translateMessage } from "../../src/i18n/messages.ts";
import { lazyChunk, once } from "../../src/ui/shared/lazyChunk.tsx";
import { lazyNote } from "../../src/ui/shared/lazyNote.tsx";
import { accountPageChunkAt, changePasswordChunk, forgotPasswordChunk, loginChunk } from "../../src/ui/shared/screenChunks.ts";

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

/** A note's chunk that has not been fetched, reading a text of the server messages' group. */
const messageChunk = () =>
  once(async () => ({
    default: function Refusal({ message }: { readonly message: string }) {
      const { t } = useTranslation("messages");
      return <p role="alert">{translateMessage(t, message)}</p>;
    },
  }));

describe("a note that comes with its first showing (lazyNote)", () => {
  it("is drawn once its chunk and texts came, and never suspends meanwhile (no fallback for React to hold)", async () => {
    const i18n = await createI18n(localStorage);
    const Note = lazyNote("messages", messageChunk());
    const fallbacks: string[] = [];
    const Fallback = () => {
      fallbacks.push("drawn");
      return null;
    };
    act(() => {
      render(
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={<Fallback />}>
            <Note message="user or password incorrect" />
          </Suspense>
        </I18nextProvider>,
      );
    });
    expect(screen.queryByRole("alert")).toBeNull();
    expect((await screen.findByRole("alert", {}, { timeout: 2_000 })).textContent).toBe("Usuario o contraseña incorrectos");
    expect(fallbacks).toEqual([]);
  });

  it("says, in the start's texts, that it cannot be shown when its chunk cannot be fetched", async () => {
    const i18n = await createI18n(localStorage);
    const Note = lazyNote(
      "messages",
      once<{ readonly default: React.ComponentType<{ readonly message: string }> }>(() => Promise.reject(new Error("chunk not fetched"))),
    );
    render(
      <I18nextProvider i18n={i18n}>
        <Note message="user or password incorrect" />
      </I18nextProvider>,
    );
    expect((await screen.findByRole("alert", {}, { timeout: 2_000 })).textContent).toBe(
      "No se pudo mostrar este aviso: revise su conexión y vuelva a cargar la página.",
    );
  });
});

describe("the page outside the panel that the start fetches before drawing (accountPageChunkAt)", () => {
  it.each([
    ["/panel", false, loginChunk],
    ["/panel/leads", false, loginChunk],
    ["/forgotPassword", false, forgotPasswordChunk],
    ["/forgotPassword", true, forgotPasswordChunk],
    ["/changePassword/12", true, changePasswordChunk],
    ["/changePassword/12", false, changePasswordChunk],
  ])("at %s (a stored session: %s) is the page drawn there", (location, signedIn, chunk) => {
    expect(accountPageChunkAt(location, signedIn)).toBe(chunk);
  });

  it.each([
    ["/panel", true],
    ["/panel/leads", true],
    ["/", false],
    ["/panelx", false],
    ["/changePassword/12/more", false],
  ])("is none at %s (a stored session: %s): the panel's screens or no page of an account", (location, signedIn) => {
    expect(accountPageChunkAt(location, signedIn)).toBeUndefined();
  });
});
