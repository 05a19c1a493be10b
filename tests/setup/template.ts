/** How a test file finds the template database prepared once by the global set-up. */
export type TemplateDatabase =
  | { readonly kind: "pglite"; readonly dumpPath: string }
  | { readonly kind: "postgres"; readonly serverUrl: string; readonly template: string };

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: TemplateDatabase;
  }
}

/** The URL of another database on the same PostgreSQL server. */
export const databaseUrl = (serverUrl: string, database: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};
