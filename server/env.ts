import { isIP } from "node:net";
import { Effect, Result, Schema, SchemaGetter, SchemaIssue } from "effect";
import { isEmail } from "../src/api/fields.ts";
import { passwordProblem } from "../src/machines/domain/credentials.ts";
import type { HoldPolicy } from "../src/machines/domain/timeLimit.ts";

const withDefault = <S extends Schema.Codec<unknown, string>>(schema: S, value: string) =>
  schema.pipe(Schema.withDecodingDefaultKey(Effect.succeed(value)));

const Port = Schema.FiniteFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 65_535 }));
const PositiveNumber = Schema.FiniteFromString.check(Schema.isGreaterThan(0));
const PositiveInt = Schema.FiniteFromString.check(Schema.isInt(), Schema.isGreaterThan(0));

const Flag = Schema.Literals(["true", "false", "1", "0"]).pipe(
  Schema.decodeTo(Schema.Boolean, {
    decode: SchemaGetter.transform((text) => text === "true" || text === "1"),
    encode: SchemaGetter.transform((flag) => (flag ? "true" : "false")),
  }),
);

const Email = Schema.String.check(
  Schema.makeFilter((value: string) => isEmail(value) || "Expected an email address such as admin@example.com"),
);

const Password = Schema.String.check(
  Schema.makeFilter((value: string) => {
    const problem = passwordProblem(value);
    return problem === null || "Expected a password of 6 to 14 characters with an uppercase letter, a lowercase letter and a digit";
  }),
);

const urlWithScheme = (schemes: ReadonlyArray<string>) => {
  const expected = `Expected a ${schemes.map((scheme) => `${scheme}//`).join(" or ")} URL`;
  return Schema.String.check(
    Schema.makeFilter((value: string) => {
      try {
        return schemes.includes(new URL(value).protocol) || expected;
      } catch {
        return expected;
      }
    }),
  );
};

/** The private ranges Fastify's trustProxy (@fastify/proxy-addr) knows by name: loopback, link-local, unique-local (10/8, 172.16/12, 192.168/16, fc00::/7). */
const namedRanges = ["loopback", "linklocal", "uniquelocal"];

/** Why one entry of TRUST_PROXY is no proxy address, CIDR range or named range; null when it is one. */
const proxyEntryProblem = (entry: string): string | null => {
  if (namedRanges.includes(entry)) return null;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  const bits = family === 4 ? 32 : 128;
  if (family !== 0 && rest.length === 0 && (prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits))) return null;
  return `Expected false or a comma-separated list of the proxies' addresses or CIDR ranges (127.0.0.1, 10.0.0.0/8, loopback, uniquelocal); "${entry}" is none`;
};

const nameTheProxy = "name the proxy's address instead (TRUST_PROXY=127.0.0.1 for an nginx on this machine; decision 058)";

/**
 * The proxies whose X-Forwarded-For entry names the client (decision 058): false (none, the
 * default; "0" too, no proxy trusted) or their addresses, CIDR ranges or named ranges, comma-separated.
 * Refused at start: `true`, which trusts every entry and so takes the leftmost, which the client
 * writes itself; and a hop count, which Fastify ignores since 5.12.1 (GHSA-3m5p-2c4r-xxw2: a count
 * cannot tell the proxy from a client that connects directly), so every client would look alike.
 */
const TrustedProxies = Schema.String.check(
  Schema.makeFilter((value: string) => {
    if (value === "false" || value === "0") return true;
    if (value === "true") return `true trusts the leftmost X-Forwarded-For entry, which the client writes: ${nameTheProxy}`;
    if (/^\d+$/.test(value)) return `A hop count cannot tell the proxy from a client that connects directly (Fastify ignores it): ${nameTheProxy}`;
    for (const entry of value.split(",")) {
      const problem = proxyEntryProblem(entry.trim());
      if (problem !== null) return problem;
    }
    return true;
  }),
).pipe(
  Schema.decodeTo(Schema.Union([Schema.Literal(false), Schema.Array(Schema.String)]), {
    decode: SchemaGetter.transform((text) => (text === "false" || text === "0" ? false : text.split(",").map((entry) => entry.trim()))),
    encode: SchemaGetter.transform((proxies) => (proxies === false ? "false" : proxies.join(","))),
  }),
);

export const LogLevel = Schema.Literals(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);
export type LogLevel = typeof LogLevel.Type;

/** Every setting the server reads from its environment, with the defaults of PRODUCT.md. */
export const EnvSchema = Schema.Struct({
  PORT: withDefault(Port, "3000"),
  HOST: withDefault(Schema.NonEmptyString, "127.0.0.1"),
  DATA_DIR: withDefault(Schema.NonEmptyString, "./data"),
  DATABASE_URL: Schema.optionalKey(urlWithScheme(["postgres:", "postgresql:"])),
  SMTP_URL: Schema.optionalKey(urlWithScheme(["smtp:", "smtps:"])),
  MAIL_FROM: withDefault(Schema.NonEmptyString, "Back office <no-reply@localhost>"),
  ADMIN_EMAIL: Schema.optionalKey(Email),
  ADMIN_PASSWORD: Schema.optionalKey(Password),
  SESSION_HOURS: withDefault(PositiveNumber, "12"),
  TEMP_PASSWORD_HOURS: withDefault(PositiveNumber, "24"),
  SEED_DEMO: withDefault(Flag, "true"),
  DEMO_PASSWORD: withDefault(Password, "Demo1234"),
  MAX_UPLOAD_MB: withDefault(PositiveNumber, "10"),
  LOG_LEVEL: withDefault(LogLevel, "info"),
  /** The proxies in front of the server, so that the limits per address count each client's, not the proxy's (decision 058). */
  TRUST_PROXY: withDefault(TrustedProxies, "false"),
  /** Public lead form submissions allowed per client address in 10 minutes; a load test raises it. */
  LEAD_RATE_LIMIT: withDefault(PositiveInt, "5"),
  /** `npm run dev`: the landing page names its script's sources, which Vite serves, not the last build's (decision 070). */
  LANDING_SOURCES: withDefault(Flag, "false"),
  /** The hold policy (DOMAIN.md section 5): a hold's days, the days before departure when only the final hours apply, those hours, an agency's extensions. */
  HOLD_DAYS: withDefault(PositiveInt, "7"),
  CUTOFF_DAYS: withDefault(PositiveInt, "45"),
  FINAL_HOLD_HOURS: withDefault(PositiveInt, "48"),
  MAX_EXTENSIONS: withDefault(PositiveInt, "2"),
  /** How often each server looks for holds whose time limit passed and reminders due (seconds). */
  EXPIRY_INTERVAL_SECONDS: withDefault(PositiveInt, "30"),
  /** A file every statement the server runs is appended to, with its parameters and time: the bench's capture (decision 085), never a real installation. */
  STATEMENT_LOG: Schema.optionalKey(Schema.NonEmptyString),
  /** Each answer tells its statements' driver time in a Server-Timing header: the bench's single client (decision 085), never a real installation. */
  STATEMENT_TIMING: withDefault(Flag, "false"),
});

export type Env = typeof EnvSchema.Type;

/** The hold policy the environment sets (DOMAIN.md section 5). */
export const holdPolicy = (env: Pick<Env, "HOLD_DAYS" | "CUTOFF_DAYS" | "FINAL_HOLD_HOURS" | "MAX_EXTENSIONS">): HoldPolicy => ({
  holdDays: env.HOLD_DAYS,
  cutoffDays: env.CUTOFF_DAYS,
  finalHoldHours: env.FINAL_HOLD_HOURS,
  maxExtensions: env.MAX_EXTENSIONS,
});

const names = Object.keys(EnvSchema.fields);

export class EnvError extends Error {
  override readonly name = "EnvError";
  constructor(readonly problems: ReadonlyArray<string>) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
}

const formatter = SchemaIssue.makeFormatterStandardSchemaV1();

/**
 * Decodes the server's settings. An empty variable counts as unset (as in most .env files).
 * Throws an EnvError that lists every missing or bad variable at once.
 */
export const decodeEnv = (source: Readonly<Record<string, string | undefined>>): Env => {
  const input: Record<string, string> = {};
  for (const name of names) {
    const value = source[name];
    if (value !== undefined && value !== "") input[name] = value;
  }
  const result = Schema.decodeUnknownResult(EnvSchema)(input, { errors: "all" });
  if (Result.isSuccess(result)) return result.success;
  // One line per variable: a bad PORT need not also be reported as "not an integer" and "out of range".
  const problems = new Map<string, string>();
  for (const issue of formatter(result.failure.issue).issues) {
    const name = issue.path?.map(String).join(".") ?? "environment";
    if (!problems.has(name)) problems.set(name, issue.message);
  }
  throw new EnvError([...problems].map(([name, message]) => `${name}: ${message}`));
};
