import "@picocss/pico/css/pico.min.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { navigate } from "wouter/use-browser-location";
import { createI18n } from "../i18n/index.ts";
import { App } from "./app.tsx";
import { createServices } from "./services.ts";

const i18n = createI18n(localStorage);
const followLanguage = (language: string) => {
  document.documentElement.lang = language;
};
followLanguage(i18n.language);
i18n.on("languageChanged", followLanguage);

const services = createServices({ storage: localStorage, i18n, navigate });

const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App services={services} i18n={i18n} />
  </StrictMode>,
);
