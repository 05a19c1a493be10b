import { describe, expect, it } from "vitest";
import type { InspectionEvent } from "xstate";
import { createI18n } from "../../src/i18n/index.ts";
import { wantsInspection } from "../../src/ui/shared/inspection.ts";
import { createServices } from "../../src/ui/shared/services.ts";

describe("?inspect", () => {
  it.each([
    ["?inspect", false, null, true],
    ["?inspect", false, "sales", true],
    ["?inspect", true, "admin", true],
    ["?inspect", true, "marketing", false],
    ["?inspect", true, null, false],
    ["", false, "admin", false],
    ["?lang=en", true, "admin", false],
  ] as const)("with %j, production %s and role %s connects: %s", (search, production, role, expected) => {
    expect(wantsInspection(search, production, role)).toBe(expected);
  });

  it("hands the inspector every event of the session flow", async () => {
    const seen: InspectionEvent[] = [];
    const services = createServices({
      storage: localStorage,
      i18n: await createI18n(localStorage),
      navigate: () => {},
      fetch: () => Promise.reject(new TypeError("offline")),
      inspect: { next: (event) => seen.push(event) },
    });
    services.session.send({ type: "session.passwordChangeRequired", pending: { id: 3, token: "t" } });
    expect(services.inspect).toBeDefined();
    expect(seen.some((event) => event.type === "@xstate.event" && event.event.type === "session.passwordChangeRequired")).toBe(true);
  });
});
