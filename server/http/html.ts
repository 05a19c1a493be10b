/**
 * HTML written by the server (the public landing page, decision 070) as a tagged template in
 * which every interpolated value is text: `html\`<p>${title}</p>\`` escapes `title`, so a banner
 * titled `<script>` shows as those characters (decision 019). Only what `html` itself made is
 * inserted as markup: a fragment, or a list of fragments. Nothing, false and null insert nothing.
 */
export class Html {
  constructor(readonly markup: string) {}

  toString(): string {
    return this.markup;
  }
}

type Value = Html | string | number | boolean | null | undefined | ReadonlyArray<Value>;

const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text as it shows in an element or a quoted attribute. */
export const escapeText = (text: string): string => text.replace(/[&<>"']/g, (character) => entities[character] ?? character);

const markupOf = (value: Value): string => {
  if (value instanceof Html) return value.markup;
  if (Array.isArray(value)) return value.map(markupOf).join("");
  if (value === null || value === undefined || value === false || value === true) return "";
  return escapeText(String(value));
};

export const html = (strings: TemplateStringsArray, ...values: ReadonlyArray<Value>): Html =>
  new Html(strings.reduce((markup, part, index) => markup + part + (index < values.length ? markupOf(values[index] as Value) : ""), ""));

/**
 * An attribute when it has a value: `attribute("lang", lang)` writes ` lang="en"`, escaped, and
 * nothing for null; `true` writes the bare name (`hidden`).
 */
export const attribute = (name: string, value: string | number | boolean | null | undefined): Html =>
  value === null || value === undefined || value === false ? new Html("") : new Html(value === true ? ` ${name}` : ` ${name}="${escapeText(String(value))}"`);
