import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * The Content-Security-Policy of the panel and the landing page. Everything they load is served
 * by this server from Vite's build, so 'self' is enough for scripts, styles, fetches and fonts.
 * - style-src keeps 'unsafe-inline': SweetAlert2's bundle injects its stylesheet as a <style>
 *   element when it loads (confirm dialogs, toasts); a hash would break with each release of it.
 *   The landing page carries its own stylesheet in a <style> element too (decision 070). Inline
 *   styles cannot run code, scripts stay 'self' only (the landing's JSON data block is not run).
 * - img-src allows data: and blob:: the image inputs preview the chosen file through an object URL.
 * - The API reference page (/api/docs, Swagger UI served from its package) needs nothing more: its
 *   scripts and stylesheets are files of this server, and it fetches only the OpenAPI document.
 * - No upgrade-insecure-requests: the server speaks plain HTTP on its own port (TLS, when any, ends
 *   at a proxy), and upgrading its own requests to https would break a plain-HTTP install.
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
};

/** One year, subdomains included: helmet's own default, sent only over HTTPS (below). */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/**
 * Helmet's security headers on every answer (nosniff, frame and referrer policies, COOP, CORP ...)
 * with the policy above. Routes may set a stricter policy of their own: the image route sends
 * `default-src 'none'; sandbox`, which replaces this one on its answers.
 *
 * Helmet is asked once, at start, which headers this policy sends: none of them depends on the
 * request. Its Fastify wrapper (@fastify/helmet) configured it again on every request, parsing the
 * policy each time (3.5 % of a leads page's time under load, issue 19 item 6); run on every
 * request, its dozen middlewares set each header on Node's response one by one, each name and
 * value checked there and again when the head is written (issue 39). Set as the reply's own
 * headers they are written once, with the answer's; a hijacked reply (a stream) writes them itself.
 *
 * HSTS only when the request came over HTTPS (decision 021): browsers ignore it over plain HTTP
 * anyway (RFC 6797 section 8.1), and a plain-HTTP install reached by name must not tell them to
 * refuse it later. The protocol is the request's: behind a TLS-ending proxy named in TRUST_PROXY,
 * Fastify reads it from X-Forwarded-Proto (decision 058).
 */
export const registerSecurityHeaders = async (app: FastifyInstance): Promise<void> => {
  const securityHeaders = helmetHeaders();
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(securityHeaders);
    if (request.protocol === "https") reply.header("strict-transport-security", STRICT_TRANSPORT_SECURITY);
    done();
  });
};

/** The headers helmet sets with this policy, by lower-case name, as it sets them on a response. */
const helmetHeaders = (): Readonly<Record<string, string>> => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet({ contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy }, strictTransportSecurity: false })(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error !== undefined) throw error;
      done = true;
    },
  );
  if (!done) throw new Error("helmet did not finish setting its headers at once");
  return headers;
};
