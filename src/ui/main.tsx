import "@picocss/pico/css/pico.min.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { navigate } from "wouter/use-browser-location";
import { createI18n } from "../i18n/index.ts";
import { App } from "./app.tsx";
import { decodeStoredSession, USER_INFO_KEY } from "../machines/storedSession.ts";
import { startInspector, wantsInspection } from "./inspection.ts";
import { createServices } from "./services.ts";

const i18n = createI18n(localStorage);
const followLanguage = (language: string) => {
  document.documentElement.lang = language;
};
followLanguage(i18n.language);
i18n.on("languageChanged", followLanguage);

const storedRole = decodeStoredSession(localStorage.getItem(USER_INFO_KEY))?.role ?? null;
const inspect = wantsInspection(window.location.search, import.meta.env.PROD, storedRole)
  ? await startInspector()
  : undefined;

const services = createServices({ storage: localStorage, i18n, navigate, inspect });

const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App services={services} i18n={i18n} />
  </StrictMode>,
);
