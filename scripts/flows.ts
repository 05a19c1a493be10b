/**
 * `npm run flows`: writes docs/flows/<machine>.json (the machine's configuration, importable in the
 * Stately editor) and docs/flows/<machine>.md (a Mermaid state diagram with the states' and
 * transitions' descriptions) for every machine in the registry. `--check` writes nothing and
 * exits 1 when a committed file is out of date.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { flowDocuments } from "./flowDocuments.ts";

const directory = join(import.meta.dirname, "..", "docs", "flows");
const check = process.argv.includes("--check");
const documents = flowDocuments();

const stale = [...documents].filter(
  ([file, text]) => !existsSync(join(directory, file)) || readFileSync(join(directory, file), "utf8") !== text,
);
const orphans = existsSync(directory)
  ? readdirSync(directory).filter((file) => file !== "README.md" && !documents.has(file))
  : [];

if (check) {
  for (const [file] of stale) console.error(`out of date: docs/flows/${file}`);
  for (const file of orphans) console.error(`no longer a machine: docs/flows/${file}`);
  if (stale.length + orphans.length > 0) {
    console.error("Run `npm run flows` and commit docs/flows.");
    process.exit(1);
  }
} else {
  mkdirSync(directory, { recursive: true });
  for (const [file, text] of stale) writeFileSync(join(directory, file), text);
  for (const file of orphans) rmSync(join(directory, file));
  console.log(`docs/flows: ${stale.length} written, ${orphans.length} removed, ${documents.size - stale.length} unchanged`);
}
