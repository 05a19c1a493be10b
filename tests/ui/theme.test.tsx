import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dialogTheme, THEME_KEY } from "../../src/ui/shared/theme.ts";
import { fakeFetch, renderApp, storeSession } from "./harness.tsx";
import { userId } from "../ids.ts";

beforeEach(() => {
  storeSession({ userName: "Marta Andrade", token: "t0k3n", role: "marketing", id: userId(2) });
});

afterEach(() => {
  document.documentElement.removeAttribute("data-theme");
});

describe("the colour scheme in the user menu", () => {
  it("follows the system until light or dark is chosen, draws the choice at once and remembers it", async () => {
    await renderApp("/panel/home", fakeFetch({}).fetch);
    const scheme = await screen.findByLabelText("Tema");
    expect((scheme as HTMLSelectElement).value).toBe("system");
    expect(document.documentElement.hasAttribute("data-theme")).toBe(false);
    expect(dialogTheme()).toBe("auto");

    await userEvent.selectOptions(scheme, "Oscuro");
    expect(document.documentElement.getAttribute("data-theme")).toBe("dark");
    expect(localStorage.getItem(THEME_KEY)).toBe("dark");
    expect(dialogTheme()).toBe("dark");

    await userEvent.selectOptions(scheme, "Como el sistema");
    expect(document.documentElement.hasAttribute("data-theme")).toBe(false);
    expect(localStorage.getItem(THEME_KEY)).toBe("system");
  });

  it("opens in the scheme chosen before", async () => {
    localStorage.setItem(THEME_KEY, "light");
    await renderApp("/panel/home", fakeFetch({}).fetch);
    expect(((await screen.findByLabelText("Tema")) as HTMLSelectElement).value).toBe("light");
    // the select shows the stored choice as it renders; the theme machine applies it as it starts, just after
    await waitFor(() => expect(document.documentElement.getAttribute("data-theme")).toBe("light"));
  });
});
