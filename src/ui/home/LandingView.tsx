import "./landing.css";
import { useSelector } from "@xstate/react";
import { useDeferredValue } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { inLanguage } from "../../api/english.ts";
import type { Banner, Recommendation } from "../../api/home.ts";
import { landingContentMachine } from "../../machines/home/landingContent.machine.ts";
import { Carousel, type Slide } from "./Carousel.tsx";
import { ContactForm } from "./ContactForm.tsx";
import { LanguageSelect } from "../shared/LanguageSelect.tsx";
import { Logo } from "../shared/Logo.tsx";
import { useServices } from "../shared/context.ts";
import { formatMoney, imageSrcSet, imageUrl } from "../catalogues/destinationFormat.ts";
import { paths } from "../paths.ts";
import { useFlowActor } from "../shared/useFlow.ts";

/**
 * How wide the banner's pictures are drawn, for the browser to pick a width of each: Pico's
 * `.container` at each of its breakpoints. Below 768 px the carousel is 4:3 (landing.css) and a
 * 16:7 banner, cropped at the sides to fill it, is drawn 12/7 as wide as the box.
 */
const BANNER_SIZES =
  "(min-width: 1536px) 1450px, (min-width: 1280px) 1200px, (min-width: 1024px) 950px, (min-width: 768px) 700px, (min-width: 576px) 875px, calc((100vw - 2rem) * 12 / 7)";

/**
 * How wide a destination card's photo is drawn: from 576 px on the cards share Pico's container
 * in columns of 15rem or more, the widest being half of its 700 px less the 1rem gap; below, one
 * card fills it.
 */
const CARD_SIZES = "(min-width: 576px) 342px, calc(100vw - 2rem)";

/**
 * Every image of every active banner is a slide, with its banner's texts over it, in the reader's
 * language (an English text left blank shows the Spanish one); a picture without an alternative
 * text is described by its banner's title.
 */
const slidesOf = (banners: ReadonlyArray<Banner>, language: string): ReadonlyArray<Slide> =>
  banners.flatMap((banner) => {
    const title = inLanguage(language, banner.title, banner.titleEn);
    const text = inLanguage(language, banner.text, banner.textEn);
    const textTwo = inLanguage(language, banner.textTwo, banner.textTwoEn);
    return banner.images.map((path, index) => ({
      key: `${banner.id}-${index}-${path}`,
      src: imageUrl(path),
      srcSet: imageSrcSet(path),
      alt: inLanguage(language, banner.imageAlts[index] ?? "", banner.imageAltsEn[index] ?? "").text || title.text,
      caption: (
        <div className="landing-caption">
          <p className="landing-caption-title" lang={title.lang}>
            {title.text}
          </p>
          {text.text !== "" && <p lang={text.lang}>{text.text}</p>}
          {textTwo.text !== "" && (
            <p className="landing-caption-small" lang={textTwo.lang}>
              {textTwo.text}
            </p>
          )}
        </div>
      ),
    }));
  });

function DestinationCard({ recommendation }: { readonly recommendation: Recommendation }) {
  const { t, i18n } = useTranslation();
  const { itinerary } = recommendation;
  const language = i18n.language;
  const money = (amount: number) => formatMoney(language, amount);
  const offer = itinerary.isOffer && itinerary.offerPrice !== null ? itinerary.offerPrice : null;
  const name = inLanguage(language, itinerary.name, itinerary.nameEn);
  const days = inLanguage(language, itinerary.days, itinerary.daysEn);
  // The card's heading names the destination, so a photo without its own description is decorative.
  const alt = inLanguage(language, itinerary.imageAlt, itinerary.imageAltEn);
  return (
    <li>
      <article className="landing-card">
        <img
          sizes={CARD_SIZES}
          srcSet={imageSrcSet(itinerary.image)}
          src={imageUrl(itinerary.image)}
          alt={alt.text}
          width={400}
          height={260}
          loading="lazy"
          decoding="async"
        />
        <div className="landing-card-body">
          <h3 lang={name.lang}>{name.text}</h3>
          {days.text !== "" && (
            <p className="landing-card-days" lang={days.lang}>
              {days.text}
            </p>
          )}
          {offer === null ? (
            <p className="landing-price">
              <span className="visually-hidden">{t("landing.price")}: </span>
              <strong>{money(itinerary.price)}</strong>
            </p>
          ) : (
            <p className="landing-price">
              <span className="visually-hidden">{t("landing.normalPrice")}: </span>
              <del>{money(itinerary.price)}</del>{" "}
              <span className="visually-hidden">{t("landing.offerPrice")}: </span>
              <strong className="landing-offer">{money(offer)}</strong>
            </p>
          )}
        </div>
      </article>
    </li>
  );
}

/** The public page `/`: banners, the call to action, recommended destinations and a contact form. */
export default function LandingView() {
  const { t, i18n } = useTranslation("landing");
  const { client } = useServices();
  const actor = useFlowActor(landingContentMachine, { input: { client } });
  const content = useSelector(actor, (snapshot) => snapshot.context.content);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag("fetching"));
  // The hero is drawn first; the sections below it (the cards, the form's long country list) in a
  // deferred render that React splits into short tasks, so the page never stops answering.
  const showRest = useDeferredValue(!loading);
  const failed = useSelector(actor, (snapshot) => snapshot.matches("failed"));
  const language = i18n.language;
  const slides = content === null ? [] : slidesOf(content.baner, language);
  const callAction = content?.call_action ?? null;
  const callActionTexts =
    callAction === null
      ? null
      : {
          title: inLanguage(language, callAction.title, callAction.titleEn),
          text: inLanguage(language, callAction.text, callAction.textEn),
          buttonLabel: inLanguage(language, callAction.buttonLabel, callAction.buttonLabelEn),
        };
  const recommended = content === null ? [] : [...content.recomendation].sort((a, b) => a.position - b.position);

  return (
    <>
      <header className="container public-header">
        <span className="brand">
          <Logo label={t("brand.name")} />
          <strong>{t("brand.name")}</strong>
        </span>
        <nav className="landing-nav" aria-label={t("landing.navigation")}>
          <LanguageSelect />
          <Link href={paths.login}>{t("landing.staffAccess")}</Link>
        </nav>
      </header>
      <main className="landing">
        <section className="container landing-hero" aria-labelledby="landing-title">
          <h1 id="landing-title">{t("landing.title")}</h1>
          <p className="landing-lead">{t("landing.text")}</p>
          {/* the carousel's box is kept while the content loads, so nothing below it jumps */}
          {loading && <div className="carousel landing-carousel" aria-hidden="true" />}
          {slides.length > 0 && (
            <Carousel
              className="landing-carousel"
              slides={slides}
              label={t("landing.banners")}
              width={1600}
              height={700}
              sizes={BANNER_SIZES}
              priority
            />
          )}
          {failed && (
            <p className="landing-unavailable">
              {t("landing.unavailable")}{" "}
              <button type="button" className="outline" onClick={() => actor.send({ type: "content.retry" })}>
                {t("landing.retry")}
              </button>
            </p>
          )}
        </section>
        {/* the rest waits for the content: shown before it, the form would jump down when it arrives */}
        {showRest && callAction !== null && callActionTexts !== null && (
          <section className="container landing-cta" aria-labelledby="cta-title">
            <div>
              <h2 id="cta-title" lang={callActionTexts.title.lang}>
                {callActionTexts.title.text}
              </h2>
              <p lang={callActionTexts.text.lang}>{callActionTexts.text.text}</p>
            </div>
            <a
              href={callAction.link}
              className="landing-cta-link"
              target="_blank"
              rel="noopener"
              lang={callActionTexts.buttonLabel.lang}
            >
              {callActionTexts.buttonLabel.text}
            </a>
          </section>
        )}
        {showRest && recommended.length > 0 && (
          <section className="container" aria-labelledby="recommended-title">
            <h2 id="recommended-title">{t("landing.recommended")}</h2>
            <ul className="landing-cards">
              {recommended.map((recommendation) => (
                <DestinationCard key={recommendation.id} recommendation={recommendation} />
              ))}
            </ul>
          </section>
        )}
        {showRest && (
          <section className="container landing-contact" aria-labelledby="contact-title">
            <h2 id="contact-title">{t("landing.contactTitle")}</h2>
            <p>{t("landing.contactText")}</p>
            <ContactForm />
          </section>
        )}
      </main>
      {showRest && (
        <footer className="container landing-footer">
          <small>
            {t("brand.name")} · <Link href={paths.login}>{t("landing.staffAccess")}</Link>
          </small>
        </footer>
      )}
    </>
  );
}
