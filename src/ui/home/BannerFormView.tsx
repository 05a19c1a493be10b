import "./home.css";
import type { ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { imageAltFields } from "../../api/english.ts";
import { BANNER_MAX_IMAGES, type Banner, bannerFields } from "../../api/home.ts";
import { translateMessage } from "../../i18n/messages.ts";
import { type BannerDraft, bannerFormMachine, bannerFormSource } from "../../machines/home/home.ts";
import { type FormImage, IMAGES_FIELD } from "../../machines/shared/recordForm.machine.ts";
import { formFlag } from "../shared/CheckboxInput.tsx";
import { DeclaredFields, EnglishFields, englishField, type FormField, textFieldsOf } from "../shared/DeclaredFields.tsx";
import { RecordFormFrame } from "../shared/FormFrame.tsx";
import { ImageInput, UploadProgress } from "../shared/ImageInput.tsx";
import { ImageOrderButtons } from "../shared/OrderButtons.tsx";
import { TextInput } from "../shared/TextInput.tsx";
import { imageUrl } from "../catalogues/destinationFormat.ts";
import { formText } from "../shared/forms.ts";
import { paths } from "../paths.ts";
import { useRecordForm, useRecordFormState } from "../shared/useRecord.ts";
import { focusBack } from "../shared/dialogFocus.ts";
import { dialogTheme } from "../shared/theme.ts";

const field = textFieldsOf<Banner, typeof bannerFields>("home", bannerFields);
const title = field("title", (banner) => banner.title);
const text = field("text", (banner) => banner.text, { rows: 3 });
const textTwo = field("textTwo", (banner) => banner.textTwo, { rows: 3 });

/** The banner's texts (a required title, two optional texts) and whether it shows. */
const fields: ReadonlyArray<FormField<Banner>> = [
  title,
  text,
  textTwo,
  { kind: "checkbox", name: "active", label: "form.active", value: (banner) => banner.active, initial: true },
];

/** The same texts in English (decision 041). */
const englishTexts = [
  englishField(title, (banner) => banner.titleEn),
  englishField(text, (banner) => banner.textEn),
  englishField(textTwo, (banner) => banner.textTwoEn),
];

/** The form as typed: each image's alternative texts in the order the images are listed, the order saved. */
const readDraft = (form: FormData): BannerDraft => ({
  title: formText(form, "title"),
  text: formText(form, "text"),
  textTwo: formText(form, "textTwo"),
  titleEn: formText(form, "titleEn"),
  textEn: formText(form, "textEn"),
  textTwoEn: formText(form, "textTwoEn"),
  imageAlts: form.getAll("imageAlts").map(String),
  imageAltsEn: form.getAll("imageAltsEn").map(String),
  active: formFlag(form, "active"),
});

/** A kept image's saved alternative text (Spanish or English); a new image has none yet. */
const savedAlt = (banner: Banner | null, image: FormImage, alts: (banner: Banner) => ReadonlyArray<string>): string =>
  banner === null || image.kind !== "kept" ? "" : (alts(banner)[banner.images.indexOf(image.path)] ?? "");

const keyOf = (image: FormImage): string => (image.kind === "kept" ? image.path : `new-${image.key}`);

const sourceOf = (image: FormImage): string | null => (image.kind === "kept" ? imageUrl(image.path) : image.preview);

/**
 * The success popup of SPEC.md section 4; SweetAlert2 comes with the first save, not with the page.
 * The message is text (`titleText`), never HTML (docs/decisions/019-text-never-markup.md).
 */
const showSavedPopup = async (title: string): Promise<void> => {
  const { default: Swal } = await import("sweetalert2");
  await Swal.fire({ ...focusBack(), theme: dialogTheme(), icon: "success", titleText: title });
};

/** /panel/home/baner_new and /panel/home/baner/{id}: the banner's texts and its images. */
export default function BannerFormView({ id }: { readonly id: number | null }) {
  const { t, i18n } = useTranslation();
  const actor = useRecordForm(bannerFormMachine, {
    source: bannerFormSource,
    id,
    listPath: paths.home,
    notify: (message) => void showSavedPopup(translateMessage(i18n.t, message)),
  });
  const state = useRecordFormState(actor);
  const { images, problems } = state;
  const imagesProblem = problems[IMAGES_FIELD] === undefined ? null : t("home.tooManyImages", { max: BANNER_MAX_IMAGES });

  const addFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    // the list below is what is saved; the input is emptied so the same file can be chosen again
    event.currentTarget.value = "";
    if (files.length > 0) actor.send({ type: "images.add", files });
  };

  return (
    <RecordFormFrame
      className="home"
      title={t(id === null ? "home.newBanner" : "home.editBanner")}
      back={paths.home}
      history={id === null ? null : { stream: "banner", id }}
      status={state}
      submit={(form) => actor.send({ type: "form.submit", draft: readDraft(form) })}
    >
      <fieldset disabled={state.processing}>
        <DeclaredFields fields={fields} item={state.item} problems={problems} />
        <EnglishFields fields={englishTexts} item={state.item} problems={problems} />
        <ImageInput
          label={t("home.addImages")}
          problem={imagesProblem}
          hint={t("home.imagesHint", { max: BANNER_MAX_IMAGES })}
          multiple
          onChange={addFiles}
        />
        {images.length === 0 ? (
          <p className="home-hint">{t("home.noImages")}</p>
        ) : (
          <ol className="home-images" aria-label={t("home.images")}>
            {images.map((image, index) => {
              const number = index + 1;
              const source = sourceOf(image);
              return (
                <li key={keyOf(image)}>
                  {source !== null && <img src={source} alt={t("home.imageNumber", { number })} width={320} height={140} />}
                  {image.kind === "new" && <span className="home-badge">{t("home.newImage")}</span>}
                  <div className="home-image-alts">
                    <TextInput
                      type="text"
                      name="imageAlts"
                      label={t("home.imageAlt", { number })}
                      maxLength={imageAltFields.imageAlt.maxLength}
                      defaultValue={savedAlt(state.item, image, (banner) => banner.imageAlts)}
                      problem={null}
                      hint={t("home.altHint")}
                    />
                    <TextInput
                      type="text"
                      name="imageAltsEn"
                      lang="en"
                      label={t("form.inEnglish", { label: t("home.imageAlt", { number }) })}
                      maxLength={imageAltFields.imageAltEn.maxLength}
                      defaultValue={savedAlt(state.item, image, (banner) => banner.imageAltsEn)}
                      problem={null}
                    />
                  </div>
                  <div className="home-image-buttons">
                    <ImageOrderButtons
                      images={images}
                      index={index}
                      number={number}
                      onMove={(move) => actor.send(move)}
                      onRemove={() => actor.send({ type: "image.remove", index })}
                    />
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </fieldset>
      {state.saving && <UploadProgress className="home-progress" percent={state.progress} />}
    </RecordFormFrame>
  );
}
