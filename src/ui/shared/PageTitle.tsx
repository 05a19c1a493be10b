import "./screens.css";
import { Link } from "wouter";
import { useDocumentTitle } from "./useDocumentTitle.ts";
import { Glyph, plusShape } from "./glyph.tsx";

/**
 * A screen's heading, with the round add button of SPEC.md section 2 when `add` is given; the
 * browser tab shows it too.
 */
export function PageTitle({
  title,
  add,
}: {
  readonly title: string;
  readonly add?: { readonly to: string; readonly label: string };
}) {
  useDocumentTitle(title);
  return (
    <div className="page-title">
      <h1 id="page-title">{title}</h1>
      {add !== undefined && (
        <Link href={add.to} className="round-add" aria-label={add.label} title={add.label}>
          <Glyph>{plusShape}</Glyph>
        </Link>
      )}
    </div>
  );
}
