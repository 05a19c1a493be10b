import "./home.css";
import { type ChangeEvent, type FormEvent, useId } from "react";
import { useTranslation } from "react-i18next";
import { BANNER_MAX_IMAGES, bannerFields } from "../../api/home.ts";
import { translateMessage } from "../../i18n/messages.ts";
import { type BannerDraft, bannerFormMachine, bannerFormSource } from "../../machines/home.ts";
import { canMove, type FormImage, IMAGES_FIELD } from "../../machines/recordForm.machine.ts";
import { CheckboxInput } from "../components/CheckboxInput.tsx";
import { FormActions } from "../components/FormActions.tsx";
import { FormFrame } from "../components/FormFrame.tsx";
import { IMAGE_TYPES } from "../components/images.ts";
import { TextAreaInput } from "../components/TextAreaInput.tsx";
import { TextInput } from "../components/TextInput.tsx";
import { imageUrl } from "../destinationFormat.ts";
import { fieldText, formFlag, formText } from "../forms.ts";
import { paths } from "../paths.ts";
import { useRecordForm, useRecordFormState } from "../useRecord.ts";

const readDraft = (form: FormData): BannerDraft => ({
  title: formText(form, "title"),
  text: formText(form, "text"),
  textTwo: formText(form, "textTwo"),
  active: formFlag(form, "active"),
});

const keyOf = (image: FormImage): string => (image.kind === "kept" ? image.path : `new-${image.key}`);

const sourceOf = (image: FormImage): string | null => (image.kind === "kept" ? imageUrl(image.path) : image.preview);

/** The success popup of SPEC.md section 4; SweetAlert2 comes with the first save, not with the page. */
const showSavedPopup = async (title: string): Promise<void> => {
  const { default: Swal } = await import("sweetalert2");
  await Swal.fire({ icon: "success", title });
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
  const { item: banner, revision, images, progress, problems, error, fetching, saving, processing, open } =
    useRecordFormState(actor);
  const fileId = useId();
  const imagesProblem = problems[IMAGES_FIELD] === undefined ? null : t("home.tooManyImages", { max: BANNER_MAX_IMAGES });

  const addFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    // the list below is what is saved; the input is emptied so the same file can be chosen again
    event.currentTarget.value = "";
    if (files.length > 0) actor.send({ type: "images.add", files });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: "form.submit", draft: readDraft(new FormData(event.currentTarget)) });
  };

  return (
    <section aria-labelledby="page-title" className="home">
      <FormFrame
        title={t(id === null ? "home.newBanner" : "home.editBanner")}
        error={error}
        fetching={fetching}
        open={open}
        back={paths.home}
        history={id === null ? null : { stream: "banner", id }}
      >
        <form key={revision} onSubmit={submit} noValidate className="record-form">
          <fieldset disabled={processing}>
            <TextInput
              name="title"
              type="text"
              label={t("home.title")}
              autoComplete="off"
              maxLength={bannerFields.title.maxLength}
              defaultValue={banner?.title}
              problem={fieldText(t, problems.title)}
            />
            <TextAreaInput
              name="text"
              label={t("home.text")}
              maxLength={bannerFields.text.maxLength}
              defaultValue={banner?.text}
              problem={fieldText(t, problems.text)}
            />
            <TextAreaInput
              name="textTwo"
              label={t("home.textTwo")}
              maxLength={bannerFields.textTwo.maxLength}
              defaultValue={banner?.textTwo}
              problem={fieldText(t, problems.textTwo)}
            />
            <CheckboxInput name="active" label={t("form.active")} defaultChecked={banner?.active ?? true} />
            <label htmlFor={fileId}>{t("home.addImages")}</label>
            <input
              id={fileId}
              type="file"
              accept={IMAGE_TYPES}
              multiple
              onChange={addFiles}
              aria-invalid={imagesProblem === null ? undefined : true}
              aria-describedby={`${fileId}-hint`}
            />
            <small id={`${fileId}-hint`}>{imagesProblem ?? t("home.imagesHint", { max: BANNER_MAX_IMAGES })}</small>
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
                      <div className="home-image-buttons">
                        <button
                          type="button"
                          className="secondary outline"
                          disabled={!canMove(images, index, -1)}
                          aria-label={t("home.moveUp", { number })}
                          onClick={() => actor.send({ type: "image.moveUp", index })}
                        >
                          ↑
                        </button>
                        <button
                          type="button"
                          className="secondary outline"
                          disabled={!canMove(images, index, 1)}
                          aria-label={t("home.moveDown", { number })}
                          onClick={() => actor.send({ type: "image.moveDown", index })}
                        >
                          ↓
                        </button>
                        <button
                          type="button"
                          className="secondary outline"
                          aria-label={t("home.removeImage", { number })}
                          onClick={() => actor.send({ type: "image.remove", index })}
                        >
                          {t("home.remove")}
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ol>
            )}
          </fieldset>
          {saving && (
            <div className="home-progress">
              <progress value={progress} max={100} aria-label={t("destinations.uploading", { percent: progress })} />
              <small aria-hidden="true">{t("destinations.uploading", { percent: progress })}</small>
            </div>
          )}
          <FormActions busy={processing} back={paths.home} />
        </form>
      </FormFrame>
    </section>
  );
}
