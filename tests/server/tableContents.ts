import type { Database } from "../../server/db/database.ts";

/**
 * Every table's rows as one digest with their count, and where every sequence goes next. The
 * password hashes are salted afresh at each seed: they are left out, as is the adapters' own
 * bookkeeping (the migrations applied; on PostgreSQL the change count every transaction raises)
 * and the rows a kept seed holds aside to put back (`kept_*`, tests/setup/database.ts).
 */
export const tableContents = async (db: Database): Promise<Record<string, string>> => {
  const tables = await db.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' and tablename not in ('schema_migrations', 'data_changes') and tablename not like 'kept\\_%' order by 1",
  );
  const found: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await db.query<{ rows: number; digest: string }>(
      `select count(*)::int as rows, coalesce(md5(string_agg(regexp_replace(t::text, '[$]argon2id[^"]*', '', 'g'), E'\\n' order by t::text)), '') as digest from ${name} t`,
    );
    found[name] = `${row?.rows ?? 0} rows ${row?.digest ?? ""}`;
  }
  const sequences = await db.query<{ name: string }>("select relname as name from pg_class where relkind = 'S' and relnamespace = 'public'::regnamespace order by 1");
  for (const { name } of sequences) {
    const [row] = await db.query<{ next: number }>(`select (last_value + case when is_called then 1 else 0 end)::int as next from ${name}`);
    found[`next ${name}`] = String(row?.next ?? 0);
  }
  return found;
};
