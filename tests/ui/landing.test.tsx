import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Schema } from "effect";
import { PublicHomeContent } from "../../src/api/home.ts";
import { messages } from "../../src/api/messages.ts";
import { countryOptions } from "../../src/ui/shared/countries.ts";
import { fakeFetch, renderApp, startSlideShow } from "./harness.tsx";
import { bannerId, callActionId, itineraryId } from "../ids.ts";

const content: PublicHomeContent = {
  baner: [
    {
      id: bannerId(1),
      type: "baner",
      title: "Galápagos en crucero",
      text: "De 4 a 8 días entre islas",
      textTwo: "Salidas semanales",
      titleEn: "Galápagos by cruise",
      textEn: "",
      textTwoEn: "Weekly departures",
      images: ["uploads/home_page/a.png", "uploads/home_page/b.png"],
      imageAlts: ["Un yate frente a la isla Bartolomé", ""],
      imageAltsEn: ["A yacht off Bartolomé island", ""],
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
  recomendation: [
    {
      id: itineraryId(8),
      type: "recomendation",
      position: 2,
      itinerary: {
        id: itineraryId(5),
        name: "París",
        days: "7 días",
        nameEn: "Paris",
        daysEn: "7 days",
        imageAlt: "La torre Eiffel al atardecer",
        imageAltEn: "The Eiffel Tower at dusk",
        type: "international",
        price: 2400,
        offerPrice: null,
        isOffer: false,
        image: "uploads/tiptops/paris.png",
      },
    },
    {
      id: itineraryId(7),
      type: "recomendation",
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

// as the server sends it, spelled as SPEC.md spells it (decision 074)
const publicContent = { "GET /api/homeScreen/content": { status: 200, data: Schema.encodeSync(PublicHomeContent)(content) } };

describe("the landing page", () => {
  it("lets the visitor pause and resume the banner slide show", async () => {
    await renderApp("/", fakeFetch(publicContent).fetch);
    await screen.findByRole("region", { name: "Promociones destacadas" });
    await startSlideShow("Promociones destacadas");
    await userEvent.click(screen.getByRole("button", { name: "Pausar las imágenes" }));
    const play = screen.getByRole("button", { name: "Reanudar las imágenes" });
    expect(screen.queryByRole("button", { name: "Pausar las imágenes" })).toBeNull();
    await userEvent.click(play);
    expect(screen.getByRole("button", { name: "Pausar las imágenes" })).toBeDefined();
  });

  it("shows the banner carousel, the call to action and the recommended destinations with offer prices", async () => {
    await renderApp("/", fakeFetch(publicContent).fetch);
    const still = await screen.findByRole("region", { name: "Promociones destacadas" });
    expect(within(still).getAllByRole("img").map((image) => image.getAttribute("src"))).toEqual([
      "/api/uploads/home_page/a.png",
    ]);
    const carousel = await startSlideShow("Promociones destacadas");
    const images = within(carousel).getAllByRole("img");
    // an image without its own alternative text is described by its banner's title
    expect(images.map((image) => [image.getAttribute("src"), image.getAttribute("alt")])).toEqual([
      ["/api/uploads/home_page/a.png", "Un yate frente a la isla Bartolomé"],
      ["/api/uploads/home_page/b.png", "Galápagos en crucero"],
    ]);
    expect(images.map((image) => image.getAttribute("loading"))).toEqual(["eager", "lazy"]);
    expect(images[0]?.getAttribute("fetchpriority")).toBe("high");
    expect(images[0]?.getAttribute("width")).toBe("1600");
    expect(within(carousel).getAllByText("De 4 a 8 días entre islas").length).toBeGreaterThan(0);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Viaje a Galápagos y a todo el mundo");

    const action = await screen.findByRole("link", { name: "Cotizar ahora" });
    expect(action.getAttribute("href")).toBe("https://example.com/cotizar");
    expect(action.getAttribute("rel")).toBe("noopener");

    const cards = within(screen.getByRole("region", { name: "Destinos recomendados" })).getAllByRole("article");
    expect(cards.map((card) => within(card).getByRole("heading").textContent)).toEqual(["Quilotoa", "París"]);
    const [quilotoa, paris] = cards;
    // a photo without a description of its own is decorative: the card's heading names the place
    expect(cards.map((card) => card.querySelector("img")?.getAttribute("alt"))).toEqual(["", "La torre Eiffel al atardecer"]);
    expect(quilotoa?.querySelector("del")?.textContent).toBe("US$ 180,00");
    expect(quilotoa?.querySelector(".landing-offer")?.textContent).toBe("US$ 149,50");
    expect(paris?.querySelector("del")).toBeNull();
    expect(within(paris ?? document.body).getByText("US$ 2.400,00")).toBeDefined();
    expect(screen.getAllByRole("link", { name: "Acceso personal" })[0]?.getAttribute("href")).toBe("/panel");
  });

  it("offers every picture at 480, 960 and 1600 px wide, with the stored image as the fallback", async () => {
    const widths = (path: string) => `/api/${path}/480.webp 480w, /api/${path}/960.webp 960w, /api/${path}/1600.webp 1600w`;
    const sources = (image: Element) => [image.getAttribute("src"), image.getAttribute("srcset")];
    await renderApp("/", fakeFetch(publicContent).fetch);
    const still = await screen.findByRole("region", { name: "Promociones destacadas" });
    expect(within(still).getAllByRole("img").map(sources)).toEqual([["/api/uploads/home_page/a.png", widths("uploads/home_page/a.png")]]);
    const carousel = await startSlideShow("Promociones destacadas");
    const slides = within(carousel).getAllByRole("img");
    expect(slides.map(sources)).toEqual([
      ["/api/uploads/home_page/a.png", widths("uploads/home_page/a.png")],
      ["/api/uploads/home_page/b.png", widths("uploads/home_page/b.png")],
    ]);
    // the banner fills the page's width; a phone's 4:3 box crops a 16:7 banner, drawing it wider
    expect(slides[0]?.getAttribute("sizes")).toMatch(/^\(min-width: 1536px\) 1450px, .*calc\(\(100vw - 2rem\) \* 12 \/ 7\)$/);

    const cards = within(await screen.findByRole("region", { name: "Destinos recomendados" })).getAllByRole("article");
    const photos = cards.map((card) => card.querySelector("img"));
    expect(photos.map((photo) => (photo === null ? null : sources(photo)))).toEqual([
      ["/api/uploads/tiptops/quilotoa.png", widths("uploads/tiptops/quilotoa.png")],
      ["/api/uploads/tiptops/paris.png", widths("uploads/tiptops/paris.png")],
    ]);
    expect(photos[0]?.getAttribute("sizes")).toBe("(min-width: 576px) 342px, calc(100vw - 2rem)");
  });

  it("shows the English texts in English, the Spanish ones where no English was written", async () => {
    localStorage.setItem("lang", "en");
    await renderApp("/", fakeFetch(publicContent).fetch);
    await screen.findByRole("region", { name: "Featured offers" });
    const carousel = await startSlideShow("Featured offers");
    expect(within(carousel).getAllByRole("img").map((image) => image.getAttribute("alt"))).toEqual([
      "A yacht off Bartolomé island",
      "Galápagos by cruise",
    ]);
    const title = within(carousel).getAllByText("Galápagos by cruise")[0];
    expect(title?.getAttribute("lang")).toBe("en");
    // no English text: the Spanish one, marked as Spanish for screen readers
    const text = within(carousel).getAllByText("De 4 a 8 días entre islas")[0];
    expect(text?.getAttribute("lang")).toBe("es");
    expect(within(carousel).getAllByText("Weekly departures").length).toBeGreaterThan(0);

    expect((await screen.findByRole("heading", { name: "Ready to travel?" })).getAttribute("lang")).toBe("en");
    expect(screen.getByText("Le armamos el itinerario.").getAttribute("lang")).toBe("es");
    expect(screen.getByRole("link", { name: "Get a quote" }).getAttribute("href")).toBe("https://example.com/cotizar");

    const cards = within(screen.getByRole("region", { name: "Recommended destinations" })).getAllByRole("article");
    expect(cards.map((card) => within(card).getByRole("heading").textContent)).toEqual(["Quilotoa", "Paris"]);
    expect(within(cards[1] ?? document.body).getByText("7 days")).toBeDefined();
    expect(cards[1]?.querySelector("img")?.getAttribute("alt")).toBe("The Eiffel Tower at dusk");
  });

  it("sends the contact form once, with the honeypot and the country's Spanish name, then confirms and empties", async () => {
    localStorage.setItem("lang", "en");
    let answer: (value: { status: number; data: unknown }) => void = () => {};
    const { fetch, calls } = fakeFetch({
      ...publicContent,
      "POST /api/leads/createLead": () => new Promise((resolve) => { answer = resolve; }),
    });
    await renderApp("/", fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Send" }));
    expect(screen.getAllByText("Required information").length).toBe(6);

    await user.type(screen.getByLabelText("First name"), "Marta");
    await user.type(screen.getByLabelText("Last name"), "Quispe");
    await user.type(screen.getByLabelText("Email"), "marta@example.com");
    await user.type(screen.getByLabelText("Phone"), "+51 999 888 777");
    await user.selectOptions(screen.getByLabelText("Country"), "Perú");
    expect((screen.getByLabelText("Country") as HTMLSelectElement).selectedOptions[0]?.textContent).toBe("Peru");
    await user.type(screen.getByLabelText("Message"), "Quisiera cotizar.");
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot?.tabIndex).toBe(-1);
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Send" }));
    await user.click(screen.getByRole("button", { name: "Send" }));
    answer({ status: 200, data: messages.created });

    expect((await screen.findByRole("status")).textContent).toMatch(/We received your message/);
    const sent = calls.filter((call) => call.method === "POST");
    expect(sent.map((call) => call.body)).toEqual([
      {
        firstName: "Marta",
        lastName: "Quispe",
        email: "marta@example.com",
        country: "Perú",
        phone: "+51 999 888 777",
        message: "Quisiera cotizar.",
        website: "",
      },
    ]);
    expect(sent[0]?.authorization).toBeNull();
    await waitFor(() => expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe(""));
  });

  it("shows 'too many attempts' translated and keeps what was typed", async () => {
    const { fetch } = fakeFetch({
      ...publicContent,
      "POST /api/leads/createLead": { status: 429, data: messages.tooManyAttempts },
    });
    await renderApp("/", fetch);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Nombre"), "Marta");
    await user.type(screen.getByLabelText("Apellido"), "Quispe");
    await user.type(screen.getByLabelText("Correo electrónico"), "marta@example.com");
    await user.type(screen.getByLabelText("Teléfono"), "0999");
    await user.selectOptions(screen.getByLabelText("País"), "Ecuador");
    await user.type(screen.getByLabelText("Mensaje"), "Hola");
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Demasiados intentos. Espere unos minutos e inténtelo de nuevo.",
    );
    expect((screen.getByLabelText("Nombre") as HTMLInputElement).value).toBe("Marta");
  });

  it("lists the countries by their shown name, Ecuador first, storing the Spanish name", () => {
    const english = countryOptions("en");
    expect(english[0]).toEqual({ value: "Ecuador", label: "Ecuador" });
    expect(english.find((option) => option.label === "Germany")?.value).toBe("Alemania");
    const labels = english.slice(1).map((option) => option.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, "en")));
    expect(countryOptions("es").find((option) => option.value === "Alemania")?.label).toBe("Alemania");
    expect(english).toHaveLength(249);
  });
});
