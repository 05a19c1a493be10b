import { newImageValue } from "../../api/details.ts";
import type { FormImage, KeptImage } from "./recordForm.machine.ts";

/**
 * How a save names a form's images in its JSON (decision 031): a kept image by its stored path, a
 * new one as `new:<n>`, n counting the files the save sends, in the order they are named.
 */
export const imageNaming = () => {
  const files: Blob[] = [];
  const name = (image: FormImage): string => {
    if (image.kind === "kept") return image.path;
    files.push(image.file);
    return newImageValue(files.length - 1);
  };
  return { files, name };
};

/** The stored images of a record's image fields, each in the slot named after its field. */
export const keptInSlots = (values: Readonly<Record<string, unknown>>, fields: ReadonlyArray<string>): ReadonlyArray<KeptImage> =>
  fields.flatMap((field) => {
    const path = values[field];
    return typeof path === "string" && path !== "" ? [{ slot: field, path }] : [];
  });
