import { useTranslation } from "react-i18next";
import { authFields } from "../../api/authFields.ts";
import { TextInput } from "../shared/TextInput.tsx";

/**
 * The account's email, as signing in and asking for a new password take it: the contract's limit,
 * and `username` for a browser's saved sign-in or `email` where only the address is asked.
 */
export function EmailInput({ autoComplete, problem }: { readonly autoComplete: "username" | "email"; readonly problem: string | null }) {
  const { t } = useTranslation();
  return (
    <TextInput
      name="email"
      type="email"
      label={t("login.email")}
      autoComplete={autoComplete}
      maxLength={authFields.email.maxLength}
      problem={problem}
    />
  );
}
