import type { CatalogueItem } from "../../src/api/catalogues.ts";
import { CatalogueItemId } from "../../src/api/ids.ts";
import { cabins, cruiseItineraries, yachts } from "../../src/records/fleet.ts";
import { airTicketRates, charterRates, contractRates, familyRoomRates, generalRates, ikarusRates } from "../../src/records/rates.ts";
import { agencies, flights } from "../../src/records/referenceData.ts";
import { createItem, listItems, runItemCommand } from "../catalogues/items.ts";
import type { Queryable } from "../db/database.ts";
import type { CommandOptions } from "../events/command.ts";

/** What a night costs a guest in high season, per cabin category, on each demo yacht (US$). */
const highNight: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  "Galápagos Explorer": { double: 690, singleHigh: 640, singleLowA: 600, singleLowB: 560 },
  "Sea Lion": { catamaran: 720, double: 720 },
  "Darwin Star": { double: 610, singleHigh: 580, singleLowA: 540, singleLowB: 510 },
  "Islas Encantadas": { double: 820, singleHigh: 780, singleLowA: 740, singleLowB: 700 },
};

/** Low season sells for less; next year's rates are 5 % above this year's. */
const LOW_SEASON = 0.85;
const NEXT_YEAR = 1.05;
/** What the operator nets of the client rate. */
const OPERATOR_SHARE = 0.8;

const dollars = (amount: number): number => Math.round(amount * 100) / 100;

const seasonName = { high: "Alta", low: "Baja" } as const;

const categoryName: Readonly<Record<string, string>> = {
  double: "doble",
  singleHigh: "single alta",
  singleLowA: "single baja A",
  singleLowB: "single baja B",
  catamaran: "catamarán",
};

/**
 * The demo's rates (issue 16): for this year and the next, each yacht's general rates per cruise
 * length, season and cabin category it has, its charter and (where it has family rooms) family
 * room rates, contract rates of Ikarus Tours and Metropolitan Touring on the Galápagos Explorer,
 * the air tickets of every flight leg, and Ikarus Tours' Ikarus rates: one active and one
 * deactivated this year, a draft for the next.
 */
export const seedDemoRates = async (tx: Queryable, options: CommandOptions, now: Date): Promise<void> => {
  const create = (catalogue: typeof generalRates, payload: Record<string, unknown>) =>
    createItem(tx, catalogue, { ...payload, name: String(payload.name), active: true }, options);
  const itineraries = await listItems(tx, cruiseItineraries);
  const fleetCabins = await listItems(tx, cabins);
  const thisYear = now.getUTCFullYear();
  for (const year of [thisYear, thisYear + 1]) {
    const rise = year === thisYear ? 1 : NEXT_YEAR;
    for (const yacht of await listItems(tx, yachts)) {
      const nightly = highNight[yacht.name] ?? {};
      const own = (item: CatalogueItem) => item.yacht === yacht.id;
      const lengths = [...new Set(itineraries.filter(own).map((itinerary) => Number(itinerary.days)))];
      const categories = [...new Set(fleetCabins.filter(own).map((cabin) => String(cabin.category)))];
      const guests = Number(yacht.capacity);
      for (const days of lengths.length === 0 ? [8] : lengths) {
        for (const season of ["high", "low"] as const) {
          const factor = rise * (season === "high" ? 1 : LOW_SEASON) * (days - 1);
          const common = { year, yacht: yacht.id, days, season, wholesalerDiscount: 10, promotionalDiscount: 0 };
          for (const category of categories) {
            const clientRate = dollars((nightly[category] ?? 600) * factor);
            await create(generalRates, {
              ...common,
              name: `${seasonName[season]} ${year} · ${categoryName[category] ?? category} · ${days} días`,
              category,
              clientRate,
              operatorRate: dollars(clientRate * OPERATOR_SHARE),
              childDiscount: 25,
            });
          }
          const charter = dollars((nightly.double ?? 600) * factor * guests * 0.9);
          await create(charterRates, {
            ...common,
            name: `Chárter ${seasonName[season].toLowerCase()} ${year} · ${days} días`,
            clientRate: charter,
            operatorRate: dollars(charter * OPERATOR_SHARE),
          });
          if (fleetCabins.some((cabin) => own(cabin) && cabin.familyRoom === true)) {
            const room = dollars((nightly.double ?? 600) * factor * 3.2);
            await create(familyRoomRates, {
              ...common,
              name: `Habitación familiar ${seasonName[season].toLowerCase()} ${year} · ${days} días`,
              clientRate: room,
              operatorRate: dollars(room * OPERATOR_SHARE),
              childDiscount: 25,
            });
          }
        }
      }
    }
    const explorer = (await listItems(tx, yachts)).find((yacht) => yacht.name === "Galápagos Explorer");
    const contractors = (await listItems(tx, agencies)).filter((agency) => ["Ikarus Tours", "Metropolitan Touring Agencia"].includes(agency.name));
    for (const agency of explorer === undefined ? [] : contractors) {
      const share = agency.type === "wholesaler" ? 0.78 : 0.88;
      for (const season of ["high", "low"] as const) {
        const clientRate = dollars(690 * 3 * rise * (season === "high" ? 1 : LOW_SEASON) * share);
        await create(contractRates, {
          name: `Contrato ${agency.name} ${seasonName[season].toLowerCase()} ${year}`,
          agency: agency.id,
          year,
          yacht: explorer?.id,
          days: 4,
          season,
          category: "double",
          clientRate,
          operatorRate: dollars(clientRate * 0.92),
          childDiscount: 25,
        });
      }
    }
    for (const flight of await listItems(tx, flights)) {
      const adult = dollars((String(flight.destination) === "SCY" || String(flight.origin) === "SCY" ? 245 : 230) * rise);
      await create(airTicketRates, {
        name: `${flight.name} ${year}`,
        year,
        flight: flight.id,
        adultRate: adult,
        childRate: dollars(adult * 0.75),
        notes: "Tarifa por tramo, impuestos incluidos.",
      });
    }
  }
  await seedIkarusRates(tx, options, thisYear);
};

/** The wholesaler's own rates per space for groups, each in a state of its life. */
const seedIkarusRates = async (tx: Queryable, options: CommandOptions, year: number): Promise<void> => {
  const wholesaler = (await listItems(tx, agencies)).find((agency) => agency.name === "Ikarus Tours");
  const fleet = await listItems(tx, yachts);
  const yachtNamed = (name: string) => fleet.find((yacht) => yacht.name === name)?.id;
  if (wholesaler === undefined) return;
  const command = (name: string) => {
    const found = ikarusRates.api.commands.find(({ command: declared }) => declared.name === name);
    if (found === undefined) throw new Error(`the Ikarus rate has no '${name}' command`);
    return found.command;
  };
  const rates = [
    { name: `Grupos 10-20 · ${year}`, year, yacht: yachtNamed("Darwin Star"), clientRate: 3150, life: ["activate"] },
    {
      name: `Grupos 8-16 · ${year}`,
      year,
      yacht: yachtNamed("Galápagos Explorer"),
      clientRate: 3480,
      life: ["activate", "deactivate"],
    },
    { name: `Grupos 10-20 · ${year + 1}`, year: year + 1, yacht: yachtNamed("Darwin Star"), clientRate: 3310, life: [] },
  ];
  for (const { life, clientRate, ...rate } of rates) {
    const id = await createItem(
      tx,
      ikarusRates,
      {
        ...rate,
        agency: wholesaler.id,
        days: 8,
        passengersFrom: rate.name.startsWith("Grupos 8-16") ? 8 : 10,
        passengersTo: rate.name.startsWith("Grupos 8-16") ? 16 : 20,
        clientRate,
        operatorRate: dollars(clientRate * 0.9),
        childDiscount: 20,
        tourLeaderReduction: 50,
        commission: 12,
        comment: "Grupos cerrados del mayorista; el líder de grupo paga la mitad.",
      },
      options,
    );
    for (const step of life) {
      await runItemCommand(tx, ikarusRates, CatalogueItemId.make(id), command(step), step === "deactivate" ? "Reemplazada por la tarifa de contrato del mayorista." : undefined, options);
    }
  }
};
