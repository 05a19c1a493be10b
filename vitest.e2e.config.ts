import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";

/**
 * The browser files that take a minute or more, longest first. A clean clone has no timings of
 * earlier runs, so Vitest would start the largest files first and leave the screens' run (a
 * small file of three minutes) for last, alone on one core while the other waits: started first,
 * the long ones overlap the short ones and the run ends about a minute and a half sooner.
 */
const longestFirst = ["screens", "foundation", "markup", "users-catalogues", "forms-sessions", "flows", "passengers"];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification): number => {
      const place = longestFirst.findIndex((name) => spec.moduleId.endsWith(`/${name}.e2e.test.ts`));
      return place === -1 ? longestFirst.length : place;
    };
    // a stable sort: the files not named keep Vitest's own order after the named ones
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * `npm run test:e2e`: the built panel served by the production server on a fresh embedded
 * database, driven in Debian's Chromium with playwright-core. Each file starts its browser, and
 * its own server, or the shared server of its worker when it only reads the demo or sells on
 * departures it finds free (support/suite.ts, `sharedDemoServer`; the global set-up ends the
 * shared ones); two files run side by side (`maxWorkers` below says why not three; the demo data
 * each copies is made once: support/server.ts).
 */
export default defineConfig({
  test: {
    name: "e2e",
    environment: "node",
    include: ["tests/e2e/**/*.e2e.test.ts"],
    // Two files side by side: a third filled the idle cores but, in the clean-clone CI run at load
    // 17, left a dialog's button unanswered for 15 s (decision 086, fifth pass, after the merge).
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 240_000,
    globalSetup: ["tests/e2e/support/sharedServers.ts"],
    sequence: { sequencer: LongestFirst },
  },
});
