import { createHash } from "node:crypto";
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
 * The row schema_migrations keeps for a set of `declared` statements once they ran: their digest,
 * so that a start whose declared records did not change runs none of them (a hundred statements,
 * a tenth of a restart on the embedded database).
 */
const declaredName = (declared: ReadonlyArray<string>): string => `declared ${createHash("sha256").update(declared.join(";\n")).digest("hex").slice(0, 16)}`;

/**
 * Applies, in name order, every migration not yet recorded in schema_migrations, then the
 * idempotent `declared` statements (tables of declared records, `create ... if not exists`) when
 * they changed or a migration was applied, all in one transaction: a failure leaves the schema as
 * it was. Answers the migrations it applied.
 */
export const migrate = async (db: Database, declared: ReadonlyArray<string> = []): Promise<ReadonlyArray<string>> => {
  const files = (await readdir(migrationsDir)).filter((name) => migrationFile.test(name)).sort();
  return db.transaction(async (tx) => {
    await lockTransaction(tx, MIGRATION_LOCK);
    await tx.exec(
      "create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())",
    );
    const applied = new Set(
      (await queryRows(tx, AppliedRow, "select name from schema_migrations")).map((row) => row.name),
    );
    const pending = files.filter((name) => !applied.has(name));
    for (const name of pending) {
      await tx.exec(await readFile(`${migrationsDir}${name}`, "utf8"));
      await execute(tx, "insert into schema_migrations (name) values ($1)", [name]);
    }
    const declaredAs = declaredName(declared);
    if (pending.length > 0 || !applied.has(declaredAs)) {
      for (const statement of declared) await tx.exec(statement);
      await execute(tx, "insert into schema_migrations (name) values ($1) on conflict (name) do nothing", [declaredAs]);
    }
    return pending;
  });
};
