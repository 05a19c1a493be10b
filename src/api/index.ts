import * as auth from "./auth.ts";
import type { Endpoint } from "./endpoint.ts";

/** Every endpoint of the API, for the server's router, the OpenAPI document and the fuzz tests. */
export const endpoints: ReadonlyArray<Endpoint> = [
  auth.health,
  auth.login,
  auth.forgotPassword,
  auth.upgradePassword,
  auth.logout,
  auth.currentSession,
];

/** The API base below which every endpoint path lives. */
export const API_BASE = "/api";
