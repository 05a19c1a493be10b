import { describe, expect, it } from "vitest";
import { decodeEnv, EnvError } from "../../server/env.ts";

const problemsOf = (source: Record<string, string>): ReadonlyArray<string> => {
  try {
    decodeEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error("the environment was accepted");
};

describe("decodeEnv", () => {
  it("gives every default on an empty environment", () => {
    expect(decodeEnv({})).toEqual({
      PORT: 3000,
      HOST: "127.0.0.1",
      DATA_DIR: "./data",
      MAIL_FROM: "Back office <no-reply@localhost>",
      SESSION_HOURS: 12,
      TEMP_PASSWORD_HOURS: 24,
      SEED_DEMO: true,
      DEMO_PASSWORD: "Demo1234",
      MAX_UPLOAD_MB: 10,
      LOG_LEVEL: "info",
      TRUST_PROXY: false,
      LEAD_RATE_LIMIT: 5,
      LANDING_SOURCES: false,
      HOLD_DAYS: 7,
      CUTOFF_DAYS: 45,
      FINAL_HOLD_HOURS: 48,
      MAX_EXTENSIONS: 2,
      EXPIRY_INTERVAL_SECONDS: 30,
      STATEMENT_TIMING: false,
    });
  });

  it("reads every variable and treats empty ones as unset", () => {
    const env = decodeEnv({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATABASE_URL: "postgres://app@db:5432/app",
      SMTP_URL: "smtps://user:pass@mail.example.com",
      ADMIN_EMAIL: "boss@example.com",
      ADMIN_PASSWORD: "Boss1234",
      SEED_DEMO: "false",
      SESSION_HOURS: "8",
      LOG_LEVEL: "warn",
      DATA_DIR: "",
      UNRELATED: "ignored",
    });
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: "0.0.0.0",
      DATABASE_URL: "postgres://app@db:5432/app",
      SMTP_URL: "smtps://user:pass@mail.example.com",
      ADMIN_EMAIL: "boss@example.com",
      ADMIN_PASSWORD: "Boss1234",
      SEED_DEMO: false,
      SESSION_HOURS: 8,
      LOG_LEVEL: "warn",
      DATA_DIR: "./data",
    });
    expect(env).not.toHaveProperty("UNRELATED");
  });

  it("lists every bad variable at once, one line each, without echoing secrets", () => {
    const problems = problemsOf({
      PORT: "eighty",
      DATABASE_URL: "mysql://db/app",
      SMTP_URL: "not a url",
      ADMIN_EMAIL: "boss",
      ADMIN_PASSWORD: "weakpassword",
      SESSION_HOURS: "0",
      TEMP_PASSWORD_HOURS: "-2",
      SEED_DEMO: "maybe",
      DEMO_PASSWORD: "demo",
      MAX_UPLOAD_MB: "lots",
      LOG_LEVEL: "loud",
      TRUST_PROXY: "perhaps",
    });
    expect(problems.map((problem) => problem.split(":")[0])).toEqual([
      "PORT",
      "DATABASE_URL",
      "SMTP_URL",
      "ADMIN_EMAIL",
      "ADMIN_PASSWORD",
      "SESSION_HOURS",
      "TEMP_PASSWORD_HOURS",
      "SEED_DEMO",
      "DEMO_PASSWORD",
      "MAX_UPLOAD_MB",
      "LOG_LEVEL",
      "TRUST_PROXY",
    ]);
    expect(problems.join("\n")).not.toContain("weakpassword");
  });

  it("takes the proxies in front as addresses, CIDR ranges or named ranges (decision 058)", () => {
    expect(decodeEnv({ TRUST_PROXY: "127.0.0.1" }).TRUST_PROXY).toEqual(["127.0.0.1"]);
    expect(decodeEnv({ TRUST_PROXY: " 10.0.0.0/8, ::1,fd00::/8 , loopback" }).TRUST_PROXY).toEqual(["10.0.0.0/8", "::1", "fd00::/8", "loopback"]);
    expect(decodeEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
  });

  it.each([
    ["true", /leftmost X-Forwarded-For entry, which the client writes: name the proxy's address instead \(TRUST_PROXY=127\.0\.0\.1/],
    ["1", /hop count .* name the proxy's address instead/],
    ["2", /hop count/],
    ["nginx", /"nginx" is none/],
    ["10.0.0.0/33", /"10\.0\.0\.0\/33" is none/],
    ["127.0.0.1,", /"" is none/],
  ])("refuses TRUST_PROXY=%s at start, saying to name the proxy", (value, message) => {
    const [problem] = problemsOf({ TRUST_PROXY: value });
    expect(problem).toMatch(/^TRUST_PROXY: /);
    expect(problem).toMatch(message);
  });

  it("says so in the error message", () => {
    expect(() => decodeEnv({ PORT: "70000" })).toThrow(/Invalid environment:\n {2}- PORT: /);
  });
});
