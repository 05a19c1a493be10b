import { demoAdmin } from "./server.ts";
import { apiToken } from "./accounts.ts";

/** The API's answer: its status and what it holds under `data`. */
export interface Answer<T> {
  readonly status: number;
  readonly data: T;
}

/** The API as the user of `token` calls it (the type of `data` is the caller's word). */
export const apiAs =
  (baseUrl: string, token: string) =>
  async <T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>> => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json()) as { data: T };
    return { status: response.status, data: answer.data };
  };

/** A lead as the public contact form sends it (no session). */
export const sendLead = (
  baseUrl: string,
  lead: { firstName: string; lastName: string; email: string; message: string },
): Promise<Response> =>
  fetch(`${baseUrl}/api/leads/createLead`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...lead, country: "Ecuador", phone: "+593 99 000 0000" }),
  });

/** The leads an admin finds by searching `query`. */
export const leadsFound = async (baseUrl: string, query: string) => {
  const api = apiAs(baseUrl, await apiToken(baseUrl, demoAdmin.email, demoAdmin.password));
  const { data } = await api<Array<{ email: string; country: string; lastName: string }>>("GET", `/leads?q=${encodeURIComponent(query)}`);
  return data;
};
