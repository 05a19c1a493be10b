import react from "@vitejs/plugin-react";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * `npm test` runs every project: server and API tests on a clone of one template PGlite database,
 * pure machine and property tests, component tests in jsdom, and the path-coverage gate.
 * The PostgreSQL and browser suites have their own configs (vitest.pg.config.ts, vitest.e2e.config.ts).
 */
export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest leaves one core to itself by default: on a 2-core machine that is one worker, while
    // the tests spend their time in PGlite or PostgreSQL, not in the main thread.
    maxWorkers: availableParallelism(),
    // A worker keeps the modules it loaded from one file to the next instead of loading the
    // server, the machines and React again for each (the files' imports took 160 s of the run's
    // 540; the server files 392 s -> 273 s): no module keeps state a test could leave behind
    // (each file opens its own database and server; tests/setup/ui.ts resets the DOM, storage and
    // address before every UI test), and the suite passes in shuffled orders (decision 053).
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["tests/api/**/*.test.ts", "tests/server/**/*.test.ts", "tests/hardening/**/*.test.ts"],
          // A file named *.postgres.test.ts checks what only PostgreSQL has (several servers on one
          // database); it runs in `npm run test:pg`, as *.pglite.test.ts runs here only: no test is
          // skipped on either database.
          exclude: ["tests/**/*.postgres.test.ts"],
          globalSetup: ["tests/setup/template-database.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          // Isolated: sharing a worker's modules, a refusal thrown by the client was now and then
          // an ApiError of another load of its module than the test's (equal, not the same
          // class), and these files gain 9 s at most from sharing.
          isolate: true,
          // Each file in a new worker: a thread starts cheaper than a process (33 files: 20.2 s of
          // CPU against 23.3 s, decision 086), and no file of these sets the process's environment.
          pool: "threads",
          include: ["tests/machines/**/*.test.ts", "tests/properties/**/*.test.ts", "tests/layout/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "paths",
          environment: "node",
          isolate: true,
          include: ["tests/paths/**/*.test.ts"],
          // The reservation machine's generated paths take 1-2 s alone and 7 s on a loaded 2-core
          // machine (seen at load 25): the limit catches a hang, not a slow machine.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "ui",
          environment: "jsdom",
          include: ["tests/ui/**/*.test.tsx"],
          setupFiles: ["tests/setup/ui.ts"],
          // A screen clicked through several pages takes 3-5 s in jsdom on a 2-core CI machine
          // beside the other worker (the leads list's pager test: 3.5 s in one clean-clone run,
          // 5.1 s in the next, over Vitest's default 5 s). The limit catches a test that hangs;
          // speed is the benches' to measure.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
