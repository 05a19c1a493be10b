/**
 * Ids above a serial column's range (2^31-1) in a path or a body: the contract refuses them as
 * 'invalid information' (400) before any query, where they used to reach the database (500).
 * The largest id in range still reads as a record that does not exist (404).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { MAX_ID } from "../../src/api/ids.ts";
import { messages } from "../../src/api/messages.ts";
import { openTestDatabase, resetDatabase } from "../setup/database.ts";
import { createStaff, dataOf, request, sessionFor, startServer, type TestServer } from "./support.ts";

let db: Database;
let server: TestServer;
let token: string;

beforeAll(async () => {
  db = await openTestDatabase();
  server = await startServer(db);
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

beforeEach(async () => {
  await resetDatabase(db);
  const adminId = await createStaff(db, { email: "admin@example.com", password: null, firstName: "Ana", lastName: "Ruiz" });
  token = await sessionFor(server, db, adminId);
});

const tooLarge = MAX_ID + 1;

describe("an id above 2^31-1", () => {
  it.each([
    `/api/feedings/${tooLarge}`,
    `/api/activities/${tooLarge}`,
    `/api/users/${tooLarge}`,
    `/api/itineraries/${tooLarge}`,
    `/api/leads/${tooLarge}`,
    `/api/homeScreen/getBaner/${tooLarge}`,
    `/api/homeScreen/getCallAction/${tooLarge}`,
    `/api/history/lead/${tooLarge}`,
  ])("in the path of GET %s is invalid information", async (path) => {
    const answer = await request(server, "GET", path, { token });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ data: messages.invalidInput });
  });

  it("in the path of a delete is invalid information", async () => {
    const answer = await request(server, "DELETE", `/api/feedings/${tooLarge}`, { token });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ data: messages.invalidInput });
  });

  it("as the userId of assingLeadtoUser is invalid information, in the path too", async () => {
    const inBody = await request(server, "PUT", "/api/leads/assingLeadtoUser/1", { token, body: { userId: tooLarge } });
    expect(inBody.status).toBe(400);
    expect(inBody.body).toEqual({ data: messages.invalidInput });
    const inPath = await request(server, "PUT", `/api/leads/assingLeadtoUser/${tooLarge}`, { token, body: { userId: 1 } });
    expect(inPath.status).toBe(400);
    expect(inPath.body).toEqual({ data: messages.invalidInput });
  });

  it("in a note's userId or leadId is invalid information", async () => {
    for (const body of [
      { userId: tooLarge, leadId: 1, coments: "Llamada" },
      { userId: 1, leadId: tooLarge, coments: "Llamada" },
    ]) {
      const answer = await request(server, "POST", "/api/leads/createTrakin", { token, body });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ data: messages.invalidInput });
    }
  });

  it("in the recommendations list is invalid information", async () => {
    // The list's current version (0: never set), so that only the id is wrong.
    expect(dataOf(await request(server, "GET", "/api/homeScreen/adminContent", { token }))).toMatchObject({ recomendationVersion: 0 });
    const answer = await request(server, "PUT", "/api/homeScreen/updateRecomendation", {
      token,
      body: { itineraries: [tooLarge], version: 0 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ data: messages.invalidInput });
  });

  it("leaves the largest id in range a record that does not exist", async () => {
    for (const path of [`/api/feedings/${MAX_ID}`, `/api/users/${MAX_ID}`, `/api/leads/${MAX_ID}`]) {
      const answer = await request(server, "GET", path, { token });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ data: messages.notFound });
    }
  });
});

describe("an id in a path", () => {
  /** Users up to id 16, so that every spelling below of 16 (or 10) names a record that exists. */
  const sixteenUsers = async (): Promise<void> => {
    for (let number = 2; number <= 16; number += 1) {
      await createStaff(db, { email: `staff${number}@example.com`, password: null });
    }
    const [last] = await db.query<{ id: number }>("select max(id) as id from users");
    expect(last?.id).toBe(16);
  };

  it.each(["0x10", "%2016", "16%20", "1e1", "016", "+16", "16.0", "0", "-16", `${tooLarge}`])(
    "is refused as invalid information when written %s, not read as another id",
    async (written) => {
      await sixteenUsers();
      const answer = await request(server, "GET", `/api/users/${written}`, { token });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ data: messages.invalidInput });
    },
  );

  it("deletes nobody when written 0x10, and names user 16 when written 16", async () => {
    await sixteenUsers();
    const refused = await request(server, "DELETE", "/api/users/0x10", { token });
    expect(refused.status).toBe(400);
    const found = await request(server, "GET", "/api/users/16", { token });
    expect(found.status).toBe(200);
    expect(dataOf(found)).toMatchObject({ id: 16, email: "staff16@example.com" });
  });

  it("is refused in a query's id as in a path", async () => {
    for (const written of ["0x10", "1e1", "016", "+16", "%2016"]) {
      const answer = await request(server, "GET", `/api/reservations?cruiseId=${written}`, { token });
      expect(answer.status, written).toBe(400);
      expect(answer.body).toEqual({ data: messages.invalidInput });
    }
  });
});
