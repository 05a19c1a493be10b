import type { TextField } from "../api/fields.ts";

/**
 * The panel-facing parts of a record's declaration (decision 017): what its list shows and what
 * its form asks, as data the generic list and form views draw. Headers and labels are text keys
 * of src/i18n; a text field carries its rule from the contract, so the input gets the same
 * `maxLength` the server enforces.
 */

/** A column of a record's list. */
export type ColumnDeclaration<Row> =
  | { readonly kind: "active"; readonly header: string; readonly value: (row: Row) => boolean }
  | { readonly kind: "text"; readonly header: string; readonly value: (row: Row) => string };

/** A field of a record's form: its name in the form, its label, and its value in a saved record. */
export type FieldDeclaration<Item> =
  | {
      readonly kind: "text";
      readonly name: string;
      readonly label: string;
      readonly rule: TextField;
      readonly value: (item: Item) => string;
    }
  | {
      readonly kind: "checkbox";
      readonly name: string;
      readonly label: string;
      readonly value: (item: Item) => boolean;
      /** Whether a new record starts checked. */
      readonly initial: boolean;
    };
