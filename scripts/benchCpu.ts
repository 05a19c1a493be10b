/**
 * Where a loaded run's CPU went (issue 39 item 4, decision 132): the time of a core each process
 * took, read from /proc before and after the run (user + system, as `ps` counts it). On two shared
 * cores a ratio against the limit is decided by who spends the cores: the server, the database or
 * the client; this says which, per request.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks a second, as /proc counts CPU time (`getconf CLK_TCK`; 100 on Linux when it cannot be asked). */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * A process's CPU seconds so far, null when it is gone (or there is no /proc). The command name in
 * /proc/PID/stat may hold spaces and parentheses: the fields are read after its last `)`.
 */
export const processSeconds = (pid: number): number | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // after the name: state is field 3 of stat(5), utime 14 and stime 15, so 11 and 12 here
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return null;
  }
};

/** The processes of the PostgreSQL server on this machine (its postmaster and every backend): none when it runs elsewhere. */
export const postgresProcesses = (): number[] => {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      return /^(\/\S*\/)?postgres\b/.test(command) ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
};

/** A part of the machine a run is charged to: the bench's own process, a child, or a set found when asked. */
export type CpuPart = { readonly kind: "self" } | { readonly kind: "processes"; readonly pids: () => ReadonlyArray<number> };

/** The processes' CPU seconds now, each by pid (the bench's own under -1). */
const snapshot = (part: CpuPart): Map<number, number> => {
  if (part.kind === "self") {
    const usage = process.cpuUsage();
    return new Map([[-1, (usage.user + usage.system) / 1e6]]);
  }
  return new Map(part.pids().flatMap((pid) => {
    const seconds = processSeconds(pid);
    return seconds === null ? [] : [[pid, seconds] as const];
  }));
};

/**
 * Runs `work` and answers, beside its result, each part's CPU seconds during it; null for a part
 * none of whose processes could be read. A process that started during the run counts from zero
 * (a backend opened for it); one that ended during it loses its time, which the pools here never do.
 */
export const withCpu = async <T, K extends string>(parts: Readonly<Record<K, CpuPart>>, work: () => Promise<T>): Promise<{ readonly result: T; readonly seconds: Record<K, number | null> }> => {
  const names = Object.keys(parts) as K[];
  const before = new Map(names.map((name) => [name, snapshot(parts[name])]));
  const result = await work();
  const seconds = Object.fromEntries(
    names.map((name) => {
      const after = snapshot(parts[name]);
      if (after.size === 0) return [name, null];
      const earlier = before.get(name) ?? new Map<number, number>();
      let total = 0;
      for (const [pid, now] of after) total += now - (earlier.get(pid) ?? 0);
      return [name, total];
    }),
  ) as Record<K, number | null>;
  return { result, seconds };
};
