import type { Content, PageOrientation, TDocumentDefinitions } from "pdfmake/interfaces";

/** PDF's standard fonts draw the WinAnsi characters only: an arrow between two places is written as a dash. */
export const drawable = (text: string): string => text.replaceAll("→", "–");

/** The page's left and right margins, in points. */
const PAGE_MARGIN = 30;

/** An A4 page's width, upright or on its side, in points. */
const PAGE_WIDTH = { portrait: 595, landscape: 842 } as const;

/** Each cell's padding in the table's layout (8 points each side), in points. */
const CELL_EXTRA = 16;

/** The widths of a table's columns: the page's width between its margins, shared as each column's `width` asks. */
export const columnWidths = (columns: ReadonlyArray<{ readonly width: number }>, orientation: PageOrientation): number[] => {
  const shares = columns.reduce((sum, column) => sum + column.width, 0);
  const free = PAGE_WIDTH[orientation] - 2 * PAGE_MARGIN - columns.length * CELL_EXTRA;
  return columns.map((column) => Math.floor((column.width / shares) * free));
};

/** What a document's PDF pages show around its content (a departure's list, a money document). */
export interface PdfPage {
  /** The file's title, as a PDF reader shows it. */
  readonly fileTitle: string;
  readonly title: string;
  readonly subtitle: string;
  /** When it was generated, at the header's right, `generatedWidth` points wide. */
  readonly generated: string;
  readonly generatedWidth: number;
  /** The page number's text, with `{page}` and `{pages}` in it. */
  readonly page: string;
  readonly orientation: PageOrientation;
  readonly logo: Uint8Array | null;
  readonly content: Content[];
}

/** An A4 document: the logo, title, subtitle and when it was generated on every page, its page numbers below. */
export const pdfPage = (page: PdfPage): TDocumentDefinitions => ({
  info: { title: page.fileTitle },
  pageSize: "A4",
  pageOrientation: page.orientation,
  pageMargins: [PAGE_MARGIN, 74, PAGE_MARGIN, 36],
  defaultStyle: { font: "Helvetica", fontSize: 8 },
  ...(page.logo === null ? {} : { images: { logo: `data:image/png;base64,${Buffer.from(page.logo).toString("base64")}` } }),
  header: () => ({
    margin: [PAGE_MARGIN, 18, PAGE_MARGIN, 0],
    columns: [
      page.logo === null ? { text: "", width: 100 } : { image: "logo", fit: [100, 40], width: 100 },
      {
        width: "*",
        margin: [12, 0, 0, 0],
        stack: [
          { text: page.title, bold: true, fontSize: 14 },
          { text: page.subtitle, fontSize: 9 },
        ],
      },
      { text: page.generated, width: page.generatedWidth, alignment: "right", fontSize: 7 },
    ],
  }),
  footer: (current: number, pages: number) => ({
    text: page.page.replace("{page}", String(current)).replace("{pages}", String(pages)),
    alignment: "center",
    fontSize: 7,
    margin: [0, 12, 0, 0],
  }),
  content: page.content,
});
