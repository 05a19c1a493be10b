import { describe, expect, it } from "vitest";
import { createLogger, writesLevel } from "../../server/log.ts";

describe("writesLevel", () => {
  it("says whether a logger writes a level, as its own lines do", () => {
    const lines: string[] = [];
    const logger = createLogger("warn", (line) => lines.push(line));
    logger.info("dropped");
    logger.warn("kept");
    expect(lines.map((line) => line.trim().split(" ").slice(1).join(" "))).toEqual(["WARN  kept"]);
    expect(writesLevel(logger, "info")).toBe(false);
    expect(writesLevel(logger, "warn")).toBe(true);
    expect(writesLevel(logger, "error")).toBe(true);
    expect(writesLevel(createLogger("info"), "info")).toBe(true);
    expect(writesLevel(createLogger("silent"), "fatal")).toBe(false);
  });

  it("takes a logger of a level it does not know to write it", () => {
    expect(writesLevel({ level: "verbose" }, "trace")).toBe(true);
  });
});
