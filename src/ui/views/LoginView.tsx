import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { loginMachine } from "../../machines/login.machine.ts";
import { useServices } from "../context.ts";
import { ErrorBanner } from "../components/ErrorBanner.tsx";
import { LanguageSelect } from "../components/LanguageSelect.tsx";
import { Logo } from "../components/Logo.tsx";
import { PasswordInput } from "../components/PasswordInput.tsx";
import { TextInput } from "../components/TextInput.tsx";
import { fieldText, formText, submitted } from "../forms.ts";
import { paths } from "../paths.ts";
import { useFlowMachine } from "../useFlow.ts";

/** /panel: staff sign-in. */
export default function LoginView() {
  const { t } = useTranslation();
  const { client, session } = useServices();
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
      },
    }),
  );
  const [snapshot, send] = useFlowMachine(logic, { input: { client } });
  const { problems, error } = snapshot.context;
  const submitting = snapshot.hasTag("submitting");

  const submit = (form: FormData) =>
    send({ type: "credentials.submit", email: formText(form, "email"), password: formText(form, "password") });

  return (
    <main className="container narrow">
      <div className="public-top">
        <Logo label={t("brand.name")} size={56} />
        <LanguageSelect />
      </div>
      <article>
        <h1>{t("login.title")}</h1>
        <ErrorBanner message={error} />
        <form onSubmit={submitted(submit)} noValidate>
          <TextInput
            name="email"
            type="email"
            label={t("login.email")}
            autoComplete="username"
            problem={fieldText(t, problems.email)}
          />
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
    </main>
  );
}
