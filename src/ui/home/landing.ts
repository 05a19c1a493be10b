import "./landing.css";
import { applyTheme, storedTheme } from "../shared/theme.ts";
import type { ContactForm, ContactTexts } from "./landingContact.ts";

/**
 * The landing page's script (decision 070): the server sends the whole page, readable without it;
 * this moves the banner carousel and sends the contact form without leaving the page. Its own
 * small build (vite.landing.config.ts), never the panel's. What it starts with is a kilobyte or
 * two: the carousel's code comes once the first picture is on screen, so it never shares the
 * phone's connection with the largest paint, and the contact form's when the visitor reaches it.
 */

/** The panel's local-storage key of the language (src/i18n/index.ts LANGUAGE_KEY), which the panel opens in. */
const LANGUAGE_KEY = "lang";

// the colour scheme chosen in the panel's menu (decision 026); the system's otherwise, by CSS alone
applyTheme(storedTheme(localStorage));

// a language the visitor chose here is the panel's too
if (new URLSearchParams(location.search).has("lang")) localStorage.setItem(LANGUAGE_KEY, document.documentElement.lang);

// the choice of language takes effect at once: the page in the other language is another address
const language = document.querySelector<HTMLSelectElement>("#language");
language?.addEventListener("change", () => language.form?.submit());

/** Runs `then` once `image` is decoded and the frame showing it painted (or it failed to load). */
const afterShown = (image: HTMLImageElement, then: () => void): void => {
  image.decode().then(
    () => requestAnimationFrame(() => setTimeout(then)),
    () => then(),
  );
};

const carousel = document.querySelector<HTMLElement>(".landing-carousel");
const firstPicture = carousel?.querySelector("img");
// one picture stays still: no slide show to load
if (carousel && firstPicture && carousel.querySelector(".slide-show-toggle")) {
  afterShown(firstPicture, () => void import("./landingCarousel.ts").then(({ startCarousel }) => startCarousel(carousel, window)));
}

const form = document.querySelector<HTMLFormElement>(".landing-form");
const texts = document.querySelector("#landing-texts")?.textContent;
if (form && texts) {
  let contact: Promise<ContactForm> | undefined;
  const contactForm = () =>
    (contact ??= import("./landingContact.ts").then(({ startContactForm }) =>
      startContactForm(form, JSON.parse(texts) as ContactTexts, (input, init) => fetch(input, init)),
    ));
  form.addEventListener("focusin", () => void contactForm(), { once: true });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    contactForm().then(
      (sending) => sending.submit(),
      // without its code (a lost connection), the form goes as it would without JavaScript
      () => form.submit(),
    );
  });
}
