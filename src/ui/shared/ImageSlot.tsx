import "./imageSlot.css";
import type { ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import type { FormImage } from "../../machines/shared/recordForm.machine.ts";
import { imageUrl } from "../catalogues/destinationFormat.ts";
import { ImageInput } from "./ImageInput.tsx";

/**
 * One image of a form with a place for one (a yacht's picture, a company's logo, a deck's plan):
 * the image (stored, or the chosen file's preview), and for someone who may edit, a file input that
 * replaces it and a button that takes it out. The form machine keeps the image in `slot`.
 */
export function ImageSlot({
  label,
  alt,
  image,
  readOnly,
  onChoose,
  onRemove,
}: {
  readonly label: string;
  /** What the image shows, for those who do not see it. */
  readonly alt: string;
  readonly image: FormImage | undefined;
  readonly readOnly: boolean;
  readonly onChoose: (file: Blob) => void;
  readonly onRemove: () => void;
}) {
  const { t } = useTranslation();
  const source = image === undefined ? null : image.kind === "kept" ? imageUrl(image.path) : image.preview;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const [file] = [...(event.currentTarget.files ?? [])];
    // what shows is what is saved; the input is emptied so the same file can be chosen again
    event.currentTarget.value = "";
    if (file !== undefined) onChoose(file);
  };
  return (
    <div className="image-slot">
      {source === null ? <p className="image-slot-empty">{t("form.noImage")}</p> : <img src={source} alt={alt} />}
      {!readOnly && (
        <>
          <ImageInput label={label} problem={null} hint={t("form.imageHint")} onChange={choose} />
          {image !== undefined && (
            <button type="button" className="secondary outline" onClick={onRemove}>
              {t("form.removeImage", { name: alt })}
            </button>
          )}
        </>
      )}
    </div>
  );
}
