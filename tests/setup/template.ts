import { existsSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";

/** How a test file finds the template database prepared once by the global set-up. */
export type TemplateDatabase =
  | { readonly kind: "pglite"; readonly dataDir: string }
  | { readonly kind: "postgres"; readonly serverUrl: string; readonly template: string };

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: TemplateDatabase;
  }
}

/** Room for the template and the copies two workers or more keep open at once (about 45 MB each). */
const ROOM_BYTES = 1024 ** 3;

/**
 * Where the tests' embedded databases live: in the machine's shared memory (tmpfs) when it has the
 * room, where copying a cluster's 1,300 files takes 0.07 s of CPU against 0.8 s on this machine's
 * disk; on the disk otherwise (a container's default 64 MB of shared memory).
 */
export const databaseFolder = (): string => {
  const shared = "/dev/shm";
  if (!existsSync(shared)) return tmpdir();
  const { bavail, bsize } = statfsSync(shared);
  return bavail * bsize >= ROOM_BYTES ? shared : tmpdir();
};

/** The URL of another database on the same PostgreSQL server. */
export const databaseUrl = (serverUrl: string, database: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};
