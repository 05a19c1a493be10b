import { describe, expect, it } from "vitest";
import { csvText, type ExportTable, exportFileName } from "../../src/ui/shared/tableExport.ts";

interface Row {
  readonly name: string;
  readonly note: string;
}

const table: ExportTable<Row> = {
  title: "Leads",
  columns: [
    { header: "Nombre", text: (row) => row.name },
    { header: "Nota", text: (row) => row.note },
  ],
};

describe("the CSV of a list", () => {
  it("starts with a byte-order mark and quotes commas, quotes and line breaks", () => {
    const text = csvText(table, [
      { name: "Pérez, Ana", note: 'dijo "hola"\ny se fue' },
      { name: "Ñandú", note: "+593 99 123 4567" },
    ]);
    expect(text).toBe(
      '\uFEFFNombre,Nota\r\n"Pérez, Ana","dijo ""hola""\ny se fue"\r\nÑandú,+593 99 123 4567\r\n',
    );
  });

  it("keeps what a spreadsheet would run as a formula as text", () => {
    const text = csvText(table, [{ name: "=HYPERLINK(\"http://x\")", note: "-2+3" }, { name: "@SUM(A1)", note: "+1 (415) 555" }]);
    expect(text.split("\r\n").slice(1, 3)).toEqual([`"'=HYPERLINK(""http://x"")",'-2+3`, "'@SUM(A1),+1 (415) 555"]);
  });

  it("names the file after the list and the day", () => {
    expect(exportFileName("Usuarios", "xlsx", new Date(2026, 10, 3))).toBe("Usuarios-2026-11-03.xlsx");
  });
});
