import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { createI18n } from "../../src/i18n/index.ts";
import { PageTitle } from "../../src/ui/shared/PageTitle.tsx";
import { RowActions } from "../../src/ui/shared/RowActions.tsx";

describe("row actions", () => {
  it("offers every kind as an icon button or link with an accessible name and the same tooltip", async () => {
    const calls = { play: vi.fn(), edit_modal: vi.fn(), changePass: vi.fn(), add: vi.fn(), delete: vi.fn() };
    const i18n = await createI18n(localStorage, ["panel", "screens"]);
    render(
      <I18nextProvider i18n={i18n}>
        <Router>
          <RowActions
            actions={[
              { kind: "register", to: "/panel/yacht/1/technical_info" },
              { kind: "play", onClick: calls.play },
              { kind: "edit", to: "/panel/feeding/3" },
              { kind: "edit_modal", onClick: calls.edit_modal },
              { kind: "changePass", onClick: calls.changePass },
              { kind: "add", onClick: calls.add },
              { kind: "delete", onClick: calls.delete },
            ]}
          />
          <PageTitle title="Alimentación" add={{ to: "/panel/feeding/feeding_new", label: "Nueva alimentación" }} />
        </Router>
      </I18nextProvider>,
    );
    expect(screen.getByRole("link", { name: "Registrar" }).getAttribute("href")).toBe("/panel/yacht/1/technical_info");
    expect(screen.getByRole("link", { name: "Editar" }).getAttribute("href")).toBe("/panel/feeding/3");
    for (const [name, kind] of [
      ["Generar cartones", "play"],
      ["Editar", "edit_modal"],
      ["Enviar contraseña temporal", "changePass"],
      ["Agregar", "add"],
      ["Eliminar", "delete"],
    ] as const) {
      const button = screen.getByRole("button", { name });
      expect(button.getAttribute("title")).toBe(name);
      await userEvent.click(button);
      expect(calls[kind]).toHaveBeenCalledOnce();
    }
    expect(screen.getByRole("heading", { level: 1, name: "Alimentación" })).toBeDefined();
    expect(screen.getByRole("link", { name: "Nueva alimentación" }).getAttribute("href")).toBe(
      "/panel/feeding/feeding_new",
    );
  });
});
