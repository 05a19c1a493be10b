import { describe, expect, it } from "vitest";
import { clientMessages } from "../../src/api/client.ts";
import { messages } from "../../src/api/messages.ts";
import { createI18n } from "../../src/i18n/index.ts";
import { translateMessage } from "../../src/i18n/messages.ts";

/** A language store that holds one choice. */
const storeOf = (language: "es" | "en") => ({ getItem: () => language, setItem: () => {} });

describe("messages shown to the user", () => {
  it.each([
    ["es", clientMessages.networkError, "No hay conexión con el servidor. Revise su conexión e inténtelo de nuevo."],
    ["en", clientMessages.networkError, "The server could not be reached. Check your connection and try again."],
    ["es", clientMessages.unexpectedAnswer, "El servidor respondió algo inesperado. Inténtelo de nuevo."],
    ["es", messages.stale, "Otra persona guardó este registro después de que usted lo abrió. Recárguelo para ver sus cambios."],
    ["en", "Cannot read properties of undefined (reading 'id')", "Something went wrong. Try again."],
    ["es", "HTTP 502", "Algo salió mal. Inténtelo de nuevo."],
  ] as const)("in %s, %j reads %j", async (language, message, shown) => {
    const i18n = await createI18n(storeOf(language), ["messages"]);
    expect(translateMessage(i18n.t, message)).toBe(shown);
  });

  it("has a text in both languages for everything the client says by itself", async () => {
    for (const language of ["es", "en"] as const) {
      const i18n = await createI18n(storeOf(language), ["messages"]);
      for (const message of Object.values(clientMessages)) {
        const shown = translateMessage(i18n.t, message);
        expect(shown).not.toBe(message);
        expect(shown).not.toMatch(/^messages\./);
      }
    }
  });
});
