import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { Schema } from "effect";
import type { Database } from "./database.ts";
import { execute, lockTransaction, queryRows } from "./rows.ts";

const migrationsDir = fileURLToPath(new URL("./migrations/", import.meta.url));

/** Any fixed number: every server sharing one PostgreSQL takes this lock before migrating. */
const MIGRATION_LOCK = 7_241_001;

const migrationFile = /^\d{3}_[\w-]+\.sql$/;

const AppliedRow = Schema.Struct({ name: Schema.String });

/**
 * Applies, in name order, every migration not yet recorded in schema_migrations, then the
 * idempotent `declared` statements (tables of declared records, `create ... if not exists`), all
 * in one transaction: a failure leaves the schema as it was. Answers the migrations it applied.
 */
export const migrate = async (db: Database, declared: ReadonlyArray<string> = []): Promise<ReadonlyArray<string>> => {
  const files = (await readdir(migrationsDir)).filter((name) => migrationFile.test(name)).sort();
  const sources = await Promise.all(
    files.map(async (name) => ({ name, sql: await readFile(`${migrationsDir}${name}`, "utf8") })),
  );
  return db.transaction(async (tx) => {
    await lockTransaction(tx, MIGRATION_LOCK);
    await tx.exec(
      "create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())",
    );
    const applied = new Set(
      (await queryRows(tx, AppliedRow, "select name from schema_migrations")).map((row) => row.name),
    );
    const pending = sources.filter((source) => !applied.has(source.name));
    for (const source of pending) {
      await tx.exec(source.sql);
      await execute(tx, "insert into schema_migrations (name) values ($1)", [source.name]);
    }
    for (const statement of declared) await tx.exec(statement);
    return pending.map((source) => source.name);
  });
};
