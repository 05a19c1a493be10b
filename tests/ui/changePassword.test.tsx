import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { userId } from "../ids.ts";
import { fakeFetch, renderApp, storeSession } from "./harness.tsx";

const changeRequiredLogin = {
  id: 7,
  firstName: "Ana",
  lastName: "Ruiz",
  email: "ana@example.com",
  token: "change-only",
  rol: "sales",
  changePassword: true,
};

/** Arrives on /changePassword/7 the way a user does: through a login with a temporary password. */
const openResetPage = async (replies: Parameters<typeof fakeFetch>[0]) => {
  const fake = fakeFetch({ "POST /api/auth/login": { status: 200, data: changeRequiredLogin }, ...replies });
  await renderApp("/panel", fake.fetch);
  await userEvent.type(await screen.findByLabelText("Correo electrónico", {}, { timeout: 5000 }), "ana@example.com");
  await userEvent.type(screen.getByLabelText("Contraseña"), "Temp0rary");
  await userEvent.click(screen.getByRole("button", { name: "Ingresar" }));
  await screen.findByRole("heading", { name: "Antes de comenzar debe restablecer su contraseña" });
  return fake;
};

const submitPasswords = async (password: string, confirmPassword: string) => {
  const passwordField = screen.getByLabelText("Nueva contraseña");
  const confirmField = screen.getByLabelText("Confirmar contraseña");
  await userEvent.clear(passwordField);
  await userEvent.clear(confirmField);
  if (password) await userEvent.type(passwordField, password);
  if (confirmPassword) await userEvent.type(confirmField, confirmPassword);
  await userEvent.click(screen.getByRole("button", { name: "Restablecer contraseña" }));
};

afterEach(() => {
  vi.useRealTimers();
});

describe("the change-password page", () => {
  it("lists the password rules", async () => {
    await openResetPage({});
    expect(screen.getByText("Entre 6 y 14 caracteres")).toBeDefined();
    expect(screen.getByText("Al menos un número")).toBeDefined();
  });

  it.each([
    ["", "", "Información requerida"],
    ["abcdef1", "abcdef1", "Contraseña no cumple con los parámetros"],
    ["Ab1", "Ab1", "Contraseña debe tener minimo 6 caracteres"],
    ["Abcdefghijk1234", "Abcdefghijk1234", "Contraseña debe tener máximo 14 caracteres"],
    ["Secret1", "Secret2", "Contraseñas no coinciden"],
  ])("refuses %j / %j with '%s' and sends nothing", async (password, confirmPassword, text) => {
    const { calls } = await openResetPage({});
    await submitPasswords(password, confirmPassword);
    expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(calls.filter((call) => call.url.includes("upgradePassword"))).toEqual([]);
  });

  it("sends the change with the change-only token, shows the success text and goes to /panel after 4 s", async () => {
    const { calls } = await openResetPage({
      "PUT /api/auth/upgradePassword/7": { status: 200, data: "password updated successfully" },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await submitPasswords("Secret1", "Secret1");
    expect(await screen.findByText("Success! Su contraseña se actualizó correctamente")).toBeDefined();
    const upgrade = calls.find((call) => call.url === "/api/auth/upgradePassword/7");
    expect(upgrade?.authorization).toBe("Bearer change-only");
    expect(upgrade?.body).toEqual({ password: "Secret1", confirmPassword: "Secret1" });
    await act(async () => {
      vi.advanceTimersByTime(3900);
    });
    expect(window.location.pathname).toBe("/changePassword/7");
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(await screen.findByRole("button", { name: "Ingresar" })).toBeDefined();
    expect(window.location.pathname).toBe("/panel");
  });

  it("shows the server's refusal in the banner", async () => {
    await openResetPage({
      "PUT /api/auth/upgradePassword/7": { status: 409, data: "invalid information" },
    });
    await submitPasswords("Secret1", "Secret1");
    expect((await screen.findByRole("alert")).textContent).toBe("Información ingresada incorrecta o invalida.");
  });

  it("after a hard refresh explains that the user must sign in again", async () => {
    await renderApp("/changePassword/7", fakeFetch({}).fetch);
    expect(await screen.findByText("Para cambiar su contraseña debe iniciar sesión de nuevo.")).toBeDefined();
    expect(screen.getByRole("link", { name: "Ir a iniciar sesión" }).getAttribute("href")).toBe("/panel");
  });

  it("shows a wrong current password by its field, not in the banner, and keeps what was typed", async () => {
    storeSession({ userName: "Ana Ruiz", token: "t0k3n", role: "sales", id: userId(7) });
    await renderApp(
      "/panel/password",
      fakeFetch({ "PUT /api/auth/upgradePassword/7": { status: 400, data: "the current password is incorrect" } }).fetch,
    );
    await userEvent.type(await screen.findByLabelText("Contraseña actual"), "Wrong123");
    await userEvent.type(screen.getByLabelText("Nueva contraseña"), "Secret1");
    await userEvent.type(screen.getByLabelText("Confirmar contraseña"), "Secret1");
    await userEvent.click(screen.getByRole("button", { name: "Cambiar contraseña" }));
    const current = screen.getByLabelText("Contraseña actual");
    expect(await screen.findByText("La contraseña actual es incorrecta.")).toBeDefined();
    expect(current.getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("alert")).toBeNull();
    expect((screen.getByLabelText("Nueva contraseña") as HTMLInputElement).value).toBe("Secret1");
  });
});
