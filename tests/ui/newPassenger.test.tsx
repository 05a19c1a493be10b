import { beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { createClient } from "../../src/api/client.ts";
import type { CatalogueItem } from "../../src/api/catalogues.ts";
import { CruiseId, ReservationId } from "../../src/api/ids.ts";
import { messages } from "../../src/api/messages.ts";
import type { Reservation } from "../../src/api/reservations.ts";
import { createI18n } from "../../src/i18n/index.ts";
import type { BookingLookups } from "../../src/machines/reservations/bookingLookups.ts";
import { type CommandQuestion, type CommandReply, reservationPageMachine } from "../../src/machines/reservations/reservationPage.machine.ts";
import { reservationDialog } from "../../src/ui/shared/confirmDialog.ts";

/** The dialog's options as SweetAlert2 is given them; each test fills the fields and presses the button. */
interface FiredOptions {
  readonly html: HTMLElement;
  readonly titleText: string;
  readonly preConfirm: () => unknown;
}
const fire = vi.hoisted(() => vi.fn());
const showValidationMessage = vi.hoisted(() => vi.fn());
vi.mock("sweetalert2", () => ({ default: { fire, showValidationMessage } }));

beforeEach(() => {
  fire.mockReset();
  showValidationMessage.mockReset();
});

const reservation: Reservation = {
  id: ReservationId.make(1),
  code: "RES-000001",
  cruiseId: CruiseId.make(1),
  cruiseCode: "GEX-20270304",
  yachtName: "Galápagos Explorer",
  startDate: "2027-03-04",
  agencyId: 2,
  agencyName: "Cuenca Travel",
  type: "general",
  executive: { id: 1, name: "Ana Ventas" },
  state: "reserved",
  timeLimit: "2027-02-01T17:00:00.000Z",
  extensions: 0,
  spaces: 1,
  price: { total: 4200, commission: 420, net: 3780 },
  createdAt: "2027-01-25T17:00:00.000Z",
  version: 1,
  notes: "",
  cancelReason: null,
  bookings: [],
  lines: [],
  priceCents: { subtotalCents: 0, totalCents: 0, commissionCents: 0, netCents: 0 },
  latestTimeLimit: null,
  extensionsLeft: null,
};

const item = (id: number, name: string, englishName?: string): CatalogueItem => ({ id, name, active: true, ...(englishName === undefined ? {} : { englishName }) }) as CatalogueItem;

const lookups: BookingLookups = {
  cabinChoices: () => Promise.reject(new Error("not asked")),
  searchPassengers: () => Promise.reject(new Error("not asked")),
  passengerChoices: async () => ({ identificationTypes: [item(5, "Pasaporte")], countries: [item(7, "Estados Unidos", "United States"), item(8, "Ecuador")] }),
};

/** Sets a dialog field by its label's text. */
const fill = (body: HTMLElement, label: string, value: string): void => {
  const field = [...body.querySelectorAll("label")].find((element) => element.textContent?.startsWith(label))?.querySelector("input, select");
  if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) throw new Error(`no field '${label}'`);
  field.value = value;
};

/** Runs the reservation page's dialog for a new passenger in space 3, answering as `press` does with the dialog's options. */
const askNew = async (language: string, press: (options: FiredOptions) => unknown): Promise<CommandReply> => {
  localStorage.setItem("lang", language);
  const i18n = await createI18n(localStorage, ["panel", "screens", "records"]);
  fire.mockImplementation(async (options: FiredOptions) => {
    const value = press(options);
    return value === false ? { isConfirmed: false } : { isConfirmed: true, value };
  });
  const actor = createActor(reservationDialog(i18n), {
    input: { command: { kind: "newPassenger", spaceId: 3 }, reservation, confirmReason: null, lookups },
  }).start();
  return new Promise((resolve, reject) => actor.subscribe({ complete: () => resolve(actor.getSnapshot().output ?? null), error: reject }));
};

describe("a new passenger from a reservation's space", () => {
  it("asks the passenger in one dialog showing the reservation's agency, and answers them with it", async () => {
    const reply = await askNew("es", (options) => {
      expect(options.titleText).toBe("Nuevo pasajero en un espacio de RES-000001");
      expect(options.html.textContent).toContain("Agencia: Cuenca Travel");
      fill(options.html, "Nombre", " Lucía ");
      fill(options.html, "Apellido", "Andrade");
      fill(options.html, "Tipo de identificación", "5");
      fill(options.html, "Número de identificación", "AB123456");
      fill(options.html, "Fecha de nacimiento", "1985-04-12");
      fill(options.html, "Nacionalidad", "7");
      fill(options.html, "Sexo", "female");
      fill(options.html, "Estado civil", "married");
      return options.preConfirm();
    });
    expect(reply).toEqual({
      passenger: {
        firstName: "Lucía",
        lastName: "Andrade",
        identificationTypeId: 5,
        identification: "AB123456",
        birthday: "1985-04-12",
        countryId: 7,
        gender: "female",
        maritalStatus: "married",
        email: "",
        agencyId: 2,
      },
    });
  });

  it("keeps the dialog open naming the first field with a problem, in the reader's language", async () => {
    await askNew("en", (options) => {
      expect([...options.html.querySelectorAll("option")].map((option) => option.textContent)).toContain("United States");
      fill(options.html, "First name", "Jane");
      expect(options.preConfirm()).toBe(false);
      return false;
    });
    expect(showValidationMessage).toHaveBeenCalledWith("Last name: Required information");
  });
});

describe("the reservation page seats a new passenger in one step", () => {
  it("sends the dialog's passenger to the space's one command and shows the reservation again", async () => {
    const sent: string[] = [];
    const client = createClient({
      readToken: () => null,
      fetch: async (input, init) => {
        sent.push(`${init?.method ?? "GET"} ${String(input)}${typeof init?.body === "string" ? ` ${init.body}` : ""}`);
        const data = String(input).includes("newPassenger") ? { ...passengerAnswer } : reservation;
        return new Response(JSON.stringify({ data }), { status: 200, headers: { "content-type": "application/json" } });
      },
    });
    const passenger = { firstName: "Lucía", lastName: "Andrade", identification: "AB123456", gender: "female", agencyId: 2 };
    const machine = reservationPageMachine.provide({ actors: { askCommand: fromPromise<CommandReply, CommandQuestion>(async () => ({ passenger })) } });
    const actor = createActor(machine, { input: { client, id: 1, readsMoney: false, confirmsWithoutDeposit: false } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    actor.send({ type: "command.ask", command: { kind: "newPassenger", spaceId: 3 } });
    await waitFor(actor, (snapshot) => snapshot.matches("loading"));
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    expect(sent).toEqual(["GET /api/reservations/1", `POST /api/spaces/newPassenger/3 ${JSON.stringify(passenger)}`, "GET /api/reservations/1"]);
    expect(actor.getSnapshot().context.message).toBe(messages.created);
  });
});

const passengerAnswer = {
  id: 9,
  firstName: "Lucía",
  lastName: "Andrade",
  identificationTypeId: 5,
  identificationTypeName: "Pasaporte",
  identification: "AB123456",
  birthday: "1985-04-12",
  countryId: 7,
  countryName: "Estados Unidos",
  countryEnglishName: "United States",
  gender: "female",
  maritalStatus: null,
  email: "",
  agencyId: 2,
  agencyName: "Cuenca Travel",
  vegetarian: false,
  glutenFree: false,
  wetsuitSize: null,
  medical: "",
  requirements: "",
  transfers: "",
  payments: "",
  notes: "",
  version: 1,
};
