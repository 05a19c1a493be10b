import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../src/i18n/index.ts";
import { flowIds } from "../../src/ui/flows/flowDocuments.ts";
import FlowsView from "../../src/ui/flows/FlowsView.tsx";

const renderFlows = async () => {
  localStorage.setItem("lang", "es");
  const i18n = await createI18n(localStorage, ["panel", "screens"]);
  const view = render(
    <I18nextProvider i18n={i18n}>
      <FlowsView />
    </I18nextProvider>,
  );
  const activeState = () => view.container.querySelector(".flows-state.active text")?.textContent ?? null;
  return { activeState };
};

describe("/panel/flows, drawn from docs/flows", () => {
  it("draws the chosen machine and plays one of its generated paths step by step", async () => {
    const { activeState } = await renderFlows();
    await screen.findByRole("img", { name: `Diagrama de estados de ${flowIds[0]}` });
    const machines = within(screen.getByLabelText("Máquina")).getAllByRole("option");
    expect(machines.map((option) => option.textContent)).toEqual(flowIds);

    await userEvent.selectOptions(screen.getByLabelText("Máquina"), "login");
    await screen.findByRole("img", { name: "Diagrama de estados de login" });
    expect(screen.getAllByRole("cell", { name: "submitting" }).length).toBeGreaterThan(0);
    // the machines describe themselves in English; the page reads them in the panel's language
    expect(await screen.findByText("Inicio de sesión con correo y contraseña", { exact: false })).toBeTruthy();
    expect(screen.getAllByRole("cell", { name: "Nadie tiene la sesión iniciada: se abre el formulario." }).length).toBeGreaterThan(0);
    expect(screen.queryByText("Nobody is signed in: the form opens.")).toBeNull();

    // the second path: start in editing, then a valid submit
    await userEvent.selectOptions(screen.getByLabelText("Camino generado"), "1");
    expect(activeState()).toBe("editing");
    expect(screen.getByRole("status").textContent).toContain("Paso 1 de 2");
    await userEvent.click(screen.getByRole("button", { name: "Siguiente" }));
    await waitFor(() => expect(activeState()).toBe("submitting"));
    expect(screen.getByRole("status").textContent).toContain('email: "ana@example.com"');
    expect(screen.getByRole("button", { name: "Siguiente" })).toHaveProperty("disabled", true);
  });
});
