/**
 * Finds every machine's path-test fixtures by file name (decision 017): each
 * `src/machines/**\/<name>.machine.ts` has a `<name>.fixtures.ts` beside it exporting `fixtures`.
 * Used by the path-coverage gate and by `npm run flows`; never by the panel.
 */
import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import type { MachineFixtures } from "../src/machines/shared/fixtures.ts";

const root = join(import.meta.dirname, "..");
const machinesDirectory = join(root, "src", "machines");

const MACHINE = ".machine.ts";
const FIXTURES = ".fixtures.ts";

const filesEndingWith = (suffix: string): string[] =>
  readdirSync(machinesDirectory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();

/** Every `*.machine.ts` under src/machines, as a path from the repository root, sorted. */
export const machineFiles = (): string[] => filesEndingWith(MACHINE);

/** Every `*.fixtures.ts` under src/machines: each must stand beside its machine. */
const fixturesFiles = (): string[] => filesEndingWith(FIXTURES);

/** `src/machines/session/login.machine.ts` -> `src/machines/session/login.fixtures.ts`. */
export const fixturesFileOf = (machineFile: string): string =>
  `${machineFile.slice(0, -MACHINE.length)}${FIXTURES}`;

const isFixtures = (value: unknown): value is MachineFixtures =>
  typeof value === "object" &&
  value !== null &&
  "id" in value &&
  typeof value.id === "string" &&
  "machine" in value &&
  "events" in value &&
  Array.isArray(value.events) &&
  "inputs" in value &&
  Array.isArray(value.inputs);

export interface LoadedFixtures {
  /** Every fixture entry found, in the order of the machine files. */
  readonly entries: ReadonlyArray<MachineFixtures & { readonly file: string; readonly fixturesFile: string }>;
  /** What is wrong, one line per file: a machine without fixtures, fixtures without a machine... */
  readonly problems: ReadonlyArray<string>;
}

/** Imports the fixtures beside every machine file. */
export const loadMachineFixtures = async (): Promise<LoadedFixtures> => {
  const entries: Array<MachineFixtures & { readonly file: string; readonly fixturesFile: string }> = [];
  const problems: string[] = [];
  for (const machineFile of machineFiles()) {
    const fixturesFile = fixturesFileOf(machineFile);
    if (!existsSync(join(root, fixturesFile))) {
      problems.push(`${machineFile} has no ${fixturesFile} beside it`);
      continue;
    }
    let module: { readonly fixtures?: unknown };
    try {
      module = await import(pathToFileURL(join(root, fixturesFile)).href);
    } catch (error) {
      problems.push(`${fixturesFile} could not be imported: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const exported = Array.isArray(module.fixtures) ? module.fixtures : [module.fixtures];
    if (exported.length === 0 || !exported.every(isFixtures)) {
      problems.push(`${fixturesFile} does not export \`fixtures\` built with machineFixtures(...)`);
      continue;
    }
    for (const fixtures of exported) {
      const file = fixtures.file ?? machineFile;
      if (file !== machineFile) {
        problems.push(`${fixturesFile}: fixtures "${fixtures.id}" name ${file}, not ${machineFile}`);
      }
      entries.push({ ...fixtures, file, fixturesFile });
    }
  }
  const machines = new Set(machineFiles());
  for (const fixturesFile of fixturesFiles()) {
    const machineFile = `${fixturesFile.slice(0, -FIXTURES.length)}${MACHINE}`;
    if (!machines.has(machineFile)) problems.push(`${fixturesFile} has no ${machineFile} beside it`);
  }
  return { entries, problems };
};
