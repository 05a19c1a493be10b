import type { LeadDetails } from "../../src/api/leads.ts";
import { findUserByEmail } from "../accounts/users.ts";
import type { Queryable } from "../db/database.ts";
import { assignLead, commentLead, createLead } from "../leads/leads.ts";
import { foldText } from "../leads/search.ts";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const people = [
  ["María José", "Salazar", "Ecuador", "+593 99 812 4410"],
  ["John", "Miller", "Estados Unidos", "+1 415 555 0142"],
  ["Anna", "Schneider", "Alemania", "+49 30 5557 8812"],
  ["Javier", "Ortega", "España", "+34 612 555 019"],
  ["Camila", "Restrepo", "Colombia", "+57 310 555 7788"],
  ["Emily", "Clarke", "Reino Unido", "+44 20 7946 0321"],
  ["Luc", "Moreau", "Francia", "+33 6 55 12 34 98"],
  ["Valentina", "Rossi", "Italia", "+39 347 555 2211"],
  ["Santiago", "Fernández", "Argentina", "+54 9 11 5555 6677"],
  ["Sophie", "Tremblay", "Canadá", "+1 514 555 0199"],
  ["Andrés", "Villacís", "Ecuador", "+593 98 455 1203"],
  ["Hannah", "Becker", "Alemania", "+49 89 5551 2093"],
  ["Daniel", "Kowalski", "Estados Unidos", "+1 212 555 0187"],
  ["Lucía", "Márquez", "México", "+52 55 5555 4433"],
  ["Pedro", "Alves", "Brasil", "+55 11 95555 1122"],
  ["Olivia", "Brown", "Australia", "+61 4 5555 0123"],
  ["Martín", "Guzmán", "Chile", "+56 9 5555 8899"],
  ["Isabel", "Núñez", "Perú", "+51 987 555 321"],
  ["Thomas", "Müller", "Suiza", "+41 79 555 44 22"],
  ["Carmen", "Jiménez", "España", "+34 699 555 840"],
] as const;

const messagesEs = [
  "Hola, quisiera información sobre un crucero de 8 días por las Islas Galápagos para dos adultos en julio.",
  "Buenas tardes, ¿tienen disponibilidad en el Yate Galápagos Legend para la primera semana de agosto?",
  "Nos interesa el itinerario de las islas del norte; viajamos en familia con dos niños de 9 y 11 años.",
  "¿Cuál es el precio del tour de 5 días a Quilotoa y Baños con salida desde Quito?",
  "Quisiera cotizar una luna de miel: 4 noches en Galápagos y 3 noches en la Amazonía.",
  "¿Ofrecen descuentos de última hora para cruceros en septiembre? Somos un grupo de 6 personas.",
  "Me gustaría saber qué incluye el paquete a Montañita y si hay traslados desde Guayaquil.",
  "Necesito una cabina doble con cama matrimonial; ¿la tarifa incluye el ingreso al parque nacional?",
] as const;

const messagesEn = [
  "Hi, we are looking for a 5-day Galápagos cruise in October for two adults. Could you send prices?",
  "Do you have last-minute availability on a catamaran around the southern islands next month?",
  "We would like to combine Machu Picchu with a Galápagos cruise. Is that something you arrange?",
  "Could you tell me whether snorkeling gear and wetsuits are included on the Legend itinerary?",
  "I am planning a birthday trip for my parents (both over 70): which yacht is most comfortable?",
  "Please send me information about diving cruises to Darwin and Wolf islands.",
] as const;

const comments = [
  "Llamé al cliente: prefiere salir un sábado. Envío opciones.",
  "Cotización enviada por correo con tarifa de temporada alta.",
  "El cliente confirma interés; espera respuesta de sus acompañantes.",
  "Se ofreció descuento de última hora del 15 %.",
  "Sin respuesta al correo; le escribiré por WhatsApp.",
] as const;

/** Quote details as the cruise pages send them, for some of the demo leads. */
const quote = (index: number, start: Date): LeadDetails => {
  const nights = index % 2 === 0 ? 7 : 4;
  const end = new Date(start.getTime() + nights * DAY_MS);
  const lowerLm = 3200 + (index % 5) * 150;
  return {
    in: start.toISOString().slice(0, 10),
    out: end.toISOString().slice(0, 10),
    itinerary: index % 2 === 0 ? "Itinerario A: Islas del Norte" : "Itinerario B: Islas del Sur",
    spaces: 1 + (index % 4),
    cabins: 1 + (index % 2),
    conditions: "Tarifa por persona en cabina doble; no incluye vuelos ni ingreso al parque (US$100).",
    isLastMinute: index % 3 === 0,
    mainLowerLm: lowerLm,
    mainLowerGross: lowerLm + 600,
    upperLm: lowerLm + 400,
    upperGross: lowerLm + 1000,
  };
};

const yachts = ["Yate Galápagos Legend", "Catamarán Archipel I", "Yate Coral I"] as const;

const LEADS = 40;

/**
 * Forty leads received over the last ~60 days, through the event store: varied people, countries
 * (in Spanish) and messages (Spanish and English), every third one a quote with details; about
 * most older ones assigned to the demo sales users (by the demo marketing user) with one to three follow-up
 * notes by the agent. Runs in the demo seeding transaction, after the demo staff exist.
 */
export const seedDemoLeads = async (tx: Queryable, now: Date): Promise<void> => {
  const agents = [await findUserByEmail(tx, "ventas@example.com"), await findUserByEmail(tx, "ventas2@example.com")];
  const assigner = await findUserByEmail(tx, "marketing@example.com");
  for (let index = 0; index < LEADS; index += 1) {
    const [firstName, lastName, country, phone] = people[index % people.length] ?? people[0];
    const english = index % 3 === 1;
    const message = english ? messagesEn[index % messagesEn.length] : messagesEs[index % messagesEs.length];
    const receivedAt = new Date(now.getTime() - ((LEADS - index) * 1.5 * DAY_MS + (index % 7) * HOUR_MS));
    const withQuote = index % 3 === 0;
    const user = foldText(`${firstName}.${lastName}`).replace(/\s+/g, "");
    const id = await createLead(
      tx,
      {
        firstName,
        lastName,
        email: `${user}${index}@example.com`,
        country,
        phone,
        message: message ?? "",
        yachtName: withQuote ? (yachts[index % yachts.length] ?? null) : null,
        details: withQuote ? quote(index, new Date(now.getTime() + (20 + index) * DAY_MS)) : null,
      },
      { actorId: null, occurredAt: receivedAt },
    );
    const agent = agents[index % 2];
    // The newest leads and every third one stay unassigned, as fresh or overlooked requests would be.
    if (agent === null || agent === undefined || index >= LEADS - 6 || index % 3 === 2) continue;
    const assignedAt = new Date(receivedAt.getTime() + 2 * HOUR_MS);
    await assignLead(tx, id, agent.id, { actorId: assigner?.id ?? null, occurredAt: assignedAt });
    const notes = 1 + (index % 3);
    for (let note = 0; note < notes; note += 1) {
      const text = comments[(index + note) % comments.length] ?? comments[0];
      const at = new Date(assignedAt.getTime() + (note + 1) * 20 * HOUR_MS);
      await commentLead(tx, id, agent.id, text, { actorId: agent.id, occurredAt: at });
    }
  }
};
