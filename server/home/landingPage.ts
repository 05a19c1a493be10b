import { formatMoney } from "../../src/api/amounts.ts";
import { countryOptions } from "../../src/api/countries.ts";
import { inLanguage, type ShownText } from "../../src/api/english.ts";
import { type FieldProblem, type FieldProblems, fieldProblemMessages } from "../../src/api/fields.ts";
import type { Banner, CallAction, PublicHomeContent, Recommendation } from "../../src/api/home.ts";
import { imageSrcSet, imageUrl } from "../../src/api/images.ts";
import { type NewLeadField, newLeadFields } from "../../src/api/leads.ts";
import { messages } from "../../src/api/messages.ts";
import { clientMessages } from "../../src/api/client.ts";
import * as english from "../../src/i18n/en.json";
import * as spanish from "../../src/i18n/es.json";
import { attribute, Html, html } from "../http/html.ts";

/**
 * The public landing page `/` as the server sends it (decision 070): the whole page in the
 * visitor's language, readable without JavaScript, with the texts of src/i18n and the content
 * marketing edits (the same read as `GET /homeScreen/content`). Its script (src/ui/home/landing.ts)
 * only moves the carousel and sends the contact form without leaving the page.
 */

export const pageLanguages = ["es", "en"] as const;
export type PageLanguage = (typeof pageLanguages)[number];

/** The operator's address, phone and email, from its first company (the panel's Companies). */
export interface ContactDetails {
  readonly name: string;
  readonly address: string;
  readonly phone: string;
  readonly email: string;
}

/** The landing's built script (dist/.vite/landing.json), as URLs, and its stylesheet, as text. */
export interface LandingAssets {
  readonly scripts: ReadonlyArray<string>;
  /**
   * Written into the page: a stylesheet of its own would hold the first paint back by a round
   * trip (about 200 ms on a phone's connection) for 3 KB. Empty under Vite's dev server, whose
   * script brings its styles.
   */
  readonly style: string;
}

/** The contact form as a visitor without JavaScript sent it (POST /), or empty. */
export interface ContactFormState {
  readonly values: Readonly<Partial<Record<NewLeadField, string>>>;
  readonly problems: FieldProblems<NewLeadField>;
  /** A refusal of the whole form ('too many attempts'), a message of src/api/messages.ts. */
  readonly error: string | null;
  /** The lead was taken: the confirmation shows above an empty form. */
  readonly sent: boolean;
}

export const emptyContactForm: ContactFormState = { values: {}, problems: {}, error: null, sent: false };

export interface LandingPageInput {
  readonly language: PageLanguage;
  /** The site's own address (scheme and host), for the links search engines keep. */
  readonly origin: string;
  /** Null when it could not be read: the page says so, and the contact form still works. */
  readonly content: PublicHomeContent | null;
  readonly contact: ContactDetails | null;
  readonly assets: LandingAssets;
  readonly form: ContactFormState;
}

const texts = { es: spanish, en: english } as const;
type Texts = (typeof texts)[PageLanguage];

/**
 * How wide the banner's pictures are drawn, for the browser to pick a width of each: the page's
 * `.container` at each of its breakpoints (landing.css). Below 768 px the carousel is 4:3 and a
 * 16:7 banner, cropped at the sides to fill it, is drawn 12/7 as wide as the box.
 */
const BANNER_SIZES =
  "(min-width: 1536px) 1450px, (min-width: 1280px) 1200px, (min-width: 1024px) 950px, (min-width: 768px) 700px, (min-width: 576px) 875px, calc((100vw - 2rem) * 12 / 7)";
/** A banner picture's proportions as the carousel draws it (16:7), so nothing moves when it arrives. */
const BANNER_WIDTH = 1600;
const BANNER_HEIGHT = 700;

/**
 * How wide a destination card's photo is drawn: from 576 px on the cards share the container in
 * columns of 15rem or more, the widest being half of its 700 px less the 1rem gap; below, one
 * card fills it.
 */
const CARD_SIZES = "(min-width: 576px) 342px, calc(100vw - 2rem)";

/** The address of the page in a language: the one search engines list for it (hreflang). */
export const pageAddress = (language: PageLanguage): string => `/?lang=${language}`;

/** Where the contact form's section starts, for the links back to it. */
const CONTACT_ID = "contacto";

const fill = (template: string, values: Readonly<Record<string, string | number>>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));

/** `lang` on a text not in the page's language: an English page's text written only in Spanish (WCAG 3.1.2). */
const langOf = (text: ShownText, language: PageLanguage): Html => attribute("lang", text.lang === language ? null : text.lang);

const slidesOf = (banners: ReadonlyArray<Banner>, language: PageLanguage) =>
  banners.flatMap((banner) => {
    const title = inLanguage(language, banner.title, banner.titleEn);
    const text = inLanguage(language, banner.text, banner.textEn);
    const textTwo = inLanguage(language, banner.textTwo, banner.textTwoEn);
    // a picture without an alternative text of its own is described by its banner's title
    return banner.images.map((path, index) => ({
      path,
      alt: inLanguage(language, banner.imageAlts[index] ?? "", banner.imageAltsEn[index] ?? "").text || title.text,
      title,
      text,
      textTwo,
    }));
  });

const carousel = (t: Texts, banners: ReadonlyArray<Banner>, language: PageLanguage): Html => {
  const slides = slidesOf(banners, language);
  if (slides.length === 0) return html``;
  return html`<section class="carousel landing-carousel" aria-label="${t.landing.banners}" aria-roledescription="${t.landing.carouselRole}">
<div class="carousel-track"${attribute("tabindex", slides.length > 1 ? 0 : null)}>
${slides.map(
  (slide, index) => html`<div class="carousel-slide" role="group" aria-roledescription="${t.landing.slideRole}" aria-label="${fill(t.landing.slideOf, { number: index + 1, count: slides.length })}">
<img src="${imageUrl(slide.path)}" srcset="${imageSrcSet(slide.path)}" sizes="${BANNER_SIZES}" alt="${slide.alt}" width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}"${index === 0 ? html` fetchpriority="high"` : html` loading="lazy" decoding="async"`}>
<div class="landing-caption">
<p class="landing-caption-title"${langOf(slide.title, language)}>${slide.title.text}</p>
${slide.text.text === "" ? "" : html`<p${langOf(slide.text, language)}>${slide.text.text}</p>`}
${slide.textTwo.text === "" ? "" : html`<p class="landing-caption-small"${langOf(slide.textTwo, language)}>${slide.textTwo.text}</p>`}
</div>
</div>
`,
)}</div>
${slides.length > 1 ? html`<button type="button" class="slide-show-toggle" hidden aria-label="${t.carousel.pause}" data-pause="${t.carousel.pause}" data-play="${t.carousel.play}"><svg class="icon-pause" viewBox="0 0 24 24" aria-hidden="true"><path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor"/></svg><svg class="icon-play" viewBox="0 0 24 24" aria-hidden="true"><path d="M8 5v14l11-7z" fill="currentColor"/></svg></button>` : ""}
</section>`;
};

const callToAction = (callAction: CallAction, language: PageLanguage): Html => {
  const title = inLanguage(language, callAction.title, callAction.titleEn);
  const text = inLanguage(language, callAction.text, callAction.textEn);
  const label = inLanguage(language, callAction.buttonLabel, callAction.buttonLabelEn);
  return html`<section class="container landing-cta" aria-labelledby="cta-title">
<div>
<h2 id="cta-title"${langOf(title, language)}>${title.text}</h2>
<p${langOf(text, language)}>${text.text}</p>
</div>
<a href="${callAction.link}" class="landing-cta-link" target="_blank" rel="noopener"${langOf(label, language)}>${label.text}</a>
</section>`;
};

const destinationCard = (t: Texts, recommendation: Recommendation, language: PageLanguage): Html => {
  const { itinerary } = recommendation;
  const name = inLanguage(language, itinerary.name, itinerary.nameEn);
  const days = inLanguage(language, itinerary.days, itinerary.daysEn);
  // the card's heading names the destination, so a photo without its own description is decorative
  const alt = inLanguage(language, itinerary.imageAlt, itinerary.imageAltEn);
  const offer = itinerary.isOffer && itinerary.offerPrice !== null ? itinerary.offerPrice : null;
  const money = (amount: number) => formatMoney(amount, language);
  const price =
    offer === null
      ? html`<span class="visually-hidden">${t.landing.price}: </span><strong>${money(itinerary.price)}</strong>`
      : html`<span class="visually-hidden">${t.landing.normalPrice}: </span><del>${money(itinerary.price)}</del> <span class="visually-hidden">${t.landing.offerPrice}: </span><strong class="landing-offer">${money(offer)}</strong>`;
  return html`<li><article class="landing-card">
<img src="${imageUrl(itinerary.image)}" srcset="${imageSrcSet(itinerary.image)}" sizes="${CARD_SIZES}" alt="${alt.text}" width="400" height="260" loading="lazy" decoding="async">
<div class="landing-card-body">
<h3${langOf(name, language)}>${name.text}</h3>
${days.text === "" ? "" : html`<p class="landing-card-days"${langOf(days, language)}>${days.text}</p>`}
<p class="landing-price">${price}</p>
</div>
</article></li>`;
};

const messageKeys = new Map<string, keyof Texts["messages"]>(
  [...Object.entries(messages), ...Object.entries(clientMessages)].map(([key, text]) => [text, key as keyof Texts["messages"]]),
);

/** A server or client message in the page's language; anything unknown reads as 'something went wrong'. */
const messageText = (t: Texts, message: string): string => t.messages[messageKeys.get(message) ?? "unexpected"];

/** The message under a field: its rule's problem, worded as the panel's forms word it. */
const problemText = (t: Texts, problem: FieldProblem): string =>
  problem === "required" ? t.fields.required : problem === "invalidEmail" ? t.fields.invalidEmail : messageText(t, fieldProblemMessages[problem]);

/**
 * What the contact form's script may have to show, in the page's language and nothing else: the
 * fields' problems, and the refusals a public form can meet (a throttle, input the server will not
 * take, a failure of the server or of the connection).
 */
const formTexts = (t: Texts) => ({
  problems: Object.fromEntries(Object.keys(fieldProblemMessages).map((problem) => [problem, problemText(t, problem as FieldProblem)])),
  messages: Object.fromEntries(
    [...Object.values(fieldProblemMessages), messages.tooManyAttempts, messages.invalidInput, messages.serverError, ...Object.values(clientMessages)].map(
      (message) => [message, messageText(t, message)],
    ),
  ),
  unexpected: t.messages.unexpected,
});

interface FormField {
  readonly name: NewLeadField;
  readonly label: string;
  readonly type?: "email" | "tel";
  readonly autocomplete?: string;
}

/** A labelled control whose problem message is tied to it for screen readers (like the panel's fields). */
const field = (form: ContactFormState, t: Texts, { name, label, type, autocomplete }: FormField, control: "input" | "textarea"): Html => {
  const id = `contact-${name}`;
  const problem = form.problems[name];
  const value = form.sent ? "" : (form.values[name] ?? "");
  const common = html` id="${id}" name="${name}" maxlength="${newLeadFields[name].maxLength}" required${attribute("autocomplete", autocomplete)}${attribute("aria-invalid", problem === undefined ? null : "true")}${attribute("aria-describedby", problem === undefined ? null : `${id}-problem`)}`;
  return html`<div class="field">
<label for="${id}">${label}</label>
${control === "input" ? html`<input type="${type ?? "text"}"${common} value="${value}">` : html`<textarea rows="4"${common}>${value}</textarea>`}
<small id="${id}-problem"${attribute("hidden", problem === undefined)}>${problem === undefined ? "" : problemText(t, problem)}</small>
</div>`;
};

const countrySelect = (form: ContactFormState, t: Texts, language: PageLanguage): Html => {
  const problem = form.problems.country;
  const chosen = form.sent ? "" : (form.values.country ?? "");
  return html`<div class="field">
<label for="contact-country">${t.landing.country}</label>
<select id="contact-country" name="country" required${attribute("aria-invalid", problem === undefined ? null : "true")}${attribute("aria-describedby", problem === undefined ? null : "contact-country-problem")}>
<option value="">${t.landing.chooseCountry}</option>
${countriesIn(language).map((option) => html`<option value="${option.value}"${attribute("selected", option.value === chosen)}>${option.label}</option>`)}
</select>
<small id="contact-country-problem"${attribute("hidden", problem === undefined)}>${problem === undefined ? "" : problemText(t, problem)}</small>
</div>`;
};

// Two hundred and fifty names sorted with a collator: made once per language, not per visit.
const countryLists = new Map<PageLanguage, ReturnType<typeof countryOptions>>();
const countriesIn = (language: PageLanguage) => {
  const known = countryLists.get(language);
  if (known !== undefined) return known;
  const made = countryOptions(language);
  countryLists.set(language, made);
  return made;
};

const contactForm = (t: Texts, form: ContactFormState, language: PageLanguage): Html => html`<p role="status" class="landing-sent"${attribute("hidden", !form.sent)}>${t.landing.sent}</p>
<div class="error-banner" role="alert"${attribute("hidden", form.error === null)}>${form.error === null ? "" : messageText(t, form.error)}</div>
<form class="landing-form" method="post" action="/#${CONTACT_ID}" novalidate>
<input type="hidden" name="lang" value="${language}">
<fieldset>
<div class="grid">
${field(form, t, { name: "firstName", label: t.landing.firstName, autocomplete: "given-name" }, "input")}
${field(form, t, { name: "lastName", label: t.landing.lastName, autocomplete: "family-name" }, "input")}
</div>
<div class="grid">
${field(form, t, { name: "email", label: t.landing.email, type: "email", autocomplete: "email" }, "input")}
${field(form, t, { name: "phone", label: t.landing.phone, type: "tel", autocomplete: "tel" }, "input")}
</div>
${countrySelect(form, t, language)}
${field(form, t, { name: "message", label: t.landing.message }, "textarea")}
<div class="visually-hidden" aria-hidden="true"><label for="contact-website">Website</label><input id="contact-website" name="website" type="text" tabindex="-1" autocomplete="off" value=""></div>
</fieldset>
<button type="submit">${t.landing.send}</button>
</form>`;

/** A phone number as a `tel:` link dials it: digits and a leading plus only. */
const dialable = (phone: string): string => phone.replace(/(?!^\+)[^\d]/g, "");

const contactDetails = (t: Texts, contact: ContactDetails): Html => html`<aside class="landing-details" aria-labelledby="details-title">
<h3 id="details-title">${t.landing.contactDetails}</h3>
<address>
<p><strong>${contact.name}</strong></p>
${contact.address === "" ? "" : html`<p><span class="visually-hidden">${t.landing.address}: </span>${contact.address}</p>`}
${contact.phone === "" ? "" : html`<p>${t.landing.phone}: <a href="tel:${dialable(contact.phone)}">${contact.phone}</a></p>`}
${contact.email === "" ? "" : html`<p>${t.landing.email}: <a href="mailto:${contact.email}">${contact.email}</a></p>`}
</address>
</aside>`;

/**
 * Data for the script, never run (a data block: the policy's script-src does not apply). Its JSON
 * is inserted as it is, with every `<` escaped, so that no text can close the element.
 */
const jsonData = (id: string, value: unknown): Html =>
  html`<script type="application/json" id="${id}">${new Html(JSON.stringify(value).replace(/</g, "\\u003c"))}</script>`;

const languageChoice = (t: Texts, language: PageLanguage): Html => html`<form class="language-select" method="get" action="/">
<label for="language">${t.language.label}</label>
<select id="language" name="lang">
${pageLanguages.map((code) => html`<option value="${code}" lang="${code}"${attribute("selected", code === language)}>${texts[code].language[code]}</option>`)}
</select>
<noscript><button type="submit" class="secondary">${t.landing.changeLanguage}</button></noscript>
</form>`;

/** The whole page, as sent. */
export const renderLandingPage = ({ language, origin, content, contact, assets, form }: LandingPageInput): string => {
  const t = texts[language];
  const recommended = content === null ? [] : [...content.recommendations].sort((a, b) => a.position - b.position);
  const firstImage = content?.banners.find((banner) => banner.images.length > 0)?.images[0];
  const page = html`<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.landing.pageTitle}</title>
<meta name="description" content="${t.landing.text}">
<meta name="color-scheme" content="light dark">
<link rel="canonical" href="${origin}${pageAddress(language)}">
${pageLanguages.map((code) => html`<link rel="alternate" hreflang="${code}" href="${origin}${pageAddress(code)}">
`)}<link rel="alternate" hreflang="x-default" href="${origin}/">
<meta property="og:type" content="website">
<meta property="og:title" content="${t.landing.pageTitle}">
<meta property="og:description" content="${t.landing.text}">
<meta property="og:locale" content="${language === "en" ? "en_US" : "es_EC"}">
<meta property="og:url" content="${origin}${pageAddress(language)}">
${firstImage === undefined ? "" : html`<meta property="og:image" content="${origin}${imageUrl(firstImage)}">
`}<link rel="icon" type="image/svg+xml" href="/favicon.svg">
${assets.style === "" ? "" : html`<style>${new Html(assets.style)}</style>
`}${assets.scripts.map((src) => html`<script type="module" src="${src}"></script>
`)}</head>
<body>
<a class="skip-link" href="#main">${t.layout.skipToContent}</a>
<header class="container site-header">
<a class="brand" href="${pageAddress(language)}"><img src="/favicon.svg" alt="" width="40" height="40"><span>${t.brand.name}</span></a>
<nav class="site-nav" aria-label="${t.landing.navigation}">
${languageChoice(t, language)}
<a href="/panel">${t.landing.staffAccess}</a>
</nav>
</header>
<main id="main" class="landing">
<section class="container landing-hero" aria-labelledby="landing-title">
<h1 id="landing-title">${t.landing.title}</h1>
<p class="landing-lead">${t.landing.text}</p>
${content === null ? html`<p class="landing-unavailable">${t.landing.unavailable} <a href="${pageAddress(language)}">${t.landing.retry}</a></p>` : carousel(t, content.banners, language)}
</section>
${content?.call_action ? callToAction(content.call_action, language) : ""}
${
  recommended.length === 0
    ? ""
    : html`<section class="container" aria-labelledby="recommended-title">
<h2 id="recommended-title">${t.landing.recommended}</h2>
<ul class="landing-cards">
${recommended.map((recommendation) => destinationCard(t, recommendation, language))}
</ul>
</section>`
}
<section class="container landing-contact" id="${CONTACT_ID}" aria-labelledby="contact-title">
<h2 id="contact-title">${t.landing.contactTitle}</h2>
<div class="landing-contact-columns">
<div>
<p>${t.landing.contactText}</p>
${contactForm(t, form, language)}
</div>
${contact === null ? "" : contactDetails(t, contact)}
</div>
</section>
</main>
<footer class="container landing-footer">
<small>${t.brand.name} · <a href="/panel">${t.landing.staffAccess}</a>${contact === null || contact.email === "" ? "" : html` · <a href="mailto:${contact.email}">${contact.email}</a>`}</small>
</footer>
${jsonData("landing-texts", formTexts(t))}
</body>
</html>
`;
  return page.markup;
};
