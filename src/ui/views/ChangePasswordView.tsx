import { Option, Schema } from "effect";
import { useState } from "react";
import { type UserId, UserIdFromPath } from "../../api/ids.ts";
import { NotFoundView } from "./NotFoundView.tsx";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { translateMessage } from "../../i18n/messages.ts";
import { passwordResetMachine } from "../../machines/passwordReset.machine.ts";
import { useServices } from "../context.ts";
import { ErrorBanner } from "../components/ErrorBanner.tsx";
import { PasswordInput } from "../components/PasswordInput.tsx";
import { formText, submitted } from "../forms.ts";
import { paths } from "../paths.ts";
import { useFlowMachine } from "../useFlow.ts";

/** /changePassword/{id}: the forced password reset after a login with a temporary password. */
export default function ChangePasswordView({ id }: { readonly id: string }) {
  const userId = decodeUserId(id);
  return Option.isSome(userId) ? <ChangePassword userId={userId.value} /> : <NotFoundView />;
}

const decodeUserId = Schema.decodeUnknownOption(UserIdFromPath);

function ChangePassword({ userId }: { readonly userId: UserId }) {
  const { t } = useTranslation(["account", "messages"]);
  const { client, session } = useServices();
  const [, navigate] = useLocation();
  const [logic] = useState(() =>
    passwordResetMachine.provide({
      actions: {
        finishPasswordChange: () => session.send({ type: "session.passwordChanged" }),
        goToLogin: () => navigate(paths.login),
      },
    }),
  );
  const [snapshot, send] = useFlowMachine(logic, {
    input: { client, userId, pending: session.getSnapshot().context.pendingChange },
  });
  const { problems, error, message } = snapshot.context;
  const processing = snapshot.hasTag("processing");

  const submit = (form: FormData) =>
    send({
      type: "password.submit",
      password: formText(form, "password"),
      confirmPassword: formText(form, "confirmPassword"),
    });

  if (snapshot.matches("signInRequired")) {
    return (
      <main className="container narrow">
        <article>
          <h1>{t("reset.title")}</h1>
          <p>{t("reset.signInRequired")}</p>
          <Link href={paths.login}>{t("reset.backToLogin")}</Link>
        </article>
      </main>
    );
  }

  return (
    <main className="container narrow">
      <article>
        <h1>{t("reset.title")}</h1>
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
              {t("reset.submit")}
            </button>
          </form>
        )}
      </article>
    </main>
  );
}
