import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { copyEmptyDatabase } from "../../server/db/emptyDatabase.ts";

/** Every directory and file under `root` with its bytes, by path relative to it. */
const contents = (root: string, under = root): Record<string, string> =>
  Object.fromEntries(
    readdirSync(under, { withFileTypes: true }).flatMap((entry) => {
      const path = join(under, entry.name);
      return entry.isDirectory() ? [[`${relative(root, path)}/`, ""], ...Object.entries(contents(root, path))] : [[relative(root, path), readFileSync(path, "hex")]];
    }),
  );

const made: string[] = [];
const directory = (): string => {
  const path = mkdtempSync(join(tmpdir(), "empty-copy-"));
  made.push(path);
  return path;
};

afterEach(() => {
  for (const path of made.splice(0)) rmSync(path, { recursive: true, force: true });
});

/** A cluster's shape: nested directories, an empty one, many files, some empty, PG_VERSION at the top. */
const cluster = (): string => {
  const root = directory();
  writeFileSync(join(root, "PG_VERSION"), "17\n");
  mkdirSync(join(root, "pg_notify"));
  for (const database of ["1", "4", "5"]) {
    mkdirSync(join(root, "base", database), { recursive: true });
    for (let file = 0; file < 40; file += 1) writeFileSync(join(root, "base", database, String(1200 + file)), file % 3 === 0 ? "" : Buffer.alloc(8192 * (file % 4), file));
  }
  mkdirSync(join(root, "pg_wal", "archive_status"), { recursive: true });
  writeFileSync(join(root, "pg_wal", "000000010000000000000001"), Buffer.alloc(1 << 20, 7));
  return root;
};

describe("the build's empty database copied into a new data directory (decision 113)", () => {
  it("gives every directory and file with the same bytes", async () => {
    const from = cluster();
    const to = join(directory(), "data");
    await copyEmptyDatabase(from, to);
    expect(contents(to)).toEqual(contents(from));
    expect(statSync(join(to, "pg_wal", "000000010000000000000001")).size).toBe(1 << 20);
  });

  it("leaves PG_VERSION out when a file could not be copied, so the next start copies again", async () => {
    const from = cluster();
    // a directory where one of its files should be: that file's copy fails
    const to = join(directory(), "data");
    mkdirSync(join(to, "base", "5", "1202"), { recursive: true });
    await expect(copyEmptyDatabase(from, to)).rejects.toThrow();
    expect(existsSync(join(to, "PG_VERSION"))).toBe(false);
  });

  it("has stopped writing when it tells of the failure, so its caller may remove the directory at once", async () => {
    const from = cluster();
    const to = join(directory(), "data");
    mkdirSync(join(to, "base", "4", "1239"), { recursive: true });
    await expect(copyEmptyDatabase(from, to)).rejects.toThrow();
    const told = contents(to);
    await new Promise((settle) => setTimeout(settle, 200));
    expect(contents(to)).toEqual(told);
  });
});
