import "./home.css";
import { useSelector } from "@xstate/react";
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { assign } from "xstate";
import { translateMessage } from "../../i18n/messages.ts";
import {
  type BannerDraft,
  type BannerImage,
  bannerFormMachine,
  canMove,
  previewsOf,
  withPreviews,
} from "../../machines/bannerForm.machine.ts";
import { HistoryPanel } from "../components/HistoryPanel.tsx";
import { CheckboxInput } from "../components/CheckboxInput.tsx";
import { ErrorBanner } from "../components/ErrorBanner.tsx";
import { FormActions } from "../components/FormActions.tsx";
import { PageTitle } from "../components/PageTitle.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { TextAreaInput } from "../components/TextAreaInput.tsx";
import { TextInput } from "../components/TextInput.tsx";
import { useServices } from "../context.ts";
import { imageUrl } from "../destinationFormat.ts";
import { fieldText, formText } from "../forms.ts";
import { paths } from "../paths.ts";
import { useFlowActor } from "../useFlow.ts";

/** The image types the server accepts (it checks the content too). */
const IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";

const readDraft = (form: FormData): BannerDraft => ({
  title: formText(form, "title"),
  text: formText(form, "text"),
  textTwo: formText(form, "textTwo"),
  active: form.get("active") === "on",
});

const keyOf = (image: BannerImage): string => (image.kind === "kept" ? image.path : `new-${image.key}`);

const sourceOf = (image: BannerImage): string | null => (image.kind === "kept" ? imageUrl(image.path) : image.preview);

/** The success popup of SPEC.md section 4; SweetAlert2 comes with the first save, not with the page. */
const showSavedPopup = async (title: string): Promise<void> => {
  const { default: Swal } = await import("sweetalert2");
  await Swal.fire({ icon: "success", title });
};

/** /panel/home/baner_new and /panel/home/baner/{id}: the banner's texts and its images. */
export default function BannerFormView({ id }: { readonly id: number | null }) {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const [, navigate] = useLocation();
  const [logic] = useState(() =>
    bannerFormMachine.provide({
      actions: {
        assignPreviews: assign({
          images: ({ context }) => withPreviews(context.images, (file) => URL.createObjectURL(file)),
        }),
        revokePreviews: (_, { urls }: { urls: ReadonlyArray<string> }) => {
          for (const url of urls) URL.revokeObjectURL(url);
        },
        showSaved: (_, { message }: { message: string }) => {
          void showSavedPopup(translateMessage(i18n.t, message));
        },
        goToList: () => navigate(paths.home),
      },
    }),
  );
  const actor = useFlowActor(logic, { input: { client, id } });
  const banner = useSelector(actor, (snapshot) => snapshot.context.banner);
  const revision = useSelector(actor, (snapshot) => snapshot.context.revision);
  const images = useSelector(actor, (snapshot) => snapshot.context.images);
  const progress = useSelector(actor, (snapshot) => snapshot.context.progress);
  const problems = useSelector(actor, (snapshot) => snapshot.context.problems);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const loading = useSelector(actor, (snapshot) => snapshot.matches("loading"));
  const uploading = useSelector(actor, (snapshot) => snapshot.matches("uploading"));
  const processing = useSelector(actor, (snapshot) => snapshot.hasTag("processing"));
  const open = useSelector(actor, (snapshot) => !snapshot.matches("loading") && !snapshot.matches("unavailable"));
  const fileId = useId();

  // XState v5 runs no exit actions when an actor stops, so the last previews are released here
  useEffect(
    () => () => {
      for (const url of previewsOf(actor.getSnapshot().context.images)) URL.revokeObjectURL(url);
    },
    [actor],
  );

  const addFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    // the list below is what is saved; the input is emptied so the same file can be chosen again
    event.currentTarget.value = "";
    if (files.length > 0) actor.send({ type: "images.add", files });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: "banner.submit", draft: readDraft(new FormData(event.currentTarget)) });
  };

  return (
    <section aria-labelledby="page-title" className="home">
      <PageTitle title={t(id === null ? "home.newBanner" : "home.editBanner")} />
      <ErrorBanner message={error} />
      {loading && <Spinner />}
      {open && (
        <form key={revision} onSubmit={submit} noValidate className="record-form">
          <fieldset disabled={processing}>
            <TextInput
              name="title"
              type="text"
              label={t("home.title")}
              autoComplete="off"
              defaultValue={banner?.title}
              problem={fieldText(t, problems.title ?? null)}
            />
            <TextAreaInput name="text" label={t("home.text")} defaultValue={banner?.text} />
            <TextAreaInput name="textTwo" label={t("home.textTwo")} defaultValue={banner?.textTwo} />
            <CheckboxInput name="active" label={t("form.active")} defaultChecked={banner?.active ?? true} />
            <label htmlFor={fileId}>{t("home.addImages")}</label>
            <input
              id={fileId}
              type="file"
              accept={IMAGE_TYPES}
              multiple
              onChange={addFiles}
              aria-describedby={`${fileId}-hint`}
            />
            <small id={`${fileId}-hint`}>{t("home.imagesHint")}</small>
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
          {uploading && (
            <div className="home-progress">
              <progress value={progress} max={100} aria-label={t("destinations.uploading", { percent: progress })} />
              <small aria-hidden="true">{t("destinations.uploading", { percent: progress })}</small>
            </div>
          )}
          <FormActions busy={processing} back={paths.home} />
        </form>
      )}
      {!open && !loading && <Link href={paths.home}>{t("form.back")}</Link>}
      {id !== null && <HistoryPanel stream="banner" id={id} />}
    </section>
  );
}
