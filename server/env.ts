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
  /** Set behind a load balancer, so that login limits count the client's address, not the balancer's. */
  TRUST_PROXY: withDefault(Flag, "false"),
  /** Public lead form submissions allowed per client address in 10 minutes; a load test raises it. */
  LEAD_RATE_LIMIT: withDefault(PositiveInt, "5"),
  /** The hold policy (DOMAIN.md section 5): a hold's days, the days before departure when only the final hours apply, those hours, an agency's extensions. */
  HOLD_DAYS: withDefault(PositiveInt, "7"),
  CUTOFF_DAYS: withDefault(PositiveInt, "45"),
  FINAL_HOLD_HOURS: withDefault(PositiveInt, "48"),
  MAX_EXTENSIONS: withDefault(PositiveInt, "2"),
  /** How often each server looks for holds whose time limit passed and reminders due (seconds). */
  EXPIRY_INTERVAL_SECONDS: withDefault(PositiveInt, "30"),
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
