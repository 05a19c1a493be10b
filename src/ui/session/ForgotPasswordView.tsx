import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { forgotPasswordMachine } from "../../machines/session/forgotPassword.machine.ts";
import { useServices } from "../shared/context.ts";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { fieldText, formText, submitted } from "../shared/forms.ts";
import { paths } from "../paths.ts";
import { useDocumentTitle } from "../shared/useDocumentTitle.ts";
import { useFlowMachine } from "../shared/useFlow.ts";
import { AccountPage } from "./AccountPage.tsx";
import { EmailInput } from "./EmailInput.tsx";

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
              <EmailInput autoComplete="email" problem={fieldText(t, snapshot.context.problem)} />
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
