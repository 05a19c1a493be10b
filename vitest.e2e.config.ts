import { defineConfig } from "vitest/config";

/**
 * `npm run test:e2e`: the built panel served by the production server on a fresh embedded
 * database, driven in Debian's Chromium with playwright-core. Each file starts its own server
 * and browser; two files run side by side, as a browser test spends most of its time waiting for
 * pages, not computing (the demo data each copies is made once: support/server.ts).
 */
export default defineConfig({
  test: {
    name: "e2e",
    environment: "node",
    include: ["tests/e2e/**/*.e2e.test.ts"],
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
