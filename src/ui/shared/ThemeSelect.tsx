import { useSelector } from "@xstate/react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { themeMachine } from "../../machines/shared/theme.machine.ts";
import { applyTheme, isThemeChoice, storedTheme, THEME_KEY, themeChoices } from "./theme.ts";
import { useFlowActor } from "./useFlow.ts";

/** The user menu's colour scheme: the system's, light or dark, remembered in this browser. */
export function ThemeSelect() {
  const { t } = useTranslation();
  const id = useId();
  const [logic] = useState(() =>
    themeMachine.provide({
      actions: {
        applyTheme: (_, { choice }) => applyTheme(choice),
        storeTheme: (_, { choice }) => localStorage.setItem(THEME_KEY, choice),
      },
    }),
  );
  const actor = useFlowActor(logic, { input: { stored: storedTheme(localStorage) } });
  const choice = useSelector(actor, (snapshot) => themeChoices.find((option) => snapshot.matches(option)) ?? "system");
  return (
    <div className="theme-select">
      <label htmlFor={id}>{t("layout.theme")}</label>
      <select
        id={id}
        value={choice}
        onChange={(event) => {
          const chosen = event.target.value;
          if (isThemeChoice(chosen)) actor.send({ type: "theme.choose", choice: chosen });
        }}
      >
        {themeChoices.map((option) => (
          <option key={option} value={option}>
            {t(`layout.themes.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
