import fc from "fast-check";
import { expect, it } from "vitest";
import { CatalogueItemId } from "../../src/api/ids.ts";
import { stampText } from "../../src/records/catalogue.ts";

const stamp = { name: "activatedAt", date: true };

it("writes a stamp's day as day/month/year in Spanish and in English alike, and as ISO for sorting (PRODUCT.md)", () => {
  fc.assert(
    fc.property(fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T23:59:59Z"), noInvalidDate: true }), (when) => {
      const iso = when.toISOString();
      const [year, month, day] = iso.slice(0, 10).split("-");
      const item = { id: CatalogueItemId.make(1), name: "Tarifa", active: true, version: 1, activatedAt: iso };
      expect(stampText(stamp, item, "es")).toBe(`${day}/${month}/${year}`);
      expect(stampText(stamp, item, "en")).toBe(`${day}/${month}/${year}`);
      expect(stampText(stamp, item)).toBe(iso.slice(0, 10));
    }),
  );
});
