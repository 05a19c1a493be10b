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
 * Helmet is configured once, at start: its Fastify wrapper (@fastify/helmet) configured it again on
 * every request, parsing the policy each time (3.5 % of a leads page's time under load, issue 19
 * item 6).
 *
 * HSTS only when the request came over HTTPS (decision 021): browsers ignore it over plain HTTP
 * anyway (RFC 6797 section 8.1), and a plain-HTTP install reached by name must not tell them to
 * refuse it later. The protocol is the request's: behind a TLS-ending proxy named in TRUST_PROXY,
 * Fastify reads it from X-Forwarded-Proto (decision 058).
 */
export const registerSecurityHeaders = async (app: FastifyInstance): Promise<void> => {
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    strictTransportSecurity: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    if (request.protocol === "https") reply.header("strict-transport-security", STRICT_TRANSPORT_SECURITY);
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
};
