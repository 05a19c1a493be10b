import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

// findBy and waitFor give up after 1 s by default: on a loaded 2-core machine (CI beside a build) a
// screen's lazy chunk alone can take longer (a file's first screen took 5.2 s at load 25), and a
// slow screen is not a wrong one.
configure({ asyncUtilTimeout: 10_000 });

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
  // a page a test wrote itself (the server-written landing) is no rendered root: cleared here
  document.body.replaceChildren();
  document.head.replaceChildren();
  document.documentElement.removeAttribute("lang");
  vi.restoreAllMocks();
  if (consoleErrors.length > 0) {
    throw new Error(`unexpected console.error:\n${consoleErrors.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
});
