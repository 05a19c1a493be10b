import { useState } from "react";
import { useTranslation } from "react-i18next";
import { authFields } from "../../api/authFields.ts";
import { Field } from "../shared/Field.tsx";

interface PasswordInputProps {
  readonly name: string;
  readonly label: string;
  readonly problem: string | null;
  readonly autoComplete: "current-password" | "new-password";
}

/** Every password input's limit, the contract's for password inputs. */
const maxLength = authFields.password.maxLength;

/** A password field with a show/hide toggle; the visibility is presentation only. */
export function PasswordInput({ name, label, problem, autoComplete }: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} problem={problem}>
      {(control) => (
        <div className="password-field">
          <input
            {...control}
            name={name}
            type={visible ? "text" : "password"}
            autoComplete={autoComplete}
            maxLength={maxLength}
          />
          <button
            type="button"
            className="secondary outline toggle-visibility"
            aria-label={visible ? t("password.hide") : t("password.show")}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            <EyeIcon crossed={visible} />
          </button>
        </div>
      )}
    </Field>
  );
}

function EyeIcon({ crossed }: { readonly crossed: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="12" cy="12" r="3" fill="currentColor" />
      {crossed && <line x1="3" y1="3" x2="21" y2="21" stroke="currentColor" strokeWidth="2" />}
    </svg>
  );
}
