import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { navigate } from "wouter/use-browser-location";
import type { UploadRequest, UploadResponse } from "../../src/api/client.ts";
import { Schema } from "effect";
import { Banner, HomeContent } from "../../src/api/home.ts";
import { messages } from "../../src/api/messages.ts";
import { createI18n } from "../../src/i18n/index.ts";
import { App } from "../../src/ui/app.tsx";
import { createServices } from "../../src/ui/shared/services.ts";
import { fakeFetch, startSlideShow, storeSession, dialogAsked } from "./harness.tsx";
import { bannerId, itineraryId, userId } from "../ids.ts";

const fire = vi.hoisted(() => vi.fn());
vi.mock("sweetalert2", () => ({ default: { fire } }));

let previews = 0;
const createObjectURL = vi.fn((_: Blob) => `blob:preview-${++previews}`);
const revokeObjectURL = vi.fn();

beforeEach(() => {
  fire.mockReset();
  previews = 0;
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  // jsdom has no object URLs; the banner form's provided actions call these
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  storeSession({ userName: "Marta Andrade", token: "t0k3n", role: "marketing", id: userId(2) });
});

afterEach(() => {
  Reflect.deleteProperty(URL, "createObjectURL");
  Reflect.deleteProperty(URL, "revokeObjectURL");
});

const banner: Banner = {
  id: bannerId(2),
  type: "banner",
  title: "Galápagos",
  text: "Cruceros de 4 a 8 días",
  textTwo: "",
  titleEn: "Galápagos",
  textEn: "",
  textTwoEn: "",
  images: ["uploads/home_page/a.png", "uploads/home_page/b.png"],
  imageAlts: ["Un yate frente a Bartolomé", ""],
  imageAltsEn: ["", ""],
  page: "home",
  active: true,
  version: 4,
};

/** The home content as the server sends it, spelled as SPEC.md spells it (decision 074). */
const asSent = Schema.encodeSync(HomeContent);

const content: HomeContent = {
  banners: [banner],
  call_action: [],
  recommendations: [
    {
      id: itineraryId(1),
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
        offerPrice: null,
        isOffer: false,
        image: "uploads/tiptops/q.png",
      },
    },
  ],
  recommendationsVersion: 3,
};

const renderWith = async (
  path: string,
  fetch: typeof globalThis.fetch,
  upload: (request: UploadRequest) => Promise<UploadResponse> = async () => ({ status: 500, text: "" }),
) => {
  window.history.replaceState(null, "", path);
  const i18n = await createI18n(localStorage);
  const services = createServices({ storage: localStorage, i18n, navigate, fetch, upload });
  return render(<App services={services} i18n={i18n} />);
};

describe("the home content list", () => {
  it("shows each banner with its carousel, the recommendations, and the ways to add", async () => {
    await renderWith("/panel/home", fakeFetch({ "GET /api/homeScreen/adminContent": { status: 200, data: asSent(content) } }).fetch);
    const row = (await screen.findByText("Galápagos")).closest("tr") ?? document.body;
    expect(within(row).getByRole("region", { name: "Imágenes del banner «Galápagos»" })).toBeDefined();
    const carousel = await startSlideShow("Imágenes del banner «Galápagos»");
    expect(within(carousel).getAllByRole("img").map((image) => image.getAttribute("src"))).toEqual([
      "/api/uploads/home_page/a.png",
      "/api/uploads/home_page/b.png",
    ]);
    expect(within(row).getByText("Banner")).toBeDefined();
    expect(within(row).getByRole("link", { name: "Editar" }).getAttribute("href")).toBe("/panel/home/baner/2");
    const recommendations = screen.getByText("Quilotoa").closest("tr") ?? document.body;
    expect(within(recommendations).getByRole("link", { name: "Editar" }).getAttribute("href")).toBe(
      "/panel/home/recomendation",
    );
    expect(screen.getByRole("link", { name: "Nuevo banner" }).getAttribute("href")).toBe("/panel/home/baner_new");
    expect(screen.getByRole("button", { name: "Nuevo llamado a la acción" }).getAttribute("href")).toBe(
      "/panel/home/call_action_new",
    );
  });

  it("deletes a banner only after 'Eliminar', naming it, then shows the content without it", async () => {
    fire.mockImplementation(async (options: { toast?: boolean }) => (options.toast ? {} : { isConfirmed: true }));
    let current = content;
    const { fetch, calls } = fakeFetch({
      "GET /api/homeScreen/adminContent": async () => ({ status: 200, data: asSent(current) }),
      "DELETE /api/homeScreen/deleteBaner/2": async () => {
        current = { ...content, banners: [] };
        return { status: 200, data: messages.deleted };
      },
    });
    await renderWith("/panel/home", fetch);
    const row = (await screen.findByText("Galápagos")).closest("tr") ?? document.body;
    const recommendations = screen.getByText("Quilotoa").closest("tr") ?? document.body;
    expect(within(recommendations).queryByRole("button", { name: "Eliminar" })).toBeNull();
    await userEvent.click(within(row).getByRole("button", { name: "Eliminar" }));
    await waitFor(() => expect(screen.queryByText("Galápagos")).toBeNull());
    expect(fire).toHaveBeenCalledWith(expect.objectContaining({ titleText: "¿Eliminar el banner «Galápagos»?", icon: "warning" }));
    await dialogAsked(fire, { toast: true, titleText: "Registro eliminado correctamente" });
    expect(calls.filter((call) => call.url.startsWith("/api/homeScreen")).map((call) => `${call.method} ${call.url}`)).toEqual([
      "GET /api/homeScreen/adminContent",
      "DELETE /api/homeScreen/deleteBaner/2",
      "GET /api/homeScreen/adminContent",
    ]);
  });

  it("keeps the banner when the dialog is cancelled", async () => {
    fire.mockImplementation(async () => ({ isConfirmed: false }));
    const { fetch, calls } = fakeFetch({ "GET /api/homeScreen/adminContent": { status: 200, data: asSent(content) } });
    await renderWith("/panel/home", fetch);
    const row = (await screen.findByText("Galápagos")).closest("tr") ?? document.body;
    await userEvent.click(within(row).getByRole("button", { name: "Eliminar" }));
    await waitFor(() => expect(fire).toHaveBeenCalled());
    expect(screen.getByText("Galápagos")).toBeDefined();
    expect(calls.every((call) => call.method === "GET")).toBe(true);
  });

  it("is only for admin and marketing", async () => {
    storeSession({ userName: "Pedro Vélez", token: "t0k3n", role: "sales", id: userId(5) });
    await renderWith("/panel/home", fakeFetch({}).fetch);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Sin permiso");
  });
});

describe("the banner form", () => {
  const bannerImages = () => within(screen.getByRole("list", { name: "Imágenes del banner" })).getAllByRole("img");

  it("edits the title, adds an image, uploads with the kept paths, reloads and shows the success popup", async () => {
    let saved = false;
    const { fetch, calls } = fakeFetch({
      "GET /api/homeScreen/getBaner/2": async () => ({
        status: 200,
        data: Schema.encodeSync(Banner)(
          saved ? { ...banner, title: "Galápagos 2026", images: [...banner.images, "uploads/home_page/c.png"], version: 5 } : banner,
        ),
      }),
    });
    const uploads: UploadRequest[] = [];
    await renderWith("/panel/home/baner/2", fetch, async (request) => {
      uploads.push(request);
      request.onProgress(30, 100);
      saved = true;
      return { status: 200, text: JSON.stringify({ data: messages.updated }) };
    });
    const user = userEvent.setup();
    const title = await screen.findByLabelText("Título");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Editar banner");
    expect(bannerImages().map((image) => image.getAttribute("src"))).toEqual([
      "/api/uploads/home_page/a.png",
      "/api/uploads/home_page/b.png",
    ]);
    expect(screen.getByLabelText("Agregar imágenes").getAttribute("accept")).toBe(
      "image/jpeg,image/png,image/webp,image/avif,image/gif",
    );
    await user.clear(title);
    await user.type(title, "Galápagos 2026");
    await user.upload(screen.getByLabelText("Agregar imágenes"), new File(["png"], "c.png", { type: "image/png" }));
    expect(screen.getByRole("img", { name: "Imagen 3" }).getAttribute("src")).toBe("blob:preview-1");
    await user.click(screen.getByRole("button", { name: "Bajar la imagen 1" }));
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Subir la imagen 3" }).disabled).toBe(true);

    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(fire).toHaveBeenCalledWith(expect.objectContaining({ theme: "auto", icon: "success", titleText: "Registro actualizado correctamente" })));
    const form = uploads[0]?.body;
    expect(form?.get("title")).toBe("Galápagos 2026");
    expect(form?.get("version")).toBe("4");
    expect(form?.getAll("images[0]")).toEqual(["uploads/home_page/b.png"]);
    expect(form?.getAll("images[1]")).toEqual(["uploads/home_page/a.png"]);
    expect(form?.getAll("images").map((file) => (file instanceof File ? file.name : file))).toEqual(["c.png"]);
    // the banner is fetched again and shown as saved; the preview is released
    await waitFor(() => expect(bannerImages()).toHaveLength(3));
    expect(bannerImages().map((image) => image.getAttribute("src"))).toEqual([
      "/api/uploads/home_page/a.png",
      "/api/uploads/home_page/b.png",
      "/api/uploads/home_page/c.png",
    ]);
    expect(calls.filter((call) => call.url === "/api/homeScreen/getBaner/2")).toHaveLength(2);
    expect(revokeObjectURL).toHaveBeenCalledWith("blob:preview-1");
    expect((screen.getByLabelText("Título") as HTMLInputElement).value).toBe("Galápagos 2026");
  });

  it("requires the title", async () => {
    await renderWith("/panel/home/baner_new", fakeFetch({}).fetch);
    const user = userEvent.setup();
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Nuevo banner");
    await user.click(await screen.findByRole("button", { name: "Guardar" }));
    expect(screen.getByText("Información requerida")).toBeDefined();
    // the contract's limits (bannerFields), as the server enforces them
    expect(["Título", "Texto", "Texto secundario"].map((label) => screen.getByLabelText(label).getAttribute("maxlength"))).toEqual([
      "120",
      "1000",
      "1000",
    ]);
  });
});

describe("the call-to-action form", () => {
  it("refuses a link that is not http(s) with 'URL inválida', then creates it and goes back to the list", async () => {
    const { fetch, calls } = fakeFetch({
      "POST /api/homeScreen/createCallAction": { status: 200, data: messages.created },
      "GET /api/homeScreen/adminContent": { status: 200, data: asSent(content) },
    });
    await renderWith("/panel/home/call_action_new", fetch);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Título"), "¿Listo para viajar?");
    // the contract's limits (callActionFields), as the server enforces them
    expect(
      ["Título", "Texto", "Texto del botón", "Enlace (http o https)"].map((label) =>
        screen.getByLabelText(label).getAttribute("maxlength"),
      ),
    ).toEqual(["120", "1000", "40", "2048"]);
    await user.type(screen.getByLabelText("Texto"), "Le armamos el itinerario.");
    await user.type(screen.getByLabelText("Texto del botón"), "Cotizar");
    // the English texts wait in their own section, closed on a new record
    const english = screen.getByText("Textos en inglés").closest("details");
    expect(english?.open).toBe(false);
    await user.click(screen.getByText("Textos en inglés"));
    const englishTitle = screen.getByLabelText("Título (inglés)");
    expect([englishTitle.getAttribute("lang"), englishTitle.getAttribute("maxlength")]).toEqual(["en", "120"]);
    await user.type(englishTitle, "Ready to travel?");
    await user.type(screen.getByLabelText("Enlace (http o https)"), "javascript:alert(1)");
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    expect(screen.getByText("URL inválida")).toBeDefined();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);

    await user.clear(screen.getByLabelText("Enlace (http o https)"));
    await user.type(screen.getByLabelText("Enlace (http o https)"), "https://example.com/cotizar");
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(window.location.pathname).toBe("/panel/home"));
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      title: "¿Listo para viajar?",
      text: "Le armamos el itinerario.",
      buttonLabel: "Cotizar",
      titleEn: "Ready to travel?",
      textEn: "",
      buttonLabelEn: "",
      link: "https://example.com/cotizar",
      active: true,
    });
  });
});

describe("the recommendations editor", () => {
  it("adds a destination, orders it first and saves the ids in order with the list's version", async () => {
    // as the server sends them, spelled as SPEC.md spells them
    const destination = {
      description: "",
      avalability: "Todo el año",
      ofertPrice: null,
      isOfert: false,
      servicesIncluded: ["Traslados"],
      feeding: [],
      activities: [],
      courtesy: [],
      departureFrom: ["Quito"],
      image: "uploads/tiptops/x.png",
      imageAlt: "",
      nameEn: "",
      daysEn: "",
      descriptionEn: "",
      imageAltEn: "",
      version: 1,
    };
    const { fetch, calls } = fakeFetch({
      "GET /api/itineraries/destinations/national": {
        status: 200,
        data: [{ ...destination, id: 4, name: "Quilotoa", days: "2 días", price: 180, type: "national", region: "Sierra" }],
      },
      "GET /api/itineraries/destinations/international": {
        status: 200,
        data: [{ ...destination, id: 5, name: "París", days: "7 días", price: 2400, type: "international" }],
      },
      "GET /api/homeScreen/adminContent": { status: 200, data: asSent(content) },
      "PUT /api/homeScreen/updateRecomendation": { status: 200, data: messages.updated },
    });
    await renderWith("/panel/home/recomendation", fetch);
    const user = userEvent.setup();
    const addParis = await screen.findByRole("button", { name: "Agregar París" });
    // leaving asks first only once the editor holds choices the server does not have
    expect(document.querySelector("[data-unsaved]")).toBeNull();
    await user.click(addParis);
    await user.click(screen.getByRole("button", { name: "Subir París" }));
    expect(document.querySelector("[data-unsaved]")).not.toBeNull();
    const chosen = within(screen.getByRole("region", { name: "Recomendados, en orden" })).getAllByRole("listitem");
    expect(chosen.map((item) => item.querySelector("strong")?.textContent)).toEqual(["París", "Quilotoa"]);
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(window.location.pathname).toBe("/panel/home"));
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({ itineraries: [5, 4], version: 3 });
  });
});
