import { useTranslation } from "react-i18next";
import { authFields } from "../../api/auth.ts";
import { Link } from "wouter";
import { forgotPasswordMachine } from "../../machines/forgotPassword.machine.ts";
import { useServices } from "../context.ts";
import { ErrorBanner } from "../components/ErrorBanner.tsx";
import { TextInput } from "../components/TextInput.tsx";
import { fieldText, formText, submitted } from "../forms.ts";
import { paths } from "../paths.ts";
import { useDocumentTitle } from "../useDocumentTitle.ts";
import { useFlowMachine } from "../useFlow.ts";
import { AccountPage } from "../components/AccountPage.tsx";

/** /forgotPassword: asks for a temporary password by email. */
export default function ForgotPasswordView() {
  const { t } = useTranslation("account");
  const { client } = useServices();
  useDocumentTitle(t("forgot.title"));
  const [snapshot, send] = useFlowMachine(forgotPasswordMachine, { input: { client } });
  const sending = snapshot.hasTag("sending");

  const submit = (form: FormData) => send({ type: "email.submit", email: formText(form, "email") });

  return (
    <AccountPage>
      <article>
        <h1>{t("forgot.title")}</h1>
        {snapshot.matches("sent") ? (
          <div role="status">
            <h2>{t("forgot.sentTitle")}</h2>
            <p>{t("forgot.sent")}</p>
            <p>{t("forgot.spam")}</p>
          </div>
        ) : (
          <>
            <ErrorBanner message={snapshot.context.error} />
            <p>{t("forgot.text")}</p>
            <form onSubmit={submitted(submit)} noValidate>
              <TextInput
                name="email"
                type="email"
                label={t("login.email")}
                autoComplete="email"
                maxLength={authFields.email.maxLength}
                problem={fieldText(t, snapshot.context.problem)}
              />
              <button type="submit" aria-busy={sending} disabled={sending}>
                {t("forgot.submit")}
              </button>
            </form>
          </>
        )}
        <Link href={paths.login}>{t("forgot.backToLogin")}</Link>
      </article>
    </AccountPage>
  );
}
