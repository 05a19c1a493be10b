import { Schema } from "effect";
import { type TextField, textField, textSchema } from "./fields.ts";

/**
 * Public texts in two languages (decision 041): the spec's field holds the Spanish text and a
 * field named after it with `En` the English one. The English text is never required: left blank,
 * the English landing page shows the Spanish one.
 */
export type EnglishName<Name extends string> = `${Name}En`;

export const englishName = <Name extends string>(name: Name): EnglishName<Name> => `${name}En`;

/** The English field of each named field: its length limit, never required. */
export const englishFields = <Fields extends Readonly<Record<string, TextField>>, Name extends keyof Fields & string>(
  fields: Fields,
  names: ReadonlyArray<Name>,
): { readonly [N in Name as EnglishName<N>]: TextField } =>
  Object.fromEntries(names.map((name) => [englishName(name), textField((fields[name] as TextField).maxLength)])) as {
    readonly [N in Name as EnglishName<N>]: TextField;
  };

/** The payload's optional text of each field, with its length limit (the English ones, alternative texts). */
export const optionalTextSchemas = <Fields extends Readonly<Record<string, TextField>>>(fields: Fields) =>
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, Schema.optionalKey(textSchema(field))])) as {
    readonly [N in keyof Fields]: Schema.optionalKey<ReturnType<typeof textSchema>>;
  };

/** A text as shown, with the language it is written in (a page's `lang` for the parts that differ). */
export interface ShownText {
  readonly text: string;
  readonly lang: "es" | "en";
}

/** What a reader of `language` sees: the English text when it is written, else the Spanish one. */
export const inLanguage = (language: string, spanish: string, english: string): ShownText =>
  language.startsWith("en") && english.trim() !== "" ? { text: english, lang: "en" } : { text: spanish, lang: "es" };

/** Longest alternative text of an image: a sentence or two, as screen readers read it. */
export const IMAGE_ALT_MAX_LENGTH = 250;

/** An image's alternative text, in Spanish and in English (blank: the record's name describes it). */
export const imageAltFields = {
  imageAlt: textField(IMAGE_ALT_MAX_LENGTH),
  imageAltEn: textField(IMAGE_ALT_MAX_LENGTH),
} as const;

/**
 * A reference item's name as a reader of `language` reads it (decision 080): its `englishName`
 * when written, else its Spanish `name` (a country, a space type, a deck, an itinerary).
 */
export const nameIn = (language: string, item: { readonly name: string; readonly englishName?: unknown }): string =>
  inLanguage(language, item.name, typeof item.englishName === "string" ? item.englishName : "").text;
