import type { CatalogueDeclaration } from "../../src/records/catalogue.ts";
import { tableOf } from "./storage.ts";

const identifier = /^[a-z_][a-z0-9_]*$/;

/**
 * The read table of a declared catalogue, created when missing (decision 017): a new catalogue
 * needs no migration of its own. Its declared details (decision 027) live in one jsonb column, so
 * adding a detail needs none either; tables made before details existed get the column. `stamps`
 * holds what a lifecycle's commands stamp (an Ikarus rate's activation date, its deactivation's reason). Deleted
 * items keep their row (status 'deleted') so their history stays readable; the lists leave them out.
 */
export const catalogueTableSql = (catalogue: CatalogueDeclaration): string => {
  if (!identifier.test(tableOf(catalogue))) throw new Error(`'${tableOf(catalogue)}' is not a table name`);
  return `create table if not exists ${tableOf(catalogue)} (
    id serial primary key,
    name text not null,
    active boolean not null,
    status text not null,
    version int not null,
    created_at timestamptz not null,
    updated_at timestamptz not null
  );
  alter table ${tableOf(catalogue)} add column if not exists details jsonb not null default '{}';
  alter table ${tableOf(catalogue)} add column if not exists stamps jsonb not null default '{}'`;
};
