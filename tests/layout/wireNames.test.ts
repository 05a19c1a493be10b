import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Decision 074 (issue 36 item 6): SPEC.md's misspelled names are the contract, so they stay on
 * the wire (JSON keys, routes, query parameters) and stop at it. Events, columns, tables,
 * identifiers, file names and texts use the right words. A misspelling may appear only in the
 * contract (src/api), in the migrations that once created and then renamed the columns, in the
 * upcast that reads events stored before the rename, and inside a path (`/panel/courtesys`,
 * `/leads/createTrakin`, `/leads/assingLeadtoUser/:leadId`), which is wire too. (`oferta` is Spanish.)
 */
const misspellings = /ofert(?!a)|avalab|coments|trakin|trankin|courtesys|assing|baner|recomendation|pluss\b/gi;

const root = join(import.meta.dirname, "../..");

const wireFiles = [/^src\/api\//, /^server\/db\/migrations\//, /^server\/events\/upcast\.ts$/];

const sourceFile = /\.(ts|tsx|json|sql|css|html)$/;

const filesUnder = (folder: string): string[] =>
  readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && sourceFile.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));

/** The characters a path is made of: a misspelling inside one that starts with `/` is a route. */
const pathCharacter = /[\w/:{}.-]/;

/** The misspellings of `text` that are not part of a path, as `line: word`. */
const misspellingsOutsidePaths = (text: string): string[] =>
  text.split("\n").flatMap((line, index) =>
    [...line.matchAll(misspellings)]
      .filter((match) => {
        let start = match.index;
        while (start > 0 && pathCharacter.test(line[start - 1] ?? "")) start -= 1;
        return line[start] !== "/";
      })
      .map((match) => `${index + 1}: ${match[0]}`),
  );

describe("the spec's misspellings stop at the wire (decision 074)", () => {
  it("finds a misspelling used as a name, and lets a route keep it", () => {
    expect(misspellingsOutsidePaths('const x = { ofertPrice: 1 };\nfetch("/api/courtesys/7")')).toEqual(["1: ofert"]);
    expect(misspellingsOutsidePaths('navigate("/panel/courtesys/courtesys_new"); post("/leads/createTrakin")')).toEqual([]);
    expect(misspellingsOutsidePaths("select coments from lead_notes; courtesys")).toEqual(["1: coments", "1: courtesys"]);
    expect(misspellingsOutsidePaths('"Precio oferta"')).toEqual([]);
    expect(misspellingsOutsidePaths('kind: "pluss"; const plusSign = "+";')).toEqual(["1: pluss"]);
  });

  it("names nothing misspelled in src and server outside the contract, the migrations and the upcast", () => {
    const found = [...filesUnder("src"), ...filesUnder("server")]
      .filter((file) => !wireFiles.some((wire) => wire.test(file)))
      .flatMap((file) => [
        ...(file.match(misspellings) === null ? [] : [`${file}: its name`]),
        ...misspellingsOutsidePaths(readFileSync(join(root, file), "utf8")).map((where) => `${file}:${where}`),
      ]);
    expect(found).toEqual([]);
  });
});
