import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EncodedItems, encodedItemsBody } from "../../server/http/register.ts";

/**
 * Decision 100: a list whose items are kept encoded (a period's berths, a page of leads) is sent as
 * their UTF-8 bytes copied side by side. Over any items (accented, emoji and control characters
 * among their texts) and paging, the bytes must read back as the JSON the list's object gives.
 */
const meta = fc.option(
  fc.record({ total: fc.nat(), page: fc.nat(), pageSize: fc.nat(), totalIsAtLeast: fc.boolean() }, { requiredKeys: ["total", "page", "pageSize"] }),
  { nil: undefined },
);

describe("a list answer of encoded items", () => {
  it("is the JSON of its items and paging, whatever their text", () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue({ stringUnit: "grapheme" })), meta, (items, paging) => {
        const body = encodedItemsBody(new EncodedItems(items.map((item) => Buffer.from(JSON.stringify(item))), paging));
        const expected = paging === undefined ? { data: items } : { data: items, meta: paging };
        expect(body.toString("utf8")).toBe(JSON.stringify(expected));
      }),
    );
  });
});
