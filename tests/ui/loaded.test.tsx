import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import { createI18n } from "../../src/i18n/index.ts";
import { Loaded } from "../../src/ui/shared/Loaded.tsx";

const renderLoaded = async (props: { error: string | null; failed: boolean; content: { readonly name: string } | null; retryLabel?: string }) => {
  const i18n = await createI18n(localStorage, ["messages", "panel", "screens", "records"]);
  const onRetry = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <Loaded {...props} onRetry={onRetry}>
        {(content) => <p>Contenido: {content.name}</p>}
      </Loaded>
    </I18nextProvider>,
  );
  return onRetry;
};

describe("a page's content as its machine fetches it (Loaded)", () => {
  it("shows the spinner until the content arrives, and no retry", async () => {
    await renderLoaded({ error: null, failed: false, content: null });
    expect(screen.getByRole("status").textContent).toContain("Cargando");
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByText(/Contenido/)).toBeNull();
  });

  it("draws the content from what arrived", async () => {
    await renderLoaded({ error: null, failed: false, content: { name: "Salida GEX" } });
    expect(screen.getByText("Contenido: Salida GEX")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("after a failed fetch shows the message (an unknown one as 'something went wrong') and a retry button, with the part's own text where it has one", async () => {
    const onRetry = await renderLoaded({ error: "No se pudo cargar.", failed: true, content: null, retryLabel: "Reintentar la línea de tiempo" });
    expect((await screen.findByRole("alert", {}, { timeout: 5000 })).textContent).toContain("Algo salió mal");
    await userEvent.click(screen.getByRole("button", { name: "Reintentar la línea de tiempo" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/Contenido/)).toBeNull();
  });

  it("a retry without its own text reads Reintentar", async () => {
    await renderLoaded({ error: null, failed: true, content: { name: "la anterior" } });
    expect(screen.getByRole("button", { name: "Reintentar" })).toBeTruthy();
    expect(screen.queryByText(/Contenido/)).toBeNull();
  });
});
