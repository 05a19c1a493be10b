import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:pg`: the same server and API tests as the `server` project, on PostgreSQL.
 * TEST_DATABASE_URL names a server (e.g. postgres://postgres@127.0.0.1:5433/postgres);
 * scripts/with-postgres.sh starts a throwaway one and sets it.
 */
export default defineConfig({
  test: {
    // Vitest leaves one core to itself by default: on a 2-core machine that is one worker, while
    // the tests spend their time in PGlite or PostgreSQL, not in the main thread.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: "server-pg",
          environment: "node",
          include: ["tests/api/**/*.test.ts", "tests/server/**/*.test.ts", "tests/hardening/**/*.test.ts"],
          globalSetup: ["tests/setup/template-database.pg.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
