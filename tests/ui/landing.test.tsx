import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ContactDetails, emptyContactForm, type PageLanguage, renderLandingPage } from "../../server/home/landingPage.ts";
import type { PublicHomeContent } from "../../src/api/home.ts";
import { messages } from "../../src/api/messages.ts";
import { startCarousel } from "../../src/ui/home/landingCarousel.ts";
import { bannerId, callActionId, itineraryId } from "../ids.ts";
import { fakeFetch } from "./harness.tsx";

/**
 * The landing page's script (decision 070) on the page the server writes: the carousel's slide
 * show and the contact form sent without leaving the page. What the page shows without it is
 * tests/api/landing.test.ts's; the whole in Chromium, tests/e2e/landing.e2e.test.ts's.
 */
const content: PublicHomeContent = {
  banners: [
    {
      id: bannerId(1),
      type: "banner",
      title: "Galápagos en crucero",
      text: "De 4 a 8 días entre islas",
      textTwo: "Salidas semanales",
      titleEn: "Galápagos by cruise",
      textEn: "",
      textTwoEn: "Weekly departures",
      images: ["uploads/home_page/a.png", "uploads/home_page/b.png", "uploads/home_page/c.png"],
      imageAlts: ["Un yate frente a la isla Bartolomé", "", ""],
      imageAltsEn: ["A yacht off Bartolomé island", "", ""],
      page: "home",
      active: true,
      version: 1,
    },
  ],
  call_action: {
    id: callActionId(3),
    type: "call_action",
    title: "¿Listo para viajar?",
    text: "Le armamos el itinerario.",
    buttonLabel: "Cotizar ahora",
    titleEn: "Ready to travel?",
    textEn: "",
    buttonLabelEn: "Get a quote",
    link: "https://example.com/cotizar",
    active: true,
    version: 2,
  },
  recommendations: [
    {
      id: itineraryId(7),
      type: "recommendation",
      position: 1,
      itinerary: {
        id: itineraryId(4),
        name: "Quilotoa",
        days: "2 días",
        nameEn: "",
        daysEn: "",
        imageAlt: "",
        imageAltEn: "",
        type: "national",
        price: 180,
        offerPrice: 149.5,
        isOffer: true,
        image: "uploads/tiptops/quilotoa.png",
      },
    },
  ],
};

const contact: ContactDetails = { name: "Galápagos Islas Cruceros S.A.", address: "Av. Amazonas N24-03, Quito", phone: "+593 2 255 0100", email: "operaciones@example.com" };

/** The page the server writes, in jsdom's document (testing-library's `screen` reads its body; no script runs). */
const showPage = (language: PageLanguage, shown: PublicHomeContent = content) => {
  const markup = renderLandingPage({ language, origin: "http://localhost", content: shown, contact, assets: { scripts: [], style: "" }, form: emptyContactForm });
  const page = new DOMParser().parseFromString(markup, "text/html");
  const copied = (parent: Element) => [...parent.childNodes].map((node) => document.importNode(node, true));
  document.documentElement.lang = page.documentElement.lang;
  document.head.replaceChildren(...copied(page.head));
  document.body.replaceChildren(...copied(page.body));
};

/** The system's reduced-motion setting, which jsdom does not have; `changed` tells the page it changed. */
const motion = (reduced: boolean) => {
  const listeners: Array<() => void> = [];
  const query = { matches: reduced, addEventListener: (_: string, listener: () => void) => listeners.push(listener) };
  vi.stubGlobal("matchMedia", () => query);
  return {
    changed: (now: boolean) => {
      query.matches = now;
      for (const listener of listeners) listener();
    },
  };
};

let runs = 0;

/**
 * The landing's entry script, run again on the page shown (as a browser runs it once per page):
 * a new instance by its address, never by resetting the worker's modules, which the UI files
 * share (a reset left later files with a second testing library whose screens nobody cleaned up).
 */
const runScript = async () => {
  runs += 1;
  await import(/* @vite-ignore */ `../../src/ui/home/landing.ts?run=${runs}`);
};

const shownSlide = (carousel: HTMLElement) =>
  [...carousel.querySelectorAll<HTMLElement>(".carousel-slide")].map((slide) => [slide.classList.contains("is-current"), slide.inert]);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the landing page's banner carousel", () => {
  it("fades from slide to slide every few seconds, one slide shown to screen readers, and pauses on its button", async () => {
    vi.useFakeTimers();
    motion(false);
    showPage("es");
    const carousel = screen.getByRole("region", { name: "Promociones destacadas" });
    expect(carousel.getAttribute("aria-roledescription")).toBe("carrusel");
    expect(within(carousel).getAllByRole("group").map((slide) => slide.getAttribute("aria-label"))).toEqual(["1 de 3", "2 de 3", "3 de 3"]);
    // without the script: a row to scroll through, reachable by the keyboard, no button
    expect(carousel.querySelector(".carousel-track")?.getAttribute("tabindex")).toBe("0");
    expect(carousel.querySelector("button")?.hidden).toBe(true);

    startCarousel(carousel, window);
    expect(carousel.classList.contains("is-fading")).toBe(true);
    expect(carousel.querySelector(".carousel-track")?.hasAttribute("tabindex")).toBe(false);
    expect(shownSlide(carousel)).toEqual([[true, false], [false, true], [false, true]]);
    vi.advanceTimersByTime(2_999);
    expect(shownSlide(carousel)[0]).toEqual([true, false]);
    vi.advanceTimersByTime(1);
    expect(shownSlide(carousel)).toEqual([[false, true], [true, false], [false, true]]);
    // the next one after the fade and the slide's time again, and round to the first
    vi.advanceTimersByTime(5_000);
    vi.advanceTimersByTime(5_000);
    expect(shownSlide(carousel)[0]).toEqual([true, false]);

    const pause = within(carousel).getByRole("button", { name: "Pausar las imágenes" });
    expect(pause.hidden).toBe(false);
    pause.click();
    expect(within(carousel).getByRole("button", { name: "Reanudar las imágenes" })).toBe(pause);
    expect(carousel.dataset.playing).toBe("false");
    vi.advanceTimersByTime(20_000);
    expect(shownSlide(carousel)[0]).toEqual([true, false]);
    pause.click();
    vi.advanceTimersByTime(3_000);
    expect(shownSlide(carousel)[1]).toEqual([true, false]);
  });

  it("stays still for a visitor whose system asks for less motion, until they press play", async () => {
    vi.useFakeTimers();
    const system = motion(true);
    showPage("en");
    const carousel = screen.getByRole("region", { name: "Featured offers" });
    startCarousel(carousel, window);
    vi.advanceTimersByTime(10_000);
    expect(shownSlide(carousel)[0]).toEqual([true, false]);
    within(carousel).getByRole("button", { name: "Play the slides" }).click();
    vi.advanceTimersByTime(3_000);
    expect(shownSlide(carousel)[1]).toEqual([true, false]);
    system.changed(true);
    within(carousel).getByRole("button", { name: "Play the slides" });
  });

  it("writes an image without its own description with its banner's title, an untranslated text marked Spanish", () => {
    showPage("en");
    const carousel = screen.getByRole("region", { name: "Featured offers" });
    expect(within(carousel).getAllByRole("img").map((image) => image.getAttribute("alt"))).toEqual([
      "A yacht off Bartolomé island",
      "Galápagos by cruise",
      "Galápagos by cruise",
    ]);
    expect(within(carousel).getAllByText("De 4 a 8 días entre islas")[0]?.getAttribute("lang")).toBe("es");
    expect(within(carousel).getAllByText("Weekly departures")[0]?.hasAttribute("lang")).toBe(false);
    expect(screen.getByText("Le armamos el itinerario.").getAttribute("lang")).toBe("es");
    const card = within(screen.getByRole("region", { name: "Recommended destinations" })).getByRole("article");
    expect(within(card).getByRole("heading").getAttribute("lang")).toBe("es");
    expect(card.querySelector("img")?.getAttribute("alt")).toBe("");
    expect(card.querySelector("del")?.textContent).toBe("US$ 180.00");
    expect(card.querySelector(".landing-offer")?.textContent).toBe("US$ 149.50");
  });
});

describe("the landing page's contact form", () => {
  const noBanners = { ...content, banners: [] };

  it("is checked, sent once with the honeypot and the country's Spanish name, then confirmed and emptied", async () => {
    let answer: (value: { status: number; data: unknown }) => void = () => {};
    const { fetch, calls } = fakeFetch({ "POST /api/leads/createLead": () => new Promise((resolve) => (answer = resolve)) });
    vi.stubGlobal("fetch", fetch);
    window.history.replaceState(null, "", "/?lang=en");
    showPage("en", noBanners);
    await runScript();
    // a language chosen here is the panel's too
    expect(localStorage.getItem("lang")).toBe("en");
    const user = userEvent.setup();
    const form = within(screen.getByRole("region", { name: "Contact us" }));
    await user.click(form.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(form.getAllByText("Required information")).toHaveLength(6));
    expect(form.getByLabelText("First name").getAttribute("aria-invalid")).toBe("true");
    expect(form.getByLabelText("First name").getAttribute("aria-describedby")).toBe("contact-firstName-problem");
    // the first field to fix has the focus
    expect(document.activeElement).toBe(form.getByLabelText("First name"));

    await user.type(form.getByLabelText("First name"), "Marta");
    await user.type(form.getByLabelText("Last name"), "Quispe");
    await user.type(form.getByLabelText("Email"), "marta@example.com");
    await user.type(form.getByLabelText("Phone"), "+51 999 888 777");
    await user.selectOptions(form.getByLabelText("Country"), "Perú");
    expect((form.getByLabelText("Country") as HTMLSelectElement).selectedOptions[0]?.textContent).toBe("Peru");
    await user.type(form.getByLabelText("Message"), "Quisiera cotizar.");
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot?.tabIndex).toBe(-1);
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    await user.click(form.getByRole("button", { name: "Send" }));
    expect(form.getByRole("button", { name: "Send" }).getAttribute("aria-busy")).toBe("true");
    await user.click(form.getByRole("button", { name: "Send" }));
    answer({ status: 200, data: messages.created });

    await waitFor(() => expect(form.getByRole("status").hidden).toBe(false));
    expect(form.getByRole("status").textContent).toMatch(/We received your message/);
    expect(form.queryAllByText("Required information")).toEqual([]);
    const sent = calls.filter((call) => call.method === "POST");
    expect(sent.map((call) => call.body)).toEqual([
      { firstName: "Marta", lastName: "Quispe", email: "marta@example.com", country: "Perú", phone: "+51 999 888 777", message: "Quisiera cotizar.", website: "" },
    ]);
    expect(sent[0]?.authorization).toBeNull();
    expect((form.getByLabelText("First name") as HTMLInputElement).value).toBe("");
  });

  it("shows 'too many attempts' in the page's language and keeps what was typed", async () => {
    vi.stubGlobal("fetch", fakeFetch({ "POST /api/leads/createLead": { status: 429, data: messages.tooManyAttempts } }).fetch);
    showPage("es", noBanners);
    await runScript();
    const user = userEvent.setup();
    const form = within(screen.getByRole("region", { name: "Contáctenos" }));
    await user.type(form.getByLabelText("Nombre"), "Marta");
    await user.type(form.getByLabelText("Apellido"), "Quispe");
    await user.type(form.getByLabelText("Correo electrónico"), "marta@example.com");
    await user.type(form.getByLabelText("Teléfono"), "0999");
    await user.selectOptions(form.getByLabelText("País"), "Ecuador");
    await user.type(form.getByLabelText("Mensaje"), "Hola");
    await user.click(form.getByRole("button", { name: "Enviar" }));
    expect((await form.findByRole("alert")).textContent).toBe("Demasiados intentos. Espere unos minutos e inténtelo de nuevo.");
    expect((form.getByLabelText("Nombre") as HTMLInputElement).value).toBe("Marta");
    expect(localStorage.getItem("lang")).toBeNull();
  });
});
