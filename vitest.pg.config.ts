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
    // A worker keeps the modules it loaded from one file to the next, as in vitest.config.ts (decision 105).
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: "server-pg",
          environment: "node",
          include: ["tests/api/**/*.test.ts", "tests/server/**/*.test.ts", "tests/hardening/**/*.test.ts"],
          // The generated tests of the HTTP contract (each role against every endpoint, malformed
          // payloads, fuzzed requests) are refused or admitted before any statement runs, so the
          // database they meet changes nothing: they run on the embedded one only (npm test).
          // The demo is the embedded database's only (a PostgreSQL installation is a real one), so
          // its first start on fourteen days runs there too. So do the files of what only the
          // embedded database has (*.pglite.test.ts; *.postgres.test.ts run here alone).
          exclude: [
            "tests/api/access.test.ts",
            "tests/api/payloads.test.ts",
            "tests/hardening/fuzz.test.ts",
            "tests/server/seedDates.test.ts",
            "tests/**/*.pglite.test.ts",
          ],
          globalSetup: ["tests/setup/template-database.pg.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
