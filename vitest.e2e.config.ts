import { defineConfig } from "vitest/config";

/**
 * `npm run test:e2e`: the built panel served by the production server on a fresh embedded
 * database, driven in Debian's Chromium with playwright-core. Files run one at a time: each
 * starts its own server, and two browsers at once would starve a 2-core machine.
 */
export default defineConfig({
  test: {
    name: "e2e",
    environment: "node",
    include: ["tests/e2e/**/*.e2e.test.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
