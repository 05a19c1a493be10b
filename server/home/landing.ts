import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { Schema } from "effect";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { isApiError } from "../../src/api/errors.ts";
import { hasNoProblems } from "../../src/api/fields.ts";
import { type NewLead, newLeadProblems } from "../../src/api/leads.ts";
import type { Queryable } from "../db/database.ts";
import { queryOne } from "../db/rows.ts";
import type { Env } from "../env.ts";
import type { RouteContext } from "../http/register.ts";
import { receiveLead } from "../leads/routes.ts";
import { publicContent } from "./content.ts";
import {
  type ContactDetails,
  type ContactFormState,
  emptyContactForm,
  type LandingAssets,
  type PageLanguage,
  pageAddress,
  pageLanguages,
  renderLandingPage,
} from "./landingPage.ts";

/**
 * The landing's built files: Vite's manifest of its own build (vite.landing.config.ts) names the
 * entry's hashed script and its stylesheet, read once here to be written into the page. Under
 * `npm run dev` (`fromSources`), or without a build, the entry is its source, which Vite's dev
 * server answers (it proxies `/` here) with its styles.
 */
export const landingAssets = (distDir: string, fromSources: boolean): LandingAssets => {
  const root = resolve(distDir);
  const manifestFile = join(root, ".vite", "landing.json");
  if (fromSources || !existsSync(manifestFile)) return { scripts: ["/src/ui/home/landing.ts"], style: "" };
  const manifest: Record<string, { file: string; css?: ReadonlyArray<string>; isEntry?: boolean }> = JSON.parse(readFileSync(manifestFile, "utf8"));
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry === true);
  if (entry === undefined) throw new Error(`${manifestFile} names no entry`);
  const style = (entry.css ?? []).map((file) => readFileSync(join(root, file), "utf8")).join("\n");
  // the stylesheet is our build's, written as it is: it must not be able to end its element
  if (/<\/style/i.test(style)) throw new Error(`${manifestFile}: the landing's stylesheet holds "</style"`);
  return { scripts: [`/${entry.file}`], style };
};

const isPageLanguage = (value: unknown): value is PageLanguage => pageLanguages.some((language) => language === value);

/**
 * The visitor's language: the one the address asks for (`?lang=en`), else the first of Spanish
 * and English in the browser's Accept-Language by preference, else Spanish (SPEC.md section 9).
 */
export const chosenLanguage = (asked: unknown, acceptLanguage: string | undefined): PageLanguage => {
  if (isPageLanguage(asked)) return asked;
  const preferences = (acceptLanguage ?? "")
    .split(",")
    .map((entry, order) => {
      const [tag = "", ...parameters] = entry.trim().split(";");
      const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
      return { language: tag.trim().toLowerCase().split("-")[0], quality: quality === undefined ? 1 : Number(quality), order };
    })
    .filter((preference) => preference.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  return preferences.map((preference) => preference.language).find(isPageLanguage) ?? "es";
};

const ContactRow = Schema.Struct({ name: Schema.String, address: Schema.String, phone: Schema.String, email: Schema.String });

/** The first live company's address, phone and email (the operator's own, as the vouchers show it). */
const readContact = (db: Queryable): Promise<ContactDetails | null> =>
  queryOne(
    db,
    ContactRow,
    `select name, coalesce(details->>'address', '') as address, coalesce(details->>'contactPhone', '') as phone,
            coalesce(details->>'email', '') as email
       from companies where status <> 'deleted' and active order by id limit 1`,
  );

/** A page as sent: its bytes, compressed once, and the tag a browser revalidates it with. */
interface SentPage {
  readonly etag: string;
  readonly plain: Buffer;
  readonly gzip: Buffer;
  /** Null for a page sent once: Brotli's better compression costs more than it saves then. */
  readonly brotli: Buffer | null;
}

const pageOf = (markup: string, etag: string): SentPage => {
  const plain = Buffer.from(markup);
  return {
    etag,
    plain,
    gzip: gzipSync(plain, { level: 9 }),
    brotli: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
  };
};

const tagOf = (markup: string): string => `"${createHash("sha256").update(markup).digest("base64url").slice(0, 27)}"`;

const acceptsEncoding = (request: FastifyRequest, encoding: string): boolean =>
  (request.headers["accept-encoding"] ?? "").split(",").some((entry) => {
    const [name = "", quality] = entry.trim().split(";q=");
    return name.trim() === encoding && (quality === undefined || Number(quality) > 0);
  });

/** The HTML as the browser can take it (Brotli, gzip or plain), never kept by a cache without revalidation. */
const sendPage = (request: FastifyRequest, reply: FastifyReply, page: SentPage, status = 200): FastifyReply => {
  void reply
    .code(status)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-cache")
    .header("vary", "Accept-Language, Accept-Encoding")
    .header("etag", page.etag);
  if (status === 200 && request.headers["if-none-match"] === page.etag) return reply.code(304).send();
  if (page.brotli !== null && acceptsEncoding(request, "br")) return reply.header("content-encoding", "br").send(page.brotli);
  if (acceptsEncoding(request, "gzip")) return reply.header("content-encoding", "gzip").send(page.gzip);
  return reply.send(page.plain);
};

/** The contact form as a browser without JavaScript posts it: every field a text. */
const PostedForm = Schema.Struct({
  lang: Schema.optionalKey(Schema.String),
  firstName: Schema.optionalKey(Schema.String),
  lastName: Schema.optionalKey(Schema.String),
  email: Schema.optionalKey(Schema.String),
  country: Schema.optionalKey(Schema.String),
  phone: Schema.optionalKey(Schema.String),
  message: Schema.optionalKey(Schema.String),
  website: Schema.optionalKey(Schema.String),
});
const decodePostedForm = Schema.decodeUnknownOption(PostedForm);

/** A posted form is a few kilobytes of text; more is not a person's message. */
const FORM_BODY_LIMIT = 64 * 1024;

export interface LandingContext extends RouteContext {
  readonly env: Pick<Env, "LEAD_RATE_LIMIT" | "LANDING_SOURCES">;
  /** Where the landing's build is (./dist in production). */
  readonly distDir: string;
}

/**
 * `GET /`: the public landing page, server-rendered in the visitor's language (decision 070), the
 * content read as `GET /homeScreen/content` reads it (remembered until it changes). `POST /`:
 * its contact form sent by a browser without JavaScript, taken as `POST /api/leads/createLead`
 * takes it; the page comes back with the problems by the fields, or the browser is sent to the
 * page with the confirmation (303, so that a reload sends nothing twice).
 */
export const registerLandingPage = async (app: FastifyInstance, context: LandingContext): Promise<void> => {
  const { db } = context;
  const assets = landingAssets(context.distDir, context.env.LANDING_SOURCES);
  // The same page for every visitor of a language until marketing changes it: compressed once.
  const sent = new LRUCache<string, SentPage>({ max: 16 });

  const render = async (request: FastifyRequest, language: PageLanguage, form: ContactFormState): Promise<string> => {
    const [content, contact] = await Promise.all([
      db.remember("public content", () => publicContent(db)).catch((error: unknown) => {
        request.log.error({ err: error }, "landing content not read");
        return null;
      }),
      db.remember("landing contact", () => readContact(db)).catch((error: unknown) => {
        request.log.error({ err: error }, "landing contact details not read");
        return null;
      }),
    ]);
    const origin = `${request.protocol}://${request.host}`;
    return renderLandingPage({ language, origin, content, contact, assets, form });
  };

  app.get("/", async (request, reply) => {
    const query = request.query as Readonly<Record<string, unknown>>;
    const language = chosenLanguage(query.lang, request.headers["accept-language"]);
    const markup = await render(request, language, { ...emptyContactForm, sent: query.sent === "1" });
    const etag = tagOf(markup);
    let page = sent.get(etag);
    if (page === undefined) {
      page = pageOf(markup, etag);
      sent.set(etag, page);
    }
    return sendPage(request, reply, page);
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.post("/", async (request, reply) => {
      const posted = decodePostedForm(request.body);
      const form = posted._tag === "Some" ? posted.value : {};
      const language = chosenLanguage(form.lang, request.headers["accept-language"]);
      const lead: NewLead = {
        firstName: form.firstName ?? "",
        lastName: form.lastName ?? "",
        email: form.email ?? "",
        country: form.country ?? "",
        phone: form.phone ?? "",
        message: form.message ?? "",
        website: form.website ?? "",
      };
      const refused = async (state: Omit<ContactFormState, "values" | "sent">, status: number) => {
        const markup = await render(request, language, { ...state, values: lead, sent: false });
        // a page of this visitor's typing, sent once: compressed quickly, never kept
        return sendPage(request, reply, { etag: tagOf(markup), plain: Buffer.from(markup), gzip: gzipSync(markup, { level: 1 }), brotli: null }, status);
      };
      const problems = newLeadProblems(lead);
      if (!hasNoProblems(problems)) return refused({ problems, error: null }, 400);
      try {
        await receiveLead(context, lead, request.ip);
      } catch (error) {
        if (isApiError(error)) return refused({ problems: {}, error: error.message }, error.status);
        throw error;
      }
      return reply.code(303).header("cache-control", "no-store").redirect(`${pageAddress(language)}&sent=1#contacto`, 303);
    });
  });
};
