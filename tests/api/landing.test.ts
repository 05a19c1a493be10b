/**
 * The public landing page as the server writes it (decision 070): the whole page in Spanish or
 * English with the demo's home content, the operator's contact details and the links search
 * engines follow; the landing build's script and stylesheet named from its manifest; the page
 * compressed once and revalidated; and its contact form taken from a browser without JavaScript.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { createItem } from "../../server/catalogues/items.ts";
import { seedDemoCatalogues } from "../../server/demo/catalogues.ts";
import { demoBanners, demoCallAction, seedDemoHome } from "../../server/demo/home.ts";
import { seedDemoItineraries } from "../../server/demo/itineraries.ts";
import { encodePng } from "../../server/demo/png.ts";
import { createBanner } from "../../server/home/banners.ts";
import { chosenLanguage } from "../../server/home/landing.ts";
import { detectImage } from "../../server/uploads/images.ts";
import { companies } from "../../src/records/referenceData.ts";
import en from "../../src/i18n/en.json";
import es from "../../src/i18n/es.json";
import { openTestDatabase } from "../setup/database.ts";
import { request, startServer, type TestServer, testEnv } from "./support.ts";

let db: Database;
let server: TestServer;
let distDir: string;

const MARKUP_TITLE = '<img src=x onerror="alert(1)"> & "Galápagos"';

beforeAll(async () => {
  db = await openTestDatabase();
  // a landing build's manifest, as `npm run build` writes it
  distDir = mkdtempSync(join(tmpdir(), "landing-dist-"));
  mkdirSync(join(distDir, ".vite"));
  writeFileSync(
    join(distDir, ".vite", "landing.json"),
    JSON.stringify({
      "src/ui/home/landing.ts": { file: "assets/landing-abc.js", isEntry: true, css: ["assets/landing-def.css"], dynamicImports: ["src/ui/home/landingContact.ts"] },
      "src/ui/home/landingContact.ts": { file: "assets/landingContact-ghi.js", isDynamicEntry: true },
    }),
  );
  mkdirSync(join(distDir, "assets"));
  writeFileSync(join(distDir, "assets", "landing-def.css"), ".landing-lead{color:var(--muted)}");
  server = await startServer(db, { distDir, env: testEnv({ LEAD_RATE_LIMIT: "2" }) });
  const options = { actorId: null, occurredAt: server.clock.now() };
  await db.transaction(async (tx) => {
    await seedDemoCatalogues(tx, options);
    await seedDemoItineraries(tx, options);
    await seedDemoHome(tx, options);
    await createItem(tx, companies, {
      name: "Galápagos Islas Cruceros S.A.",
      active: true,
      code: "GIC",
      ruc: "1791234567001",
      email: "operaciones@example.com",
      contactPhone: "+593 2 255 0100",
      address: "Av. Amazonas N24-03 y Colón, Quito",
    }, options);
    const bytes = new Uint8Array(encodePng(4, 3, () => [10, 20, 30]));
    const detected = detectImage(bytes);
    if (detected === null) throw new Error("not a PNG");
    await createBanner(tx, { title: MARKUP_TITLE, active: "true" }, { folder: "home_page", files: [{ bytes: Buffer.from(bytes), detected }] }, options);
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await db?.close();
  rmSync(distDir, { recursive: true, force: true });
});

const page = (path: string, headers: Record<string, string> = {}) => request(server, "GET", path, { headers });

/** The text of every element matching a tag and a class, in order (enough for these flat elements). */
const textsOf = (html: string, pattern: RegExp): string[] => [...html.matchAll(pattern)].map((match) => match[1] ?? "");

describe("the landing page, server-rendered", () => {
  it("is Spanish by default, with its title, description, alternates, content, links and contact details", async () => {
    const answer = await page("/");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(answer.headers.get("vary")).toContain("Accept-Language");
    const html = answer.text;
    expect(html).toMatch(/^<!doctype html>\n<html lang="es">/);
    expect(html).toContain(`<title>${es.landing.pageTitle}</title>`);
    expect(html).toContain(`<meta name="description" content="${es.landing.text}">`);
    expect(html).toContain(`<link rel="canonical" href="${server.base}/?lang=es">`);
    expect(textsOf(html, /<link rel="alternate" hreflang="([\w-]+)" href="[^"]+">/g)).toEqual(["es", "en", "x-default"]);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${server.base}/?lang=en">`);
    // the landing build's own files, nothing of the panel's: its stylesheet in the page, its script after it
    expect(html).toContain("<style>.landing-lead{color:var(--muted)}</style>");
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<script type="module" src="/assets/landing-abc.js"></script>');
    expect(html).not.toContain("landingContact");

    expect(html).toContain(`<h1 id="landing-title">${es.landing.title}</h1>`);
    const titles = textsOf(html, /<p class="landing-caption-title">([^<]*)<\/p>/g);
    expect(titles.slice(0, 2)).toEqual([demoBanners[0]?.title, demoBanners[0]?.title]);
    expect(html).toContain(`<h2 id="cta-title">${demoCallAction.title}</h2>`);
    expect(html).toContain(`<a href="${demoCallAction.link}" class="landing-cta-link" target="_blank" rel="noopener">${demoCallAction.buttonLabel}</a>`);
    expect(textsOf(html, /<h3>([^<]*)<\/h3>/g)).toEqual(["Galápagos: Isla Santa Cruz", "Quilotoa y Baños", "Cusco y Machu Picchu", "Cartagena de Indias"]);
    expect(html).toMatch(/<strong>US\$ [\d.]+,\d\d<\/strong>/);
    // the first picture is the largest paint: fetched first, every other one when near
    const pictures = textsOf(html, /<img src="(\/api\/uploads\/[^"]+)"/g);
    expect(pictures.length).toBeGreaterThan(4);
    expect(html).toMatch(/<img src="\/api\/uploads\/home_page\/[0-9a-f]{64}\.\w+" srcset="\/api\/uploads\/home_page\/[0-9a-f]{64}\.\w+\/480\.webp 480w, [^"]+ 960w, [^"]+ 1600w" sizes="[^"]+" alt="[^"]+" width="1600" height="700" fetchpriority="high">/);
    expect([...html.matchAll(/fetchpriority="high"/g)]).toHaveLength(1);
    expect([...html.matchAll(/loading="lazy"/g)].length).toBe(pictures.length - 1);

    expect(html).toContain('<a href="/panel">Acceso personal</a>');
    expect(html).toContain("Av. Amazonas N24-03 y Colón, Quito");
    expect(html).toContain('<a href="tel:+59322550100">+593 2 255 0100</a>');
    expect(html).toContain('<a href="mailto:operaciones@example.com">operaciones@example.com</a>');
    // the contact form posts here without JavaScript; Ecuador heads the countries
    expect(html).toContain('<form class="landing-form" method="post" action="/#contacto" novalidate>');
    expect(html).toMatch(/<option value="">Seleccione un país<\/option>\n<option value="Ecuador">Ecuador<\/option><option value="Afganistán">Afganistán<\/option>/);
    expect(html).toContain(`<label for="contact-firstName">${es.landing.firstName}</label>`);
    // the script's texts: data, never run
    const data = /<script type="application\/json" id="landing-texts">([^<]*)<\/script>/.exec(html)?.[1] ?? "";
    expect(JSON.parse(data)).toMatchObject({ problems: { required: es.fields.required }, messages: { "too many attempts": es.messages.tooManyAttempts } });
  });

  it("is English at ?lang=en, a Spanish text left untranslated marked as Spanish", async () => {
    const html = (await page("/?lang=en")).text;
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain(`<title>${en.landing.pageTitle}</title>`);
    expect(html).toContain(`<meta name="description" content="${en.landing.text}">`);
    expect(html).toContain(`<link rel="canonical" href="${server.base}/?lang=en">`);
    expect(html).toContain(`<h1 id="landing-title">${en.landing.title}</h1>`);
    expect(html).toContain(`<p class="landing-caption-title">${demoBanners[0]?.titleEn}</p>`);
    expect(html).toContain(`<h2 id="cta-title">${demoCallAction.titleEn}</h2>`);
    expect(html).toContain(`rel="noopener">${demoCallAction.buttonLabelEn}</a>`);
    expect(html).toContain("<h3>Quilotoa and Baños</h3>");
    expect(html).toContain('<a href="/panel">Staff access</a>');
    expect(html).toContain('<option value="Alemania">Germany</option>');
    expect(html).toContain(`Phone: <a href="tel:+59322550100">`);
    // the banner written in Spanish only
    expect(html).toContain('<p class="landing-caption-title" lang="es">&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &quot;Galápagos&quot;</p>');
  });

  it("follows the browser's languages when the address names none", async () => {
    expect((await page("/", { "accept-language": "en-US,en;q=0.9" })).text).toMatch(/<html lang="en">/);
    expect((await page("/", { "accept-language": "fr-FR, en;q=0.5, es;q=0.8" })).text).toMatch(/<html lang="es">/);
    expect((await page("/?lang=es", { "accept-language": "en" })).text).toMatch(/<html lang="es">/);
    expect(chosenLanguage(undefined, "de, en;q=0")).toBe("es");
    expect(chosenLanguage("fr", "pt-BR, en-GB;q=0.7")).toBe("en");
    expect(chosenLanguage(undefined, undefined)).toBe("es");
  });

  it("writes the content's markup as text", async () => {
    const html = (await page("/")).text;
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &quot;Galápagos&quot;");
  });

  it("is compressed for the browsers that take it, and revalidated with its tag", async () => {
    const plain = await page("/");
    const etag = plain.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(plain.headers.get("cache-control")).toBe("no-cache");
    const asked = (encoding: string) => server.app.inject({ method: "GET", url: "/", headers: { "accept-encoding": encoding } });
    const [uncompressed, compressed] = await Promise.all([asked("identity"), asked("gzip, br")]);
    expect(uncompressed.headers["content-encoding"]).toBeUndefined();
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(uncompressed.body);
    expect(compressed.rawPayload.length).toBeLessThan(uncompressed.body.length / 3);
    const again = await page("/", { "if-none-match": etag ?? "" });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
  });

  it("confirms a message sent without JavaScript", async () => {
    const html = (await page("/?sent=1")).text;
    expect(html).toContain(`<p role="status" class="landing-sent">${es.landing.sent}</p>`);
    expect((await page("/")).text).toContain(`<p role="status" class="landing-sent" hidden>${es.landing.sent}</p>`);
  });
});

/** The form as a browser without JavaScript posts it, from `address` (the limit counts per address). */
const post = (fields: Record<string, string>, address = "198.51.100.1") =>
  server.app.inject({
    method: "POST",
    url: "/",
    remoteAddress: address,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });

const leadsWith = async (email: string): Promise<number> =>
  (await db.query<{ count: number }>("select count(*)::int as count from leads where email = $1", [email]))[0]?.count ?? 0;

const visitor = {
  lang: "en",
  firstName: "Marta",
  lastName: "Quispe",
  email: "marta@example.com",
  country: "Perú",
  phone: "+51 999 888 777",
  message: "Quisiera cotizar un crucero.",
  website: "",
};

describe("the contact form without JavaScript", () => {
  it("comes back with the problems by the fields and what was typed, in the page's language", async () => {
    const answer = await post({ ...visitor, email: "marta@", phone: "" });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    const html = answer.body;
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toContain('id="contact-email" name="email" maxlength="254" required autocomplete="email" aria-invalid="true" aria-describedby="contact-email-problem" value="marta@">');
    expect(html).toContain(`<small id="contact-email-problem">${en.fields.invalidEmail}</small>`);
    expect(html).toContain(`<small id="contact-phone-problem">${en.fields.required}</small>`);
    expect(html).toContain('<small id="contact-firstName-problem" hidden></small>');
    expect(html).toContain('<option value="Perú" selected>Peru</option>');
    expect(html).toContain(`<textarea rows="4" id="contact-message" name="message" maxlength="5000" required>${visitor.message}</textarea>`);
    expect(await leadsWith("marta@")).toBe(0);
  });

  it("takes the lead and sends the browser to the confirmation, once", async () => {
    const answer = await post(visitor);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe("/?lang=en&sent=1#contacto");
    expect(await leadsWith(visitor.email)).toBe(1);
    const stored = await db.query<{ country: string; first_name: string }>("select country, first_name from leads where email = $1", [visitor.email]);
    expect(stored).toEqual([{ country: "Perú", first_name: "Marta" }]);
  });

  it("drops a robot's lead with the usual answer", async () => {
    const answer = await post({ ...visitor, email: "robot@example.com", website: "https://spam.example" });
    expect(answer.statusCode).toBe(303);
    expect(await leadsWith("robot@example.com")).toBe(0);
  });

  it("says 'too many attempts' in the page's language, keeping what was typed", async () => {
    const spanish = { ...visitor, lang: "es", email: "repite@example.com" };
    expect((await post(spanish, "203.0.113.9")).statusCode).toBe(303);
    expect((await post(spanish, "203.0.113.9")).statusCode).toBe(303);
    const refused = await post(spanish, "203.0.113.9");
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain(`<div class="error-banner" role="alert">${es.messages.tooManyAttempts}</div>`);
    expect(refused.body).toContain('value="repite@example.com"');
    expect(await leadsWith("repite@example.com")).toBe(2);
  });
});
