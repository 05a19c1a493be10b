import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RoleName } from "../../src/api/endpoint.ts";
import { messages } from "../../src/api/messages.ts";
import { yachts } from "../../src/records/fleet.ts";
import { airTicketRates, contractRates, generalRates, ikarusRates, rates } from "../../src/records/rates.ts";
import { agencies, flights } from "../../src/records/referenceData.ts";
import { referencedItem } from "../catalogueSamples.ts";
import { testDatabase } from "../setup/database.ts";
import { type Answer, dataOf, request, snapshot, staffTokens, startServer, type TestServer } from "./support.ts";

/**
 * Issue 16, item 1: the rates of each type, declared on the catalogue engine at the paths DOMAIN.md
 * section 9 fixes; admins write them, sales read them, marketing and agencies never see them.
 */
const db = testDatabase();
let server: TestServer;
let tokens: ReadonlyMap<RoleName, string> = new Map();

beforeAll(async () => {
  server = await startServer(db);
});

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  tokens = await staffTokens(server, db, ["admin", "marketing", "sales", "agency"]);
});

const as = (role: RoleName) => tokens.get(role) ?? "";
const refusal = (answer: Answer) => [answer.status, dataOf(answer)];
const create = (path: string, body: Record<string, unknown>, role: RoleName = "admin") => request(server, "POST", `/api${path}`, { token: as(role), body });

const generalRate = async () => ({
  name: "Alta 2027 · doble · 4 días",
  year: 2027,
  yacht: await referencedItem(db, yachts.api.resource),
  days: 4,
  season: "high",
  category: "double",
  clientRate: 2_070,
  operatorRate: 1_656,
  childDiscount: 25,
  wholesalerDiscount: 10,
});

describe("the rates", () => {
  it("are served at the paths DOMAIN.md section 9 fixes, one set per type", () => {
    expect(rates.map(({ api }) => [api.list.path, api.get.path, api.create.path, api.update.path, api.remove.path])).toEqual(
      ["general", "familyRoom", "charter", "contract", "airTicket", "ikarus"].map((type) => [
        `/rates/${type}`,
        `/rates/${type}/:id`,
        `/rates/createRate/${type}`,
        `/rates/updateRate/${type}/:id`,
        `/rates/${type}/:id`,
      ]),
    );
  });

  it("keeps a general rate, narrows the list to a yacht, and lets sales read but not write", async () => {
    const rate = await generalRate();
    expect(dataOf(await create(generalRates.api.create.path, rate))).toBe(messages.created);
    const listed = dataOf(await request(server, "GET", `/api/rates/general?yachtId=${rate.yacht}`, { token: as("sales") }));
    expect(listed).toMatchObject([{ ...rate, active: true, promotionalDiscount: null }]);
    expect(dataOf(await request(server, "GET", `/api/rates/general?yachtId=${rate.yacht + 1}`, { token: as("sales") }))).toEqual([]);
    expect(refusal(await create(generalRates.api.create.path, rate, "sales"))).toEqual([403, messages.forbidden]);
    expect(refusal(await request(server, "GET", "/api/rates/general", { token: as("marketing") }))).toEqual([403, messages.forbidden]);
    expect(refusal(await request(server, "GET", "/api/rates/general", { token: as("agency") }))).toEqual([403, messages.forbidden]);
  });

  it("refuses a discount outside 0-99 with the spec's message, and what the rules refuse, writing nothing", async () => {
    const rate = await generalRate();
    const before = await snapshot(db);
    for (const childDiscount of [100, -1, 12.5]) {
      expect(refusal(await create(generalRates.api.create.path, { ...rate, childDiscount }))).toEqual([400, messages.numberOutOfRange]);
    }
    expect(refusal(await create(generalRates.api.create.path, { ...rate, promotionalDiscount: 150 }))).toEqual([400, messages.numberOutOfRange]);
    expect(refusal(await create(generalRates.api.create.path, { ...rate, season: "summer" }))).toEqual([400, messages.invalidInput]);
    expect(refusal(await create(generalRates.api.create.path, { ...rate, clientRate: 10.555 }))).toEqual([400, messages.invalidInput]);
    expect(refusal(await create(generalRates.api.create.path, { ...rate, year: null }))).toEqual([400, messages.requiredInformation]);
    const contract = { ...rate, name: "Contrato 2027" };
    expect(refusal(await create(contractRates.api.create.path, contract))).toEqual([400, messages.requiredInformation]);
    expect(await snapshot(db)).toEqual(before);
  });

  it("ties a contract rate to an agency and an air ticket to a flight leg, which are then in use", async () => {
    const rate = await generalRate();
    const agency = await referencedItem(db, agencies.api.resource);
    expect(dataOf(await create(contractRates.api.create.path, { ...rate, name: "Contrato 2027", agency }))).toBe(messages.created);
    const flight = await referencedItem(db, flights.api.resource);
    const ticket = { name: "Quito - Baltra 2027", year: 2027, flight, adultRate: 230, childRate: 172.5 };
    expect(dataOf(await create(airTicketRates.api.create.path, ticket))).toBe(messages.created);
    expect(dataOf(await request(server, "GET", "/api/rates/airTicket", { token: as("sales") }))).toMatchObject([ticket]);
    const removeAgency = await request(server, "DELETE", `/api${agencies.api.remove.path.replace(":id", String(agency))}`, { token: as("admin") });
    expect(refusal(removeAgency)).toEqual([409, messages.itemInUse]);
  });
});

describe("the Ikarus rate", () => {
  const ikarusRate = async () => ({
    name: "Ikarus 2027 · grupos 10-20",
    agency: await referencedItem(db, agencies.api.resource),
    year: 2027,
    yacht: await referencedItem(db, yachts.api.resource),
    days: 8,
    passengersFrom: 10,
    passengersTo: 20,
    clientRate: 3_150,
    operatorRate: 2_835,
    tourLeaderReduction: 50,
    commission: 12,
    comment: "Grupos cerrados",
  });
  const at = (path: string, id: number) => `/api${path.replace(":id", String(id))}`;
  const [activate, deactivate] = ikarusRates.api.commands.map(({ endpoint }) => endpoint);
  const command = (path: string | undefined, id: number, body: Record<string, unknown> = {}, role: RoleName = "admin") =>
    request(server, "PUT", at(path ?? "", id), { token: as(role), body });
  const read = async (id: number) => dataOf(await request(server, "GET", at(ikarusRates.api.get.path, id), { token: as("sales") })) as Record<string, unknown>;
  const created = async () => {
    expect(dataOf(await create(ikarusRates.api.create.path, await ikarusRate()))).toBe(messages.created);
    const [row] = await db.query<{ id: number }>("select id from ikarus_rates order by id desc limit 1");
    return row?.id ?? 0;
  };

  it("has its commands at the paths DOMAIN.md section 9 fixes", () => {
    expect([activate?.method, activate?.path, deactivate?.method, deactivate?.path]).toEqual([
      "PUT",
      "/rates/activateIkarusRate/:id",
      "PUT",
      "/rates/deactivateIkarusRate/:id",
    ]);
  });

  it("starts as a draft, is activated with the date stamped, then deactivated for a reason, for good", async () => {
    const id = await created();
    expect(await read(id)).toMatchObject({ ...(await ikarusRate()), state: "draft", active: false, activatedAt: null, deactivatedAt: null, deactivationReason: null });

    expect(dataOf(await command(activate?.path, id))).toBe(messages.updated);
    const active = await read(id);
    expect(active).toMatchObject({ state: "active", active: true, deactivatedAt: null });
    expect(Number.isNaN(Date.parse(String(active.activatedAt)))).toBe(false);
    expect(refusal(await request(server, "DELETE", at(ikarusRates.api.remove.path, id), { token: as("admin") }))).toEqual([409, messages.notAllowedNow]);

    expect(dataOf(await command(deactivate?.path, id, { reason: "  Reemplazada por el contrato  " }))).toBe(messages.updated);
    expect(await read(id)).toMatchObject({ state: "deactivated", active: false, deactivationReason: "Reemplazada por el contrato", activatedAt: active.activatedAt });

    const before = await snapshot(db);
    expect(refusal(await command(activate?.path, id))).toEqual([409, messages.notAllowedNow]);
    expect(refusal(await command(deactivate?.path, id, { reason: "otra vez" }))).toEqual([409, messages.notAllowedNow]);
    const { version } = await read(id);
    const edit = { ...(await ikarusRate()), name: "Ikarus 2027 cambiada", version };
    expect(refusal(await request(server, "PUT", at(ikarusRates.api.update.path, id), { token: as("admin"), body: edit }))).toEqual([409, messages.notAllowedNow]);
    expect(refusal(await request(server, "DELETE", at(ikarusRates.api.remove.path, id), { token: as("admin") }))).toEqual([409, messages.notAllowedNow]);
    expect(await snapshot(db)).toEqual(before);
  });

  it("refuses a deactivation without a reason or with one too long, and one of a draft, writing nothing", async () => {
    const id = await created();
    const before = await snapshot(db);
    expect(refusal(await command(deactivate?.path, id, { reason: "nunca activada" }))).toEqual([409, messages.notAllowedNow]);
    expect(await snapshot(db)).toEqual(before);
    await command(activate?.path, id);
    const activated = await snapshot(db);
    expect(refusal(await command(deactivate?.path, id, { reason: "   " }))).toEqual([400, messages.requiredInformation]);
    expect(refusal(await command(deactivate?.path, id, {}))).toEqual([400, messages.requiredInformation]);
    expect(refusal(await command(deactivate?.path, id, { reason: "x".repeat(301) }))).toEqual([400, messages.invalidInput]);
    expect(await snapshot(db)).toEqual(activated);
    expect((await read(id)).state).toBe("active");
  });

  it("refuses a passenger range whose end is below its start, percentages outside 0-99, and a missing wholesaler", async () => {
    const rate = await ikarusRate();
    const before = await snapshot(db);
    expect(refusal(await create(ikarusRates.api.create.path, { ...rate, passengersTo: 9 }))).toEqual([400, messages.invalidInput]);
    expect(refusal(await create(ikarusRates.api.create.path, { ...rate, commission: 100 }))).toEqual([400, messages.numberOutOfRange]);
    expect(refusal(await create(ikarusRates.api.create.path, { ...rate, tourLeaderReduction: -5 }))).toEqual([400, messages.numberOutOfRange]);
    expect(refusal(await create(ikarusRates.api.create.path, { ...rate, agency: null }))).toEqual([400, messages.requiredInformation]);
    expect(await snapshot(db)).toEqual(before);
    expect(dataOf(await create(ikarusRates.api.create.path, { ...rate, passengersTo: 10 }))).toBe(messages.created);
  });

  it("lets only admins run its commands: sales read, marketing and agencies never see it", async () => {
    const id = await created();
    expect(refusal(await command(activate?.path, id, {}, "sales"))).toEqual([403, messages.forbidden]);
    expect(refusal(await command(activate?.path, id, {}, "agency"))).toEqual([403, messages.forbidden]);
    expect(refusal(await request(server, "GET", "/api/rates/ikarus", { token: as("marketing") }))).toEqual([403, messages.forbidden]);
    expect(refusal(await command(activate?.path, id + 1000))).toEqual([404, messages.notFound]);
    expect((await read(id)).state).toBe("draft");
  });
});

describe("copying a year's rates to the next", () => {
  const copy = (type: string, body: Record<string, unknown>, role: RoleName = "admin") =>
    request(server, "POST", `/api/rates/copyYear/${type}`, { token: as(role), body });

  it("makes each live rate again for the next year, its amounts raised and the year in its name moved on", async () => {
    const rate = await generalRate();
    await create(generalRates.api.create.path, rate);
    await create(generalRates.api.create.path, { ...rate, name: "Baja 2027 · doble · 4 días", season: "low", clientRate: 1_759.5, operatorRate: 1_407.6 });
    const answer = await copy("general", { year: 2027, increase: 5 });
    expect(dataOf(answer)).toEqual({ copied: 2, year: 2028 });
    const next = (dataOf(await request(server, "GET", "/api/rates/general", { token: as("sales") })) as ReadonlyArray<Record<string, unknown>>).filter(
      (item) => item.year === 2028,
    );
    expect(next.map(({ name, clientRate, operatorRate, childDiscount, active }) => [name, clientRate, operatorRate, childDiscount, active])).toEqual([
      ["Alta 2028 · doble · 4 días", 2_173.5, 1_738.8, 25, true],
      ["Baja 2028 · doble · 4 días", 1_847.48, 1_477.98, 25, true],
    ]);
  });

  it("copies an Ikarus rate as a draft and leaves a deactivated one behind", async () => {
    const wholesaler = await referencedItem(db, agencies.api.resource);
    const yacht = await referencedItem(db, yachts.api.resource);
    const ikarus = { agency: wholesaler, year: 2027, yacht, days: 8, passengersFrom: 10, passengersTo: 20, clientRate: 3_000, operatorRate: 2_700 };
    await create(ikarusRates.api.create.path, { ...ikarus, name: "Grupos 2027" });
    await create(ikarusRates.api.create.path, { ...ikarus, name: "Retirada 2027" });
    const [, retired] = await db.query<{ id: number }>("select id from ikarus_rates order by id");
    const command = (path: string | undefined, body: Record<string, unknown> = {}) =>
      request(server, "PUT", `/api${(path ?? "").replace(":id", String(retired?.id))}`, { token: as("admin"), body });
    const [activate, deactivate] = ikarusRates.api.commands.map(({ endpoint }) => endpoint);
    await command(activate?.path);
    await command(deactivate?.path, { reason: "Sin grupos" });
    expect(dataOf(await copy("ikarus", { year: 2027, increase: 0 }))).toEqual({ copied: 1, year: 2028 });
    const rates = dataOf(await request(server, "GET", "/api/rates/ikarus", { token: as("sales") })) as ReadonlyArray<Record<string, unknown>>;
    expect(rates.filter((item) => item.year === 2028).map(({ name, state, clientRate }) => [name, state, clientRate])).toEqual([["Grupos 2028", "draft", 3_000]]);
  });

  it("refuses a year already copied, a year without rates, and an increase outside 0-99, writing nothing; sales may not copy", async () => {
    await create(generalRates.api.create.path, await generalRate());
    expect(dataOf(await copy("general", { year: 2027, increase: 3 }))).toEqual({ copied: 1, year: 2028 });
    const before = await snapshot(db);
    expect(refusal(await copy("general", { year: 2027, increase: 3 }))).toEqual([409, messages.yearHasRates]);
    expect(refusal(await copy("general", { year: 2030, increase: 3 }))).toEqual([409, messages.noRatesToCopy]);
    expect(refusal(await copy("general", { year: 2028, increase: 100 }))).toEqual([400, messages.numberOutOfRange]);
    expect(refusal(await copy("general", { year: 2028, increase: 2.555 }))).toEqual([400, messages.numberOutOfRange]);
    expect(refusal(await copy("general", { year: null, increase: 3 }))).toEqual([400, messages.requiredInformation]);
    expect(refusal(await copy("general", { year: 1999, increase: 3 }))).toEqual([400, messages.invalidInput]);
    expect(refusal(await copy("general", { year: 2028, increase: 3 }, "sales"))).toEqual([403, messages.forbidden]);
    expect(await snapshot(db)).toEqual(before);
  });
});
