import { useSelector } from "@xstate/react";
import { Option, Schema } from "effect";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { type UserId, UserIdFromPath } from "../../api/ids.ts";
import { translateMessage } from "../../i18n/messages.ts";
import { passwordResetMachine } from "../../machines/session/passwordReset.machine.ts";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { PageTitle } from "../shared/PageTitle.tsx";
import { PasswordInput } from "./PasswordInput.tsx";
import { useServices } from "../shared/context.ts";
import { formText, submitted } from "../shared/forms.ts";
import { paths } from "../paths.ts";
import { useDocumentTitle } from "../shared/useDocumentTitle.ts";
import { useFlowMachine } from "../shared/useFlow.ts";
import { NotFoundView } from "../shared/NotFoundView.tsx";
import { AccountPage } from "./AccountPage.tsx";

/** /changePassword/{id}: the forced password reset after a login with a temporary password. */
export default function ChangePasswordView({ id }: { readonly id: string }) {
  const { t } = useTranslation(["account", "messages"]);
  const userId = decodeUserId(id);
  useDocumentTitle(t("reset.submit"));
  return (
    <AccountPage>
      {Option.isSome(userId) ? (
        <article>
          <PasswordChange userId={userId.value} signedIn={false} />
        </article>
      ) : (
        <NotFoundView />
      )}
    </AccountPage>
  );
}

/** /panel/password: 'Cambiar contraseña' from the user menu, with the current password. */
export function OwnPasswordView() {
  const { t } = useTranslation(["account", "messages"]);
  const { session } = useServices();
  const userId = useSelector(session, (snapshot) => snapshot.context.session?.id ?? null);
  return (
    <section aria-labelledby="page-title" className="narrow-form">
      <PageTitle title={t("reset.changeTitle")} />
      {userId !== null && <PasswordChange userId={userId} signedIn />}
    </section>
  );
}

const decodeUserId = Schema.decodeUnknownOption(UserIdFromPath);

/**
 * The new password twice (and, for a signed-in user, the current one), with the rules listed, then
 * the success notice before the user signs in with it.
 */
function PasswordChange({ userId, signedIn }: { readonly userId: UserId; readonly signedIn: boolean }) {
  const { t } = useTranslation(["account", "messages"]);
  const { client, session } = useServices();
  const [, navigate] = useLocation();
  const [logic] = useState(() =>
    passwordResetMachine.provide({
      actions: {
        finishPasswordChange: () => session.send({ type: "session.passwordChanged" }),
        goToLogin: () => navigate(paths.login),
        endSession: () => session.send({ type: "session.passwordChanged" }),
      },
    }),
  );
  const [snapshot, send] = useFlowMachine(logic, {
    input: { client, userId, pending: session.getSnapshot().context.pendingChange, signedIn },
  });
  const { problems, error, message } = snapshot.context;
  const processing = snapshot.hasTag("processing");

  const submit = (form: FormData) =>
    send({
      type: "password.submit",
      password: formText(form, "password"),
      confirmPassword: formText(form, "confirmPassword"),
      ...(signedIn ? { currentPassword: formText(form, "currentPassword") } : {}),
    });

  if (snapshot.matches("signInRequired")) {
    return (
      <>
        <h1>{t("reset.title")}</h1>
        <p>{t("reset.signInRequired")}</p>
        <Link href={paths.login}>{t("reset.backToLogin")}</Link>
      </>
    );
  }

  return (
    <>
      {!signedIn && <h1>{t("reset.title")}</h1>}
      <ErrorBanner message={error} />
      {message === null ? (
        <section className="rules" aria-labelledby="rules-title">
          <p id="rules-title">{t("reset.rulesTitle")}</p>
          <ul>
            <li>{t("reset.ruleLength")}</li>
            <li>{t("reset.ruleUppercase")}</li>
            <li>{t("reset.ruleLowercase")}</li>
            <li>{t("reset.ruleDigit")}</li>
          </ul>
        </section>
      ) : (
        <div className="rules success" role="status">
          <p>{translateMessage(t, message)}</p>
          <p>{t("reset.redirecting")}</p>
        </div>
      )}
      {message === null && (
        <form onSubmit={submitted(submit)} noValidate>
          {signedIn && (
            <PasswordInput
              name="currentPassword"
              label={t("reset.currentPassword")}
              autoComplete="current-password"
              problem={problems.currentPassword === null ? null : t(`reset.${problems.currentPassword}`)}
            />
          )}
          <PasswordInput
            name="password"
            label={t("reset.password")}
            autoComplete="new-password"
            problem={problems.password === null ? null : t(`reset.${problems.password}`)}
          />
          <PasswordInput
            name="confirmPassword"
            label={t("reset.confirmPassword")}
            autoComplete="new-password"
            problem={problems.confirmPassword === null ? null : t(`reset.${problems.confirmPassword}`)}
          />
          <button type="submit" aria-busy={processing} disabled={processing}>
            {t(signedIn ? "reset.change" : "reset.submit")}
          </button>
        </form>
      )}
    </>
  );
}
