import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RoleName } from "../../src/api/endpoint.ts";
import { messages } from "../../src/api/messages.ts";
import { yachts } from "../../src/records/fleet.ts";
import { airTicketRates, contractRates, generalRates, rates } from "../../src/records/rates.ts";
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
      ["general", "familyRoom", "charter", "contract", "airTicket"].map((type) => [
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
