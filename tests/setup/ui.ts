import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

/** A React warning or a failed effect is a test failure, not noise in the log. */
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  localStorage.clear();
  window.history.replaceState(null, "", "/");
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  if (consoleErrors.length > 0) {
    throw new Error(`unexpected console.error:\n${consoleErrors.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
});
