/**
 * The colour scheme: the system's (Pico follows `prefers-color-scheme` by itself), or light or
 * dark chosen in the user menu and kept in local storage. A chosen one is `data-theme` on <html>,
 * which Pico and styles.css both read (decision 026).
 */
export const THEME_KEY = "theme";

export const themeChoices = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof themeChoices)[number];

export const isThemeChoice = (value: unknown): value is ThemeChoice => themeChoices.some((choice) => choice === value);

/** The stored choice; the system's when none (or an unknown one) is stored. */
export const storedTheme = (storage: Pick<Storage, "getItem">): ThemeChoice => {
  const stored = storage.getItem(THEME_KEY);
  return isThemeChoice(stored) ? stored : "system";
};

/** Draws the page in `choice`. */
export const applyTheme = (choice: ThemeChoice): void => {
  if (choice === "system") document.documentElement.removeAttribute("data-theme");
  else document.documentElement.setAttribute("data-theme", choice);
};

/** SweetAlert2's theme for the page's scheme: its own `auto` follows the system like Pico does. */
export const dialogTheme = (): "light" | "dark" | "auto" => {
  const chosen = document.documentElement.getAttribute("data-theme");
  return chosen === "light" || chosen === "dark" ? chosen : "auto";
};
