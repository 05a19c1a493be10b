import type { FastifyBaseLogger } from "fastify";
import { roleIds } from "../src/machines/domain/user.machine.ts";
import { seedDemoCatalogues } from "./demo/catalogues.ts";
import { seedDemoCruises } from "./demo/cruises.ts";
import { seedDemoPassengers } from "./demo/passengers.ts";
import { seedDemoReservations } from "./demo/reservations.ts";
import { demoCaller, type SalesDesk } from "./demo/salesDesk.ts";
import { memoryDesk } from "./demo/salesInMemory.ts";
import { seedDemoCruiseItineraries, seedDemoFleet } from "./demo/fleet.ts";
import { seedDemoAgencyUsers, seedDemoReferenceData, seedDemoSales, seedReferenceLists } from "./demo/referenceData.ts";
import { seedDemoHome } from "./demo/home.ts";
import { seedDemoItineraries } from "./demo/itineraries.ts";
import { seedDemoLeads } from "./demo/leads.ts";
import { seedDemoRates } from "./demo/rates.ts";
import { seedDemoYachtPages } from "./demo/yachtPages.ts";
import type { Database, Queryable } from "./db/database.ts";
import type { Caller } from "./reservations/facts.ts";
import { lockTransaction, queryCount } from "./db/rows.ts";
import type { Env } from "./env.ts";
import { generateTemporaryPassword, hashPassword } from "./accounts/passwords.ts";
import { createUser, issueTemporaryPassword } from "./accounts/users.ts";

/** Any fixed number: servers starting together on one empty PostgreSQL seed it once. */
const SEED_LOCK = 7_241_002;

export const DEFAULT_ADMIN_EMAIL = "admin@example.com";

/** One inactive account shows that state in the users table (it cannot sign in). */
export const demoStaff = [
  { firstName: "Marta", lastName: "Andrade", email: "marketing@example.com", roleId: roleIds.marketing, active: true },
  { firstName: "Diego", lastName: "Cevallos", email: "ventas@example.com", roleId: roleIds.sales, active: true },
  { firstName: "Lucía", lastName: "Paredes", email: "ventas2@example.com", roleId: roleIds.sales, active: true },
  { firstName: "Sofía", lastName: "Benítez", email: "marketing2@example.com", roleId: roleIds.marketing, active: true },
  { firstName: "Jorge", lastName: "Zambrano", email: "ventas3@example.com", roleId: roleIds.sales, active: false },
] as const;

export type SeedSettings = Pick<
  Env,
  "ADMIN_EMAIL" | "ADMIN_PASSWORD" | "SEED_DEMO" | "DEMO_PASSWORD" | "TEMP_PASSWORD_HOURS"
>;

/** Where the demo sells: in memory, its events and rows written together (decision 069). */
export type OpenDesk = (tx: Queryable, caller: Caller) => Promise<SalesDesk>;

/**
 * How the demo is made: how many of the next departures it sells (every one it makes by default;
 * fewer to try many first starts quickly) and where it sells (`openDesk`, in memory by default: a
 * test compares it with the desk through the commands).
 */
export interface DemoOptions {
  readonly departures: number;
  readonly openDesk?: OpenDesk;
}

export const fullDemo: DemoOptions = { departures: 400 };

/**
 * Every start: loads the reference lists (countries, languages ...) into catalogues that never
 * held an item. First start on a database without users: creates the first admin and, on an
 * embedded database, the demo staff, catalogue items and fleet reference data. Everything goes
 * through the event store. The first admin and the demo are never created twice.
 */
export const seed = async (
  db: Database,
  settings: SeedSettings,
  log: FastifyBaseLogger,
  now: Date,
  demoOptions: DemoOptions = fullDemo,
): Promise<void> => {
  const adminEmail = settings.ADMIN_EMAIL?.trim().toLowerCase() ?? DEFAULT_ADMIN_EMAIL;
  const withDemo = settings.SEED_DEMO && db.kind === "pglite";
  const temporaryPassword = settings.ADMIN_PASSWORD === undefined ? generateTemporaryPassword() : null;
  const options = { actorId: null, occurredAt: now };
  // On every start, before the demo that points at them: the reference lists of a catalogue that
  // never held an item.
  await db.transaction(async (tx) => {
    await lockTransaction(tx, SEED_LOCK);
    await seedReferenceLists(tx, options);
  });
  const seeded = await db.transaction(async (tx) => {
    await lockTransaction(tx, SEED_LOCK);
    if ((await queryCount(tx, "select count(*)::int as count from users")) > 0) return false;
    // hashed only for a database without users: an Argon2 hash is slow by design, and a restart
    // needs none; the two at once, each on a thread of its own. One hash for every demo user: they
    // share the demo password.
    const [adminHash, demoHash] = await Promise.all([
      hashPassword(settings.ADMIN_PASSWORD ?? temporaryPassword ?? ""),
      withDemo ? hashPassword(settings.DEMO_PASSWORD) : null,
    ]);
    const demo = demoHash === null ? [] : demoStaff.map((staff) => ({ ...staff, passwordHash: demoHash }));
    const adminId = await createUser(
      tx,
      {
        firstName: "Admin",
        lastName: "Principal",
        email: adminEmail,
        roleId: roleIds.admin,
        active: true,
        passwordHash: temporaryPassword === null ? adminHash : null,
      },
      options,
    );
    if (temporaryPassword !== null) {
      const expiresAt = new Date(now.getTime() + settings.TEMP_PASSWORD_HOURS * 3_600_000);
      await issueTemporaryPassword(tx, adminId, adminHash, expiresAt, options);
    }
    for (const staff of demo) await createUser(tx, staff, options);
    if (withDemo) await seedDemoCatalogues(tx, options);
    if (withDemo) await seedDemoReferenceData(tx, options);
    if (withDemo) await seedDemoSales(tx, options, now);
    if (demoHash !== null) await seedDemoAgencyUsers(tx, options, demoHash);
    if (withDemo) await seedDemoFleet(tx, options);
    if (withDemo) await seedDemoYachtPages(tx, options);
    if (withDemo) await seedDemoCruiseItineraries(tx, options);
    if (withDemo) await seedDemoCruises(tx, options);
    // after the fleet, its itineraries, the agencies and the flights: the rates name them
    if (withDemo) await seedDemoRates(tx, options, now);
    // after the departures, the rates and the sales staff: reservations are priced and made by them,
    // then their spaces get passengers, and those flights; decided in memory, written together
    const seller = withDemo ? await demoCaller(tx, now) : null;
    if (seller !== null) {
      const desk = await (demoOptions.openDesk ?? memoryDesk)(tx, seller);
      await seedDemoReservations(tx, desk, demoOptions.departures);
      await seedDemoPassengers(tx, desk);
      await desk.close();
    }
    // After the catalogues: the demo destinations include their items.
    if (withDemo) await seedDemoItineraries(tx, options);
    // After the destinations: the home page recommends some of them.
    if (withDemo) await seedDemoHome(tx, options);
    if (withDemo) await seedDemoLeads(tx, now);
    return true;
  });
  if (!seeded) return;
  if (temporaryPassword === null) {
    log.info(`First admin created: ${adminEmail} with the password from ADMIN_PASSWORD.`);
  } else {
    log.warn(
      `First admin created: sign in as ${adminEmail} with the temporary password ${temporaryPassword} ` +
        `(valid ${settings.TEMP_PASSWORD_HOURS} hours; you will choose a new password at the first login).`,
    );
  }
  if (withDemo) {
    log.info(
      `Demo staff created (password from DEMO_PASSWORD): ${demoStaff
        .map((staff) => (staff.active ? staff.email : `${staff.email} (inactive)`))
        .join(", ")}; a user per demo agency (reservas@<agency>.example.com, same password). Demo feeding, activity and courtesy items, fleet reference data, destinations and home content created.`,
    );
  }
};
