import type { CatalogueDeclaration } from "../src/records/catalogue.ts";
import { catalogues } from "../src/records/index.ts";
import { catalogueTableSql } from "./catalogues/tables.ts";
import type { Database } from "./db/database.ts";
import { migrate } from "./db/migrate.ts";

/**
 * Brings a database to the schema this server needs: the migrations, then the read tables that
 * declared records create for themselves. Answers the migrations it applied.
 */
export const prepareSchema = (
  db: Database,
  declared: ReadonlyArray<CatalogueDeclaration> = catalogues,
): Promise<ReadonlyArray<string>> => migrate(db, declared.map(catalogueTableSql));
