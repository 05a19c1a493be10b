import { describe, expect, it } from "vitest";
import { countryOptions } from "../../src/api/countries.ts";
import { countryName } from "../../src/ui/shared/countries.ts";

describe("a lead's country", () => {
  it("is stored by its Spanish name and shown in the page's language", () => {
    const unitedStates = countryOptions("en").find((option) => option.label === "United States");
    expect(unitedStates?.value).toBe("Estados Unidos");
    expect(countryName("Estados Unidos", "en")).toBe("United States");
    expect(countryName("Estados Unidos", "es")).toBe("Estados Unidos");
    expect(countryName("Alemania", "en")).toBe("Germany");
  });

  it("shows a name that is no country of the list as it was stored", () => {
    expect(countryName("Galápagos", "en")).toBe("Galápagos");
  });
});
