import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { loginMachine } from "../../machines/session/login.machine.ts";
import { useServices } from "../shared/context.ts";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { PasswordInput } from "./PasswordInput.tsx";
import { fieldText, formText, submitted } from "../shared/forms.ts";
import { paths } from "../paths.ts";
import { useDocumentTitle } from "../shared/useDocumentTitle.ts";
import { useFlowMachine } from "../shared/useFlow.ts";
import { AccountPage } from "./AccountPage.tsx";
import { EmailInput } from "./EmailInput.tsx";

/** /panel: staff sign-in. */
export default function LoginView() {
  const { t } = useTranslation();
  const { client, session } = useServices();
  useDocumentTitle(t("login.title"));
  const [, navigate] = useLocation();
  const [logic] = useState(() =>
    loginMachine.provide({
      actions: {
        startSession: (_, params) => session.send({ type: "session.start", session: params.session }),
        requestPasswordChange: (_, { pending }) =>
          session.send({ type: "session.passwordChangeRequired", pending }),
        goToPasswordChange: (_, { id }) => navigate(paths.changePassword(id)),
        goToLeads: () => navigate(paths.leads),
        goToHome: () => navigate(paths.home),
        goToAgency: () => navigate(paths.availability),
        goBack: (_, { path }) => navigate(path),
      },
    }),
  );
  const { session: stored, expired } = session.getSnapshot().context;
  const [snapshot, send] = useFlowMachine(logic, { input: { client, session: stored, expired } });
  const { problems, error } = snapshot.context;
  const submitting = snapshot.hasTag("submitting");

  const submit = (form: FormData) =>
    send({ type: "credentials.submit", email: formText(form, "email"), password: formText(form, "password") });

  // signing in is all this page is for: the email field has the focus when it opens
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const email = form.current?.elements.namedItem("email");
    if (email instanceof HTMLInputElement) email.focus();
  }, []);

  return (
    <AccountPage>
      <article>
        <h1>{t("login.title")}</h1>
        {expired !== null && error === null && (
          <p className="notice" role="status">
            {t("login.expired")}
          </p>
        )}
        <ErrorBanner message={error} />
        <form ref={form} onSubmit={submitted(submit)} noValidate>
          <EmailInput autoComplete="username" problem={fieldText(t, problems.email)} />
          <PasswordInput
            name="password"
            label={t("login.password")}
            autoComplete="current-password"
            problem={fieldText(t, problems.password)}
          />
          <button type="submit" aria-busy={submitting} disabled={submitting}>
            {t("login.submit")}
          </button>
        </form>
        <Link href={paths.forgotPassword}>{t("login.forgot")}</Link>
      </article>
    </AccountPage>
  );
}
