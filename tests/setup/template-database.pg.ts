/**
 * Global set-up of the PostgreSQL suite (vitest.pg.config.ts): on the server of
 * TEST_DATABASE_URL, creates one migrated template database; each test file then gets
 * `create database test_<random> template <it>` (tests/setup/database.ts).
 */
import pg from "pg";
import type { TestProject } from "vitest/node";
import { prepareSchema } from "../../server/schema.ts";
import { openPostgres } from "../../server/db/postgres.ts";
import { databaseUrl } from "./template.ts";

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    throw new Error(
      "TEST_DATABASE_URL is not set: run `bash scripts/with-postgres.sh npm run test:pg`, or point it at a PostgreSQL server",
    );
  }
  const template = `backoffice_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.query(`create database ${template}`);
  } finally {
    await admin.end();
  }
  const db = await openPostgres(databaseUrl(serverUrl, template));
  try {
    await prepareSchema(db);
  } finally {
    // A template must have no open connection when it is copied.
    await db.close();
  }
  project.provide("templateDatabase", { kind: "postgres", serverUrl, template });
  return async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    try {
      await cleanup.query(`drop database if exists ${template} with (force)`);
    } finally {
      await cleanup.end();
    }
  };
}
