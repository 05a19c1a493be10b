import type { DetailRule, DetailValue } from "../api/details.ts";
import type { TextField } from "../api/fields.ts";

/**
 * The panel-facing parts of a record's declaration (decision 017): what its list shows and what
 * its form asks, as data the generic list and form views draw. Headers and labels are text keys
 * of src/i18n; a text field carries its rule from the contract, so the input gets the same
 * `maxLength` the server enforces.
 */

/**
 * A column of a record's list; `key` names it in the address when the list is sorted by it, and
 * its value is what the table shows, sorts by and exports.
 */
export type ColumnDeclaration<Row> =
  | { readonly kind: "active"; readonly key: string; readonly header: string; readonly value: (row: Row) => boolean }
  | {
      readonly kind: "text";
      readonly key: string;
      readonly header: string;
      readonly value: (row: Row) => string;
      /** The text a reader of `language` reads, where it differs by language (reference data's names, decision 080). */
      readonly inLanguage?: (row: Row, language: string) => string;
    }
  | {
      readonly kind: "detail";
      readonly key: string;
      readonly header: string;
      /** How the value reads: a number (as the language writes it), a choice's text. */
      readonly rule: DetailRule;
      readonly value: (row: Row) => string | number;
    };

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
    }
  | {
      /** A catalogue's declared detail (decision 027): its input follows its rule. */
      readonly kind: "detail";
      readonly name: string;
      readonly label: string;
      readonly rule: DetailRule;
      readonly value: (item: Item) => DetailValue;
      /** A list of rows' add button, as a text key ('Agregar día'); default 'Agregar fila'. */
      readonly addRow?: string;
    };
