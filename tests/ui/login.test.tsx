import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { USER_INFO_KEY } from "../../src/machines/session/storedSession.ts";
import { fakeFetch, renderApp } from "./harness.tsx";

const user = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  firstName: "Ana",
  lastName: "Ruiz",
  email: "ana@example.com",
  token: "t0k3n",
  rol: "admin",
  changePassword: false,
  ...overrides,
});

const signIn = async (email = "ana@example.com", password = "Secret1") => {
  const typist = userEvent.setup();
  if (email) await typist.type(screen.getByLabelText("Correo electrónico"), email);
  if (password) await typist.type(screen.getByLabelText("Contraseña"), password);
  await typist.click(screen.getByRole("button", { name: "Ingresar" }));
};

describe("the login page /panel", () => {
  it("opens with the focus in the email field", async () => {
    await renderApp("/panel", fakeFetch({}).fetch);
    const email = await screen.findByLabelText("Correo electrónico");
    await waitFor(() => expect(document.activeElement).toBe(email));
  });

  it("asks for both fields and sends nothing while one is missing", async () => {
    const { fetch, calls } = fakeFetch({});
    await renderApp("/panel", fetch);
    await signIn("", "");
    expect(screen.getAllByText("Información requerida")).toHaveLength(2);
    expect(calls).toEqual([]);
  });

  it("shows and hides the password with a labelled toggle", async () => {
    await renderApp("/panel", fakeFetch({}).fetch);
    const password = screen.getByLabelText("Contraseña");
    expect(password).toHaveProperty("type", "password");
    await userEvent.click(screen.getByRole("button", { name: "Mostrar contraseña" }));
    expect(password).toHaveProperty("type", "text");
    expect(screen.getByRole("button", { name: "Ocultar contraseña" })).toBeDefined();
  });

  it.each([
    ["user or password incorrect", 400, "Usuario o contraseña incorrectos"],
    ["resource not found", 404, "Recurso no encontrado"],
    [
      "temporary password has expired",
      400,
      "La contraseña temporal ha expirado. Por favor, solicite una nueva.",
    ],
    ["too many attempts", 429, "Demasiados intentos. Espere unos minutos e inténtelo de nuevo."],
  ])("shows '%s' in the error box", async (message, status, text) => {
    await renderApp("/panel", fakeFetch({ "POST /api/auth/login": { status, data: message } }).fetch);
    await signIn();
    expect((await screen.findByRole("alert")).textContent).toBe(text);
  });

  it.each([
    ["admin", "/panel/home", "Home"],
    ["marketing", "/panel/home", "Home"],
    ["sales", "/panel/leads", "Leads"],
  ])("stores the session of %s and opens %s", async (rol, path, title) => {
    await renderApp("/panel", fakeFetch({ "POST /api/auth/login": { status: 200, data: user({ rol }) } }).fetch);
    await signIn();
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeDefined();
    expect(window.location.pathname).toBe(path);
    expect(JSON.parse(localStorage.getItem(USER_INFO_KEY) ?? "null")).toEqual({
      userName: "Ana Ruiz",
      token: "t0k3n",
      role: rol,
      id: 7,
    });
  });

  it("sends a user with a temporary password to /changePassword/{id} without storing a session", async () => {
    const { fetch } = fakeFetch({
      "POST /api/auth/login": { status: 200, data: user({ changePassword: true, token: "change-only" }) },
    });
    await renderApp("/panel", fetch);
    await signIn();
    expect(
      await screen.findByRole("heading", { name: "Antes de comenzar debe restablecer su contraseña" }),
    ).toBeDefined();
    expect(window.location.pathname).toBe("/changePassword/7");
    expect(localStorage.getItem(USER_INFO_KEY)).toBeNull();
  });

  it("switches to English and remembers the choice", async () => {
    await renderApp("/panel", fakeFetch({}).fetch);
    await userEvent.selectOptions(screen.getByLabelText("Idioma"), "en");
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeDefined();
    await waitFor(() => expect(localStorage.getItem("lang")).toBe("en"));
  });
});

describe("the forgot-password page", () => {
  it("requires the email, then shows the notice with the spam hint", async () => {
    const { fetch, calls } = fakeFetch({
      "PUT /api/auth/forgotPassword": { status: 200, data: "temporary password sent" },
    });
    await renderApp("/forgotPassword", fetch);
    const send = await screen.findByRole("button", { name: "Enviar" });
    await userEvent.click(send);
    expect(screen.getByText("Información requerida")).toBeDefined();
    await userEvent.type(screen.getByLabelText("Correo electrónico"), "ana@example.com");
    await userEvent.click(send);
    expect(await screen.findByText(/revise la carpeta de correo no deseado/)).toBeDefined();
    expect(calls.map((call) => call.body)).toEqual([{ email: "ana@example.com" }]);
    expect(screen.getByRole("link", { name: "Volver a iniciar sesión" }).getAttribute("href")).toBe("/panel");
  });
});
