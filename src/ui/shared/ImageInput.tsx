import type { ChangeEvent, Ref } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "./Field.tsx";

/** The image types the server accepts (it checks the content too), for a file input's `accept`. */
const IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";

/** A labelled file input for images; under it, its problem or else which files it takes. */
export function ImageInput({
  label,
  problem,
  hint,
  multiple = false,
  onChange,
  ref,
}: {
  readonly label: string;
  readonly problem: string | null;
  readonly hint: string;
  readonly multiple?: boolean;
  readonly onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The input itself, for a form that empties it. */
  readonly ref?: Ref<HTMLInputElement>;
}) {
  return (
    <Field label={label} problem={problem} hint={hint}>
      {(control) => <input {...control} ref={ref} type="file" accept={IMAGE_TYPES} multiple={multiple} onChange={onChange} />}
    </Field>
  );
}

/** How much of a save with images has been sent: a bar, and the same words for those who read them. */
export function UploadProgress({ percent, className }: { readonly percent: number; readonly className: string }) {
  const { t } = useTranslation();
  const uploading = t("destinations.uploading", { percent });
  return (
    <div className={className}>
      <progress value={percent} max={100} aria-label={uploading} />
      <small aria-hidden="true">{uploading}</small>
    </div>
  );
}
