import { Schema } from "effect";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { navigate } from "wouter/use-browser-location";
import type { UploadRequest, UploadResponse } from "../../src/api/client.ts";
import { Itinerary } from "../../src/api/itineraries.ts";
import { messages } from "../../src/api/messages.ts";
import { createI18n } from "../../src/i18n/index.ts";
import { App } from "../../src/ui/app.tsx";
import { createServices } from "../../src/ui/shared/services.ts";
import { fakeFetch, storeSession, dialogAsked } from "./harness.tsx";
import { catalogueItemId, itineraryId, userId } from "../ids.ts";

/** Destinations as the server sends them, spelled as SPEC.md spells them (decision 074). */
const asSent = Schema.encodeSync(Schema.Array(Itinerary));

const fire = vi.hoisted(() => vi.fn());
vi.mock("sweetalert2", () => ({ default: { fire } }));

const createObjectURL = vi.fn((_: Blob) => "blob:preview-1");
const revokeObjectURL = vi.fn();

beforeEach(() => {
  fire.mockReset();
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  // jsdom has no object URLs; the form's provided actions call these
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  storeSession({ userName: "Marta Andrade", token: "t0k3n", role: "marketing", id: userId(2) });
});

afterEach(() => {
  Reflect.deleteProperty(URL, "createObjectURL");
  Reflect.deleteProperty(URL, "revokeObjectURL");
});

const quilotoa: Itinerary = {
  id: itineraryId(9),
  name: "Quilotoa",
  days: "2 días",
  description: "Laguna volcánica en los Andes",
  availability: "Todo el año",
  price: 180,
  offerPrice: 150,
  isOffer: true,
  type: "national",
  region: "Sierra",
  servicesIncluded: ["Traslados", "Alojamiento"],
  feeding: [{ id: catalogueItemId(3), name: "Desayuno" }],
  activities: [{ id: catalogueItemId(5), name: "Caminata" }],
  courtesy: [],
  departureFrom: ["Quito", "Manta"],
  image: "uploads/tiptops/abc.png",
  imageAlt: "La laguna del Quilotoa",
  nameEn: "Quilotoa lagoon",
  daysEn: "2 days",
  descriptionEn: "A volcanic lagoon in the Andes",
  imageAltEn: "Quilotoa lagoon",
  version: 2,
};

const catalogues = {
  "GET /api/feedings": {
    status: 200,
    data: [
      { id: 3, name: "Desayuno", active: true, version: 1 },
      { id: 4, name: "Cena", active: false, version: 2 },
    ],
  },
  "GET /api/activities": { status: 200, data: [{ id: 5, name: "Caminata", active: true, version: 1 }] },
  "GET /api/courtesys": { status: 200, data: [{ id: 6, name: "Cóctel", active: false, version: 2 }] },
};

/** The whole app at `path`, with a fake fetch and a fake upload transport. */
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

const rowOf = async (name: string) => (await screen.findByText(name)).closest("tr") ?? document.body;

describe("the destinations list", () => {
  it("shows image, name, included items, departures and the offer price", async () => {
    await renderWith(
      "/panel/national/destinations",
      fakeFetch({ "GET /api/itineraries/destinations/national": { status: 200, data: asSent([quilotoa]) } }).fetch,
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Destinos nacionales" })).toBeDefined();
    expect(screen.getByRole("link", { name: "Nuevo destino" }).getAttribute("href")).toBe(
      "/panel/national/destinations_new",
    );
    const row = within(await rowOf("Quilotoa"));
    // described by its alternative text (by the destination's name when it has none)
    const image = row.getByRole("img", { name: "La laguna del Quilotoa" });
    expect(image.getAttribute("src")).toBe("/api/uploads/tiptops/abc.png");
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(row.getByText("2 días")).toBeDefined();
    expect(row.getByText("Traslados, Alojamiento")).toBeDefined();
    expect(row.getByText("Desayuno")).toBeDefined();
    expect(row.getByText("Caminata")).toBeDefined();
    expect(row.getByText("Quito, Manta")).toBeDefined();
    expect(row.getByText("US$ 180,00")).toBeDefined();
    expect(row.getByText("Precio oferta")).toBeDefined();
    expect(row.getByText(/US\$ 150,00/)).toBeDefined();
    expect(row.getByRole("link", { name: "Editar" }).getAttribute("href")).toBe("/panel/national/destinations/9");
  });

  it("shows no offer price when the offer is off, in English", async () => {
    localStorage.setItem("lang", "en");
    const plain: Itinerary = { ...quilotoa, id: itineraryId(11), name: "Cusco", type: "international", isOffer: false };
    await renderWith(
      "/panel/international/destinations",
      fakeFetch({ "GET /api/itineraries/destinations/international": { status: 200, data: asSent([plain]) } }).fetch,
    );
    expect(await screen.findByRole("heading", { level: 1, name: "International destinations" })).toBeDefined();
    const row = within(await rowOf("Cusco"));
    expect(row.getByText("US$ 180.00")).toBeDefined();
    expect(row.getByText("Transfers, Accommodation")).toBeDefined();
    expect(row.queryByText("Offer price")).toBeNull();
  });

  it("deletes only after 'Eliminar' and reloads", async () => {
    fire.mockImplementation(async (options: { toast?: boolean }) => (options.toast ? {} : { isConfirmed: true }));
    let list = [quilotoa];
    const { fetch, calls } = fakeFetch({
      "GET /api/itineraries/destinations/national": async () => ({ status: 200, data: asSent(list) }),
      "DELETE /api/itineraries/9": async () => {
        list = [];
        return { status: 200, data: messages.deleted };
      },
    });
    await renderWith("/panel/national/destinations", fetch);
    await userEvent.click(within(await rowOf("Quilotoa")).getByRole("button", { name: "Eliminar" }));
    expect(await screen.findByText("Todavía no hay registros.")).toBeDefined();
    expect(fire).toHaveBeenCalledWith(expect.objectContaining({ titleText: "¿Eliminar el destino «Quilotoa»?" }));
    expect(calls.filter((call) => call.url.includes("itineraries")).map((call) => call.method)).toEqual([
      "GET",
      "DELETE",
      "GET",
    ]);
  });
});

const png = () => new File([new Uint8Array([137, 80, 78, 71])], "lago.png", { type: "image/png" });

describe("the destination form", () => {
  it("offers a region, the fixed options and only active catalogue items on the national form", async () => {
    await renderWith("/panel/national/destinations_new", fakeFetch(catalogues).fetch);
    expect(await screen.findByRole("heading", { level: 1, name: "Nuevo destino" })).toBeDefined();
    await screen.findByLabelText("Nombre");
    expect(screen.getByLabelText("Región").tagName).toBe("SELECT");
    for (const label of ["Boletos aéreos", "Traslados", "Alojamiento", "Quito", "Guayaquil", "Manta"]) {
      expect(screen.getByRole("checkbox", { name: label })).toBeDefined();
    }
    expect(screen.getByRole("checkbox", { name: "Desayuno" })).toBeDefined();
    expect(screen.getByRole("checkbox", { name: "Caminata" })).toBeDefined();
    expect(screen.queryByRole("checkbox", { name: "Cena" })).toBeNull();
    expect(screen.queryByRole("checkbox", { name: "Cóctel" })).toBeNull();
    expect(screen.getByLabelText("Imagen").getAttribute("accept")).toBe(
      "image/jpeg,image/png,image/webp,image/avif,image/gif",
    );
    expect(screen.queryByLabelText("Precio oferta")).toBeNull();
    await userEvent.click(screen.getByRole("checkbox", { name: "Aplicar oferta" }));
    expect(screen.getByLabelText("Precio oferta")).toBeDefined();
    // the contract's limits (itineraryFormFields), as the server enforces them
    const limits = Object.fromEntries(
      ["Nombre", "Días", "Descripción", "Disponibilidad", "Precio", "Precio oferta"].map((label) => [
        label,
        screen.getByLabelText(label).getAttribute("maxlength"),
      ]),
    );
    expect(limits).toEqual({
      Nombre: "120",
      Días: "60",
      Descripción: "4000",
      Disponibilidad: "200",
      Precio: "12",
      "Precio oferta": "12",
    });
  });

  it("has no region field on the international form, and the sidebar marks its entry", async () => {
    await renderWith("/panel/international/destinations_new", fakeFetch(catalogues).fetch);
    await screen.findByLabelText("Nombre");
    expect(screen.queryByLabelText("Región")).toBeNull();
    expect(screen.getByRole("link", { name: "Destinos Internacionales" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Destinos Nacionales" }).getAttribute("aria-current")).toBeNull();
  });

  it("shows 'Información requerida' by each missing field and sends nothing", async () => {
    const upload = vi.fn(async () => ({ status: 200, text: "{}" }));
    await renderWith("/panel/national/destinations_new", fakeFetch(catalogues).fetch, upload);
    await screen.findByLabelText("Nombre");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    // name, availability, price, region, services, departures and the image
    expect(screen.getAllByText("Información requerida")).toHaveLength(7);
    expect(upload).not.toHaveBeenCalled();
  });

  it("previews the chosen file, shows the upload's progress and returns to the list", async () => {
    fire.mockResolvedValue({});
    let finish: (response: UploadResponse) => void = () => {};
    const uploads: UploadRequest[] = [];
    const upload = (request: UploadRequest) => {
      uploads.push(request);
      request.onProgress(30, 100);
      return new Promise<UploadResponse>((resolve) => {
        finish = resolve;
      });
    };
    await renderWith(
      "/panel/national/destinations_new",
      fakeFetch({ ...catalogues, "GET /api/itineraries/destinations/national": { status: 200, data: asSent([quilotoa]) } })
        .fetch,
      upload,
    );
    await userEvent.type(await screen.findByLabelText("Nombre"), "Quilotoa");
    await userEvent.type(screen.getByLabelText("Disponibilidad"), "Todo el año");
    await userEvent.type(screen.getByLabelText("Precio"), "180");
    await userEvent.selectOptions(screen.getByLabelText("Región"), "Sierra");
    await userEvent.click(screen.getByRole("checkbox", { name: "Traslados" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Quito" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Desayuno" }));
    const file = png();
    await userEvent.upload(screen.getByLabelText("Imagen"), file);
    expect(screen.getByRole("img", { name: "Vista previa de la imagen" }).getAttribute("src")).toBe("blob:preview-1");
    expect(createObjectURL).toHaveBeenCalledWith(file);

    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    const bar = await screen.findByRole("progressbar");
    expect(bar.getAttribute("value")).toBe("30");
    const form = uploads[0]?.body ?? new FormData();
    expect(form.get("region")).toBe("Sierra");
    expect(form.get("servicesIncluded[0]")).toBe("Traslados");
    expect(form.get("feeding[0]")).toBe("3");
    expect(form.get("activities")).toBe("");
    expect(form.get("image")).toBeInstanceOf(File);
    // A new destination has no version to send back.
    expect(form.has("version")).toBe(false);

    finish({ status: 200, text: JSON.stringify({ data: messages.created }) });
    expect(await screen.findByRole("heading", { level: 1, name: "Destinos nacionales" })).toBeDefined();
    expect(window.location.pathname).toBe("/panel/national/destinations");
    await dialogAsked(fire, { toast: true, titleText: "Registro creado correctamente" });
    expect(revokeObjectURL).toHaveBeenCalledWith("blob:preview-1");
  });

  it("opens an edit filled in, shows the current image, sends the loaded version, and shows a refusal in the red banner", async () => {
    const upload = vi.fn(async (_request: UploadRequest) => ({ status: 415, text: JSON.stringify({ data: messages.unsupportedFile }) }));
    const { fetch } = fakeFetch({ ...catalogues, "GET /api/itineraries/9": { status: 200, data: asSent([quilotoa])[0] } });
    await renderWith("/panel/national/destinations/9", fetch, upload);
    expect(await screen.findByRole("heading", { level: 1, name: "Editar destino" })).toBeDefined();
    expect(await screen.findByDisplayValue("Quilotoa")).toBeDefined();
    expect(screen.getByRole("link", { name: "Destinos Nacionales" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("img", { name: "Vista previa de la imagen" }).getAttribute("src")).toBe(
      "/api/uploads/tiptops/abc.png",
    );
    expect(screen.getByRole("checkbox", { name: "Aplicar oferta" })).toHaveProperty("checked", true);
    // amounts show as the list shows them in Spanish, and go back to the server plain
    expect(screen.getByLabelText("Precio oferta")).toHaveProperty("value", "150,00");
    // written English texts open their section, filled in
    expect(screen.getByText("Textos en inglés").closest("details")?.open).toBe(true);
    expect(screen.getByLabelText("Nombre (inglés)")).toHaveProperty("value", "Quilotoa lagoon");
    expect(screen.getByLabelText("Texto alternativo de la foto")).toHaveProperty("value", "La laguna del Quilotoa");
    expect(screen.getByRole("checkbox", { name: "Alojamiento" })).toHaveProperty("checked", true);
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("Solo se aceptan imágenes JPEG, PNG, WebP, AVIF o GIF."),
    );
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]?.[0].body.get("version")).toBe("2");
    expect(upload.mock.calls[0]?.[0].body.get("ofertPrice")).toBe("150.00");
    expect(["nameEn", "imageAlt", "imageAltEn"].map((name) => upload.mock.calls[0]?.[0].body.get(name))).toEqual([
      "Quilotoa lagoon",
      "La laguna del Quilotoa",
      "Quilotoa lagoon",
    ]);
  });
});
