import { Schema } from "effect";
import type { TextField } from "./fieldRules.ts";

// The rules themselves need no schema library: they live in ./fieldRules.ts, which the login page
// loads alone (decision 081); the contract modules take both from here.
export * from "./fieldRules.ts";

/** The contract's schema of a text field: a string no longer than the field's limit. */
export const textSchema = (field: TextField) => Schema.String.check(Schema.isMaxLength(field.maxLength));
