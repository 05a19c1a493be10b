/**
 * Generated leads for trying the lists at volume (`npm run seed:leads`, the lead search's tests and
 * bench): each a 'lead.create' event plus its projection row, written in batches of a thousand
 * (insertRows); the rows, their ordinals and the unassigned total are written by the projection's own
 * insertLeads, as a rebuild writes them, so a rebuild gives back the same rows.
 */
import type { LeadCreate } from "../../src/machines/domain/lead.machine.ts";
import { leadMachine } from "../../src/machines/domain/lead.machine.ts";
import { nextStatus } from "../../src/machines/domain/verdict.ts";
import type { Database, Queryable } from "../db/database.ts";
import { insertRows } from "../events/projection.ts";
import { setAsideIndexes } from "../db/indexes.ts";
import { insertLeads, leadRecord, leadsProjection, numberLeads } from "../leads/projection.ts";
import { seededRandom } from "./seededRandom.ts";

const BATCH = 1000;
const DAY_MS = 86_400_000;
/** Leads are spread over the last three years. */
const SPAN_MS = 3 * 365 * DAY_MS;


const firstNames = ["María", "José", "Ana", "Luis", "Camila", "John", "Emily", "Anna", "Lukas", "Sofía", "Mateo", "Olivia", "Andrés", "Lucía", "Pierre", "Giulia", "Hiroshi", "Fatima", "Noah", "Valentina"];
const lastNames = ["García", "Pérez", "Smith", "Müller", "Rossi", "Núñez", "Johnson", "Schneider", "Moreau", "Zambrano", "Villacís", "Brown", "Tanaka", "Ortega", "Silva", "Kowalski", "Andrade", "Cevallos", "Martin", "Jiménez"];
const countries = ["Ecuador", "Estados Unidos", "Alemania", "España", "Colombia", "Francia", "Italia", "Reino Unido", "Canadá", "México", "Argentina", "Chile", "Perú", "Brasil", "Japón"];
const domains = ["gmail.com", "yahoo.com", "outlook.com", "hotmail.com", "example.org", "correo.ec"];
const openings = ["Hola,", "Buenas tardes,", "Hi,", "Hello,", "Estimados,", "Good morning,"];
const asks = [
  "quisiera información sobre un crucero por Galápagos",
  "we are interested in a Galápagos cruise",
  "nos interesa el itinerario de las islas del norte",
  "could you send prices for the southern islands",
  "¿tienen disponibilidad en el Yate Galápagos Legend",
  "do you have last-minute cabins on a catamaran",
  "quisiera cotizar un tour a la Amazonía y Baños",
  "we would like to combine Machu Picchu with Galápagos",
];
const whens = ["en julio", "in October", "para Navidad", "next spring", "en semana santa", "in August", "para el próximo año", "this summer"];
const parties = ["para dos adultos.", "for a family of four.", "para un grupo de seis.", "for our honeymoon.", "con dos niños.", "for two seniors."];

/** The generated lead number `index`, drawn from `random`. */
export const generatedLead = (random: () => number, index: number): Omit<LeadCreate, "type"> => {
  const pick = <T>(values: ReadonlyArray<T>): T => {
    const value = values[Math.floor(random() * values.length)];
    if (value === undefined) throw new Error("empty pool");
    return value;
  };
  const firstName = pick(firstNames);
  const lastName = pick(lastNames);
  const user = `${firstName}.${lastName}`.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  return {
    firstName,
    lastName,
    email: `${user}${index}@${pick(domains)}`,
    country: pick(countries),
    phone: `+593 9${Math.floor(random() * 10)} ${String(Math.floor(random() * 10_000_000)).padStart(7, "0")}`,
    message: `${pick(openings)} ${pick(asks)} ${pick(whens)} ${pick(parties)}`,
    yachtName: null,
    details: null,
  };
};

const insertBatch = async (tx: Queryable, leads: ReadonlyArray<{ lead: Omit<LeadCreate, "type">; at: Date }>, status: string) => {
  const ids = await tx.query<{ id: number }>(
    "select nextval(pg_get_serial_sequence('leads', 'id'))::int as id from generate_series(1, $1)",
    [leads.length],
  );
  const creates = leads.map(({ lead, at }, index) => {
    const id = ids[index]?.id;
    if (id === undefined) throw new Error("too few ids from the leads sequence");
    return { event: { type: "lead.create" as const, ...lead }, row: { id, status, version: 1, at } };
  });
  const events = creates.map(({ event: { type, ...data }, row }) => [leadRecord.stream, String(row.id), 1, type, data, null, row.at]);
  await insertRows(tx, "events", "stream, stream_id, version, type, data, actor_id, occurred_at", events);
  await insertLeads(tx, creates);
};

/**
 * Loads `count` generated leads (drawn from `seed`), received one after another over the three
 * years before `now` (as a real list grows, so each batch is numbered as it is written), in
 * batches of a thousand in one transaction, the indexes only the lists read set aside meanwhile as
 * the rebuild sets them aside; leads already there and received later are numbered again at the
 * end (numberLeads).
 */
export const seedGeneratedLeads = async (db: Database, count: number, seed: number, now = Date.now()): Promise<void> => {
  const status = nextStatus(leadMachine, null, { type: "lead.create", ...generatedLead(seededRandom(0), 0) });
  if (status === null) throw new Error("the lead machine refuses lead.create");
  const random = seededRandom(seed);
  const gapMs = SPAN_MS / count;
  await db.transaction(async (tx) => {
    const listIndexes = await setAsideIndexes(tx, leadsProjection.listIndexes ?? []);
    for (let done = 0; done < count; done += BATCH) {
      const size = Math.min(BATCH, count - done);
      const batch = Array.from({ length: size }, (_, index) => ({
        lead: generatedLead(random, done + index),
        at: new Date(now - SPAN_MS + Math.floor((done + index + random()) * gapMs)),
      }));
      await insertBatch(tx, batch, status);
    }
    await numberLeads(tx);
    for (const definition of listIndexes) await tx.exec(definition);
  });
};
