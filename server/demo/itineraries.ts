import { ItineraryUploadQuery } from "../../src/api/itineraries.ts";
import { tableOf } from "../catalogues/storage.ts";
import type { Queryable } from "../db/database.ts";
import type { CommandOptions } from "../events/command.ts";
import { activityRecord, courtesyRecord, feedingRecord } from "../catalogues/projection.ts";
import { detectImage } from "../uploads/images.ts";
import { storeImage } from "../uploads/store.ts";
import { type ItineraryDraft, itineraryFormOf } from "../itineraries/form.ts";
import { createItinerary } from "../itineraries/itineraries.ts";
import { idsByName } from "./byName.ts";
import { HEIGHT, type Layer, paintLandscape, type Scene, WIDTH } from "./landscape.ts";

/** A demo destination: its fields, its catalogue items by name, and the picture painted for it. */
interface DemoItinerary {
  readonly fields: Omit<ItineraryDraft, "feeding" | "activities" | "courtesy">;
  readonly feeding: ReadonlyArray<string>;
  readonly activities: ReadonlyArray<string>;
  readonly courtesy: ReadonlyArray<string>;
  readonly scene: Omit<Scene, "seed">;
}

const daySky = { skyTop: [70, 140, 220], skyBottom: [190, 225, 250] } as const;
const duskSky = { skyTop: [60, 70, 150], skyBottom: [250, 170, 110] } as const;
const sunAt = (x: number, y: number, color: readonly [number, number, number] = [255, 230, 120]) => ({
  x,
  y,
  radius: 34,
  color,
});

const andes = (snow: boolean): ReadonlyArray<Layer> => [
  { kind: "mountains", color: snow ? [225, 230, 240] : [120, 130, 150], base: 250, height: 170 },
  { kind: "mountains", color: [90, 110, 90], base: 300, height: 110 },
  { kind: "hills", color: [70, 130, 60], base: HEIGHT, height: 90 },
];
const coast: ReadonlyArray<Layer> = [
  { kind: "hills", color: [90, 140, 90], base: 250, height: 40 },
  { kind: "sea", color: [30, 120, 190], base: 250 },
  { kind: "hills", color: [235, 215, 160], base: HEIGHT + 40, height: 80 },
];
const jungle: ReadonlyArray<Layer> = [
  { kind: "hills", color: [40, 110, 60], base: 240, height: 60 },
  { kind: "sea", color: [120, 100, 60], base: 300 },
  { kind: "hills", color: [20, 80, 40], base: HEIGHT + 20, height: 70 },
];
const city = (color: readonly [number, number, number]): ReadonlyArray<Layer> => [
  { kind: "mountains", color: [130, 140, 170], base: 260, height: 90 },
  { kind: "skyline", color, base: 330, height: 150 },
  { kind: "hills", color: [80, 120, 70], base: HEIGHT + 30, height: 70 },
];
const harbour = (color: readonly [number, number, number]): ReadonlyArray<Layer> => [
  { kind: "skyline", color, base: 260, height: 90 },
  { kind: "sea", color: [30, 130, 180], base: 260 },
];

const national = (
  fields: Omit<DemoItinerary["fields"], "destinationType" | "region">,
  region: "Costa" | "Sierra" | "Oriente",
) => ({ ...fields, destinationType: "national", region }) as const;
const international = (fields: Omit<DemoItinerary["fields"], "destinationType" | "region">) =>
  ({ ...fields, destinationType: "international", region: null }) as const;

const offer = (price: number, offerPrice: number) => ({ price, offerPrice, isOffer: true });
const regular = (price: number) => ({ price, offerPrice: null, isOffer: false });

/** Six national and six international destinations, some on offer, with items of the demo catalogues. */
export const demoItineraries: ReadonlyArray<DemoItinerary> = [
  {
    fields: national(
      {
        name: "Quilotoa y Baños",
        days: "3 días / 2 noches",
        description: "La laguna del cráter del Quilotoa y las cascadas de Baños de Agua Santa.",
        nameEn: "Quilotoa and Baños",
        daysEn: "3 days / 2 nights",
        descriptionEn: "The Quilotoa crater lagoon and the waterfalls of Baños de Agua Santa.",
        imageAlt: "Ilustración de volcanes andinos bajo el sol de la mañana",
        imageAltEn: "Drawing of Andean volcanoes under the morning sun",
        availability: "Salidas todos los viernes",
        ...offer(320, 289),
        servicesIncluded: ["Traslados", "Alojamiento"],
        departureFrom: ["Quito"],
      },
      "Sierra",
    ),
    feeding: ["Desayuno", "Almuerzo"],
    activities: ["Kayak"],
    courtesy: ["Cóctel de bienvenida"],
    scene: { ...daySky, sun: sunAt(480, 80), layers: andes(true) },
  },
  {
    fields: national(
      {
        name: "Cuenca colonial",
        days: "2 días / 1 noche",
        description: "Centro histórico, catedrales, el río Tomebamba y el Parque Nacional Cajas.",
        nameEn: "Colonial Cuenca",
        daysEn: "2 days / 1 night",
        descriptionEn: "The historic centre, cathedrals, the Tomebamba river and Cajas National Park.",
        imageAlt: "Ilustración de los tejados de una ciudad colonial al atardecer",
        imageAltEn: "Drawing of a colonial city's rooftops at dusk",
        availability: "Todo el año",
        ...regular(210),
        servicesIncluded: ["Boletos aéreos", "Traslados", "Alojamiento"],
        departureFrom: ["Quito", "Guayaquil"],
      },
      "Sierra",
    ),
    feeding: ["Desayuno"],
    activities: [],
    courtesy: ["Traslado al aeropuerto"],
    scene: { ...duskSky, sun: sunAt(160, 150, [255, 200, 120]), layers: city([150, 90, 70]) },
  },
  {
    fields: national(
      {
        name: "Montañita y Ruta del Spondylus",
        days: "4 días / 3 noches",
        description: "Playas de Montañita, Los Frailes y la Isla de la Plata.",
        nameEn: "Montañita and the Spondylus Route",
        daysEn: "4 days / 3 nights",
        descriptionEn: "The beaches of Montañita, Los Frailes and Isla de la Plata.",
        imageAlt: "",
        imageAltEn: "",
        availability: "Diciembre a abril",
        ...offer(260, 219.9),
        servicesIncluded: ["Traslados", "Alojamiento"],
        departureFrom: ["Guayaquil", "Manta"],
      },
      "Costa",
    ),
    feeding: ["Desayuno", "Cena"],
    activities: ["Snorkel", "Kayak"],
    courtesy: ["Cóctel de bienvenida"],
    scene: { ...daySky, sun: sunAt(520, 70), layers: coast },
  },
  {
    fields: national(
      {
        name: "Amazonía en Cuyabeno",
        days: "5 días / 4 noches",
        description: "Lodge en la Reserva Cuyabeno: lagunas, delfines rosados y caminatas en la selva.",
        nameEn: "Amazon rainforest in Cuyabeno",
        daysEn: "5 days / 4 nights",
        descriptionEn: "A lodge in the Cuyabeno Reserve: lagoons, pink river dolphins and jungle walks.",
        imageAlt: "",
        imageAltEn: "",
        availability: "Salidas lunes y viernes",
        ...regular(480),
        servicesIncluded: ["Boletos aéreos", "Traslados", "Alojamiento"],
        departureFrom: ["Quito"],
      },
      "Oriente",
    ),
    feeding: ["Pensión completa"],
    activities: ["Kayak"],
    courtesy: [],
    scene: { skyTop: [120, 170, 190], skyBottom: [220, 235, 225], sun: sunAt(120, 90), layers: jungle },
  },
  {
    fields: national(
      {
        name: "Otavalo y Cotacachi",
        days: "1 día",
        description: "Mercado de Otavalo, laguna de Cuicocha y los talleres de cuero de Cotacachi.",
        nameEn: "Otavalo and Cotacachi",
        daysEn: "1 day",
        descriptionEn: "Otavalo market, Cuicocha lagoon and the leather workshops of Cotacachi.",
        imageAlt: "",
        imageAltEn: "",
        availability: "Sábados",
        ...regular(85),
        servicesIncluded: ["Traslados"],
        departureFrom: ["Quito"],
      },
      "Sierra",
    ),
    feeding: ["Almuerzo"],
    activities: [],
    courtesy: [],
    scene: { ...daySky, sun: sunAt(300, 70), layers: andes(false) },
  },
  {
    fields: national(
      {
        name: "Galápagos: Isla Santa Cruz",
        days: "5 días / 4 noches",
        description: "Estación Charles Darwin, tortugas gigantes, Bahía Tortuga y excursión a Bartolomé.",
        nameEn: "Galápagos: Santa Cruz Island",
        daysEn: "5 days / 4 nights",
        descriptionEn: "Charles Darwin Station, giant tortoises, Tortuga Bay and an excursion to Bartolomé.",
        imageAlt: "",
        imageAltEn: "",
        availability: "Todo el año",
        ...offer(1450, 1290),
        servicesIncluded: ["Boletos aéreos", "Traslados", "Alojamiento"],
        departureFrom: ["Quito", "Guayaquil"],
      },
      "Costa",
    ),
    feeding: ["Pensión completa"],
    activities: ["Snorkel", "Caminata en Isla Bartolomé", "Visita a la Estación Charles Darwin"],
    courtesy: ["Cóctel de bienvenida", "Traslado al aeropuerto"],
    scene: { ...duskSky, sun: sunAt(420, 200, [255, 180, 90]), layers: coast },
  },
  {
    fields: international({
      name: "Cusco y Machu Picchu",
      days: "6 días / 5 noches",
      description: "Cusco, el Valle Sagrado y Machu Picchu en tren panorámico.",
      nameEn: "Cusco and Machu Picchu",
      daysEn: "6 days / 5 nights",
      descriptionEn: "Cusco, the Sacred Valley and Machu Picchu by panoramic train.",
      imageAlt: "",
      imageAltEn: "",
      availability: "Abril a octubre",
      ...offer(1390, 1249),
      servicesIncluded: ["Boletos aéreos", "Traslados", "Alojamiento"],
      departureFrom: ["Quito", "Guayaquil"],
    }),
    feeding: ["Desayuno"],
    activities: [],
    courtesy: ["Traslado al aeropuerto"],
    scene: { ...daySky, sun: sunAt(140, 90), layers: andes(false) },
  },
  {
    fields: international({
      name: "Cartagena de Indias",
      days: "4 días / 3 noches",
      description: "La ciudad amurallada, Getsemaní y un día en las Islas del Rosario.",
      nameEn: "Cartagena de Indias",
      daysEn: "4 days / 3 nights",
      descriptionEn: "The walled city, Getsemaní and a day in the Rosario Islands.",
      imageAlt: "",
      imageAltEn: "",
      availability: "Todo el año",
      ...regular(890),
      servicesIncluded: ["Boletos aéreos", "Traslados", "Alojamiento"],
      departureFrom: ["Quito", "Guayaquil"],
    }),
    feeding: ["Desayuno"],
    activities: ["Snorkel"],
    courtesy: [],
    scene: { ...daySky, sun: sunAt(500, 90), layers: harbour([230, 190, 120]) },
  },
  {
    fields: international({
      name: "Ciudad de México",
      days: "5 días / 4 noches",
      description: "Centro Histórico, Teotihuacán, Coyoacán y Xochimilco.",
      nameEn: "Mexico City",
      daysEn: "5 days / 4 nights",
      descriptionEn: "The Historic Centre, Teotihuacan, Coyoacán and Xochimilco.",
      imageAlt: "",
      imageAltEn: "",
      availability: "Todo el año",
      ...regular(980),
      servicesIncluded: ["Boletos aéreos", "Alojamiento"],
      departureFrom: ["Quito", "Guayaquil"],
    }),
    feeding: ["Desayuno"],
    activities: [],
    courtesy: [],
    scene: { ...duskSky, sun: sunAt(320, 170, [255, 190, 110]), layers: city([90, 80, 110]) },
  },
  {
    fields: international({
      name: "Buenos Aires",
      days: "5 días / 4 noches",
      description: "San Telmo, La Boca, Puerto Madero y una noche de tango.",
      nameEn: "Buenos Aires",
      daysEn: "5 days / 4 nights",
      descriptionEn: "San Telmo, La Boca, Puerto Madero and a night of tango.",
      imageAlt: "",
      imageAltEn: "",
      availability: "Marzo a noviembre",
      ...offer(1150, 990),
      servicesIncluded: ["Boletos aéreos", "Traslados", "Alojamiento"],
      departureFrom: ["Guayaquil"],
    }),
    feeding: ["Desayuno", "Cena"],
    activities: [],
    courtesy: ["Cóctel de bienvenida"],
    scene: { ...daySky, sun: sunAt(100, 80), layers: harbour([120, 120, 140]) },
  },
  {
    fields: international({
      name: "Punta Cana",
      days: "5 días / 4 noches",
      description: "Resort frente al mar en Bávaro, todo incluido.",
      nameEn: "Punta Cana",
      daysEn: "5 days / 4 nights",
      descriptionEn: "An all-inclusive beachfront resort in Bávaro.",
      imageAlt: "",
      imageAltEn: "",
      availability: "Todo el año",
      ...offer(1350, 1190),
      servicesIncluded: ["Boletos aéreos", "Traslados", "Alojamiento"],
      departureFrom: ["Quito", "Guayaquil", "Manta"],
    }),
    feeding: ["Pensión completa"],
    activities: ["Snorkel", "Kayak"],
    courtesy: ["Cóctel de bienvenida", "Traslado al aeropuerto"],
    scene: { skyTop: [40, 150, 230], skyBottom: [200, 240, 250], sun: sunAt(560, 60), layers: coast },
  },
  {
    fields: international({
      name: "Madrid",
      days: "7 días / 6 noches",
      description: "El Prado, el Palacio Real, el Retiro y excursiones a Toledo y Segovia.",
      nameEn: "Madrid",
      daysEn: "7 days / 6 nights",
      descriptionEn: "The Prado, the Royal Palace, the Retiro and day trips to Toledo and Segovia.",
      imageAlt: "",
      imageAltEn: "",
      availability: "Mayo a octubre",
      ...regular(1890),
      servicesIncluded: ["Boletos aéreos", "Alojamiento"],
      departureFrom: ["Quito", "Guayaquil"],
    }),
    feeding: ["Desayuno"],
    activities: [],
    courtesy: ["Traslado al aeropuerto"],
    scene: { ...duskSky, sun: sunAt(480, 160, [255, 170, 90]), layers: city([170, 120, 90]) },
  },
];

const folder = ItineraryUploadQuery.fields.images.literal;

/**
 * Adds the demo destinations through the event store, in the seeding transaction, each with a
 * landscape painted for it (WIDTH x HEIGHT PNG): nothing is downloaded or shipped as a binary.
 */
export const seedDemoItineraries = async (tx: Queryable, options: CommandOptions): Promise<void> => {
  for (const [index, demo] of demoItineraries.entries()) {
    const bytes = paintLandscape({ ...demo.scene, seed: index + 1 });
    const detected = detectImage(bytes);
    if (detected === null) throw new Error(`the ${WIDTH}x${HEIGHT} demo picture is not a PNG`);
    const image = await storeImage(tx, folder, { bytes, detected }, options.occurredAt);
    const draft: ItineraryDraft = {
      ...demo.fields,
      feeding: await idsByName(tx, tableOf(feedingRecord), demo.feeding),
      activities: await idsByName(tx, tableOf(activityRecord), demo.activities),
      courtesy: await idsByName(tx, tableOf(courtesyRecord), demo.courtesy),
    };
    await createItinerary(tx, itineraryFormOf(draft), image, options);
  }
};
