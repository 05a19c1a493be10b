/**
 * `npm run flows`: for every machine with fixtures beside it (src/machines/**\/<name>.fixtures.ts),
 * writes docs/flows/<id>.json (the machine's configuration, importable in the Stately editor),
 * docs/flows/<id>.md (a Mermaid state diagram with the states' and transitions' descriptions) and
 * docs/flows/<id>.paths.json (the generated paths). The panel's flows page reads the .json and
 * .paths.json files, never the machines or their fixtures. A machine without fixtures is left
 * out (its files removed) and the command exits 1. `--check` writes nothing and exits 1 when a committed file is out
 * of date.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { flowDocuments } from "./flowDocuments.ts";

const directory = join(import.meta.dirname, "..", "docs", "flows");
const check = process.argv.includes("--check");
const { documents, problems } = await flowDocuments();

const stale = [...documents].filter(
  ([file, text]) => !existsSync(join(directory, file)) || readFileSync(join(directory, file), "utf8") !== text,
);
// descriptions.<language>.json holds the descriptions' translations, written by hand, not from a machine
const orphans = existsSync(directory)
  ? readdirSync(directory).filter((file) => file !== "README.md" && !/^descriptions\.\w+\.json$/.test(file) && !documents.has(file))
  : [];

for (const problem of problems) console.error(`left out: ${problem}`);

if (check) {
  for (const [file] of stale) console.error(`out of date: docs/flows/${file}`);
  for (const file of orphans) console.error(`no longer a machine: docs/flows/${file}`);
  if (stale.length + orphans.length + problems.length > 0) {
    console.error("Run `npm run flows` and commit docs/flows.");
    process.exit(1);
  }
} else {
  mkdirSync(directory, { recursive: true });
  for (const [file, text] of stale) writeFileSync(join(directory, file), text);
  for (const file of orphans) rmSync(join(directory, file));
  console.log(`docs/flows: ${stale.length} written, ${orphans.length} removed, ${documents.size - stale.length} unchanged`);
  if (problems.length > 0) process.exit(1);
}
