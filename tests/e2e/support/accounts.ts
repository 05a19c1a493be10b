import type { Page } from "playwright-core";
import { demoAdmin } from "./server.ts";

/** A staff member's sign-in. */
export interface Account {
  readonly email: string;
  readonly password: string;
}

/** The password every demo staff member has (the demo's first admin is given it too: `demoAdmin`). */
export const demoPassword = "Demo1234";

export const marketing: Account = { email: "marketing@example.com", password: demoPassword };
export { demoAdmin };

interface SignedInUser {
  readonly id: number;
  readonly firstName: string;
  readonly lastName: string;
  readonly token: string;
  readonly rol: string;
}

const logIn = async (baseUrl: string, email: string, password: string): Promise<SignedInUser> => {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return ((await response.json()) as { data: SignedInUser }).data;
};

/** A staff member's session token, signed in by the API alone (no page). */
export const apiToken = async (baseUrl: string, email: string, password = demoPassword): Promise<string> =>
  (await logIn(baseUrl, email, password)).token;

/** Signs a demo staff member in through the API and stores the session as the panel does; answers its token. */
export const signIn = async (page: Page, baseUrl: string, email: string, password = demoPassword): Promise<string> => {
  const user = await logIn(baseUrl, email, password);
  await page.evaluate((signedIn) => {
    localStorage.setItem(
      "userInfo",
      JSON.stringify({ userName: `${signedIn.firstName} ${signedIn.lastName}`, token: signedIn.token, role: signedIn.rol, id: signedIn.id }),
    );
  }, user);
  return user.token;
};

/** Signs in as a person does, on the panel's login form; where the panel goes next is the caller's to wait for. */
export const signInThroughForm = async (page: Page, baseUrl: string, { email, password }: Account): Promise<void> => {
  await page.goto(`${baseUrl}/panel`);
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Ingresar" }).click();
};
