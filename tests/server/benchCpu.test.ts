/** How the bench charges a loaded run's CPU to the processes that spent it (decision 132). */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { postgresProcesses, processSeconds, withCpu } from "../../scripts/benchCpu.ts";

/** Keeps a core busy until this process has spent `ms` more of CPU (a loaded machine stretches the wall time, not this). */
const spin = (ms: number) => {
  const cpu = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  const until = cpu() + ms;
  let turns = 0;
  while (cpu() < until) turns += 1;
  return turns;
};

/** A line the child writes, once. */
const lineFrom = (child: ReturnType<typeof spawn>, text: string) =>
  new Promise<void>((resolve) => {
    let seen = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      seen += chunk.toString("utf8");
      if (seen.includes(text)) resolve();
    });
  });

describe("the bench's CPU accounting", () => {
  it("charges the bench's own work to itself and a busy child's to the child, not the other way round", async () => {
    // a child that spends 300 ms of CPU when told, its name with a space and parentheses as /proc writes them
    const child = spawn(
      process.execPath,
      [
        "-e",
        `process.title = 'busy (child) x';
         const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
         process.stdin.once("data", () => { const until = cpu() + 300; while (cpu() < until); process.stdout.write("done\\n"); });
         process.stdout.write("ready\\n");`,
      ],
      { stdio: ["pipe", "pipe", "ignore"] },
    );
    const pid = child.pid ?? -1;
    try {
      // the child's start apart: its first moments load Node, not the work measured
      await lineFrom(child, "ready");
      const done = lineFrom(child, "done");
      const { seconds } = await withCpu({ bench: { kind: "self" }, child: { kind: "processes", pids: () => [pid] } }, async () => {
        child.stdin?.write("go\n");
        spin(150);
        await done;
        return null;
      });
      expect(seconds.bench).toBeGreaterThanOrEqual(0.15);
      expect(seconds.bench).toBeLessThan(0.3);
      expect(seconds.child).toBeGreaterThanOrEqual(0.25);
      expect(seconds.child).toBeLessThan(0.4);
    } finally {
      child.kill();
    }
  });

  it("answers null for a part none of whose processes can be read, and for a pid that is gone", async () => {
    const { seconds } = await withCpu({ gone: { kind: "processes", pids: () => [2 ** 30] } }, async () => null);
    expect(seconds.gone).toBeNull();
    expect(processSeconds(2 ** 30)).toBeNull();
    expect(processSeconds(process.pid)).toBeGreaterThan(0);
  });

  it("finds no PostgreSQL process among processes that only mention it", () => {
    const mention = spawn(process.execPath, ["-e", "setTimeout(() => {}, 2000)", "postgres"], { stdio: "ignore" });
    try {
      expect(postgresProcesses()).not.toContain(mention.pid);
    } finally {
      mention.kill();
    }
  });
});

describe("the limits report's cores", () => {
  it("prints each side's time of a core per round with its total, and a dash for PGlite's own", async () => {
    const { limitsReport } = await import("../../scripts/benchLimits.ts");
    const read = {
      name: "availability, three months, all yachts" as const,
      p50Ms: 15,
      single: { p50: 2, healthP50: 1, databaseP50: 0.5, shareP50: 0.3, writeP50: 4, errors: 0 },
      endpointRps: 340,
      endpointAloneRps: 310,
      limitRps: 600,
      bareRps: 515,
      cpu: {
        endpoint: { server: 2.234, database: 2.7, client: 0.16 },
        limit: { server: null, database: 2.5, client: 0.81 },
        bare: { server: 0.9, database: 2.6, client: 0.2 },
      },
      statements: 0.5,
      errors: 0,
      replayErrors: 0,
      refused: { load: 0.52, alone: 0.436, replay: 0.4375 },
    };
    const pglite = { ...read, refused: null, cpu: { endpoint: { server: 3.1, database: null, client: 0.2 }, limit: { server: null, database: null, client: 2.4 }, bare: read.cpu.bare } };
    const { lines } = limitsReport(
      [
        { database: "PostgreSQL", leads: 10, load: [1, 1, 1], reads: [read], plansFile: "plans.md", wholeTables: [] },
        { database: "PGlite", leads: 10, load: [1, 1, 1], reads: [pglite], plansFile: "plans.md", wholeTables: [] },
      ],
      { seconds: 1, clients: 32, rounds: 1, captured: 1, capturedQuestions: 1, pgliteLeads: 10, postgresLeads: 10 },
    );
    expect(lines).toContain("| PostgreSQL | availability, three months, all yachts | 2.23 | 2.70 | 0.16 | 5.09 | 0.81 | 2.50 | 3.31 | 0.90 | 2.60 | 0.20 | 3.70 | 52 % / 44 % / 44 % |");
    expect(lines.find((line) => line.startsWith("| PostgreSQL | 10 |"))).toContain("| availability, three months, all yachts | 0.5 | 340 | 310 | 600 | 515 | 0.57 |");
    expect(lines).toContain("| PGlite | availability, three months, all yachts | 3.10 | – | 0.20 | 3.30 | 2.40 | – | 2.40 | 0.90 | 2.60 | 0.20 | 3.70 |  |");
  });
});

describe("the rounds a write's read is replayed with", () => {
  const candidates = (kinds: string) => [...kinds].map((kind, at) => ({ refused: kind === "r", round: `${kind}${at}` }));

  it("keeps the load's share of refused writes, the first of each kind", async () => {
    const { roundsLike } = await import("../../scripts/benchLimits.ts");
    expect(roundsLike(candidates("aarararraa"), 4, 0.5)).toEqual(["r2", "r4", "a0", "a1"]);
    expect(roundsLike(candidates("aarararraa"), 4, 0)).toEqual(["a0", "a1", "a3", "a5"]);
    expect(roundsLike(candidates("aarararraa"), 4, 1)).toEqual(["r2", "r4", "r6", "r7"]);
  });

  it("fills with the other kind when one is short", async () => {
    const { roundsLike } = await import("../../scripts/benchLimits.ts");
    expect(roundsLike(candidates("aaaaar"), 4, 0.75)).toEqual(["r5", "a0", "a1", "a2"]);
    expect(roundsLike(candidates("rrrrra"), 4, 0)).toEqual(["r0", "r1", "r2", "a5"]);
  });
});
