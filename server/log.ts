import type { FastifyBaseLogger } from "fastify";
import type { LogLevel } from "./env.ts";

const levels: Readonly<Record<LogLevel, number>> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

const isLogLevel = (value: string): value is LogLevel => value in levels;

/** JSON that survives Fastify's request objects and errors: cycles dropped, errors as message and stack. */
const safeJson = (value: unknown): string => {
  const seen = new WeakSet<object>();
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Error) return { type: item.name, message: item.message, stack: item.stack };
    if (typeof item === "object" && item !== null) {
      if (seen.has(item)) return undefined;
      seen.add(item);
    }
    return typeof item === "function" ? undefined : item;
  });
};

export type LogWriter = (line: string) => void;

/**
 * The server's logger: one readable line per entry (`time LEVEL message {details}`), so that an
 * operator reading the console finds the first admin's temporary password at a glance. It has the
 * shape Fastify expects of a logger.
 */
export const createLogger = (
  level: LogLevel,
  write: LogWriter = (line) => process.stdout.write(line),
  bindings: Readonly<Record<string, unknown>> = {},
): FastifyBaseLogger => {
  const threshold = levels[level];
  const at =
    (name: Exclude<LogLevel, "silent">) =>
    (first: unknown, message?: unknown, ..._rest: unknown[]): void => {
      if (levels[name] < threshold) return;
      const text = typeof first === "string" ? first : typeof message === "string" ? message : "";
      const details = typeof first === "object" && first !== null ? { ...bindings, ...first } : bindings;
      const extra = Object.keys(details).length > 0 ? ` ${safeJson(details)}` : "";
      write(`${new Date().toISOString()} ${name.toUpperCase().padEnd(5)} ${text}${extra}\n`);
    };
  return {
    level,
    trace: at("trace"),
    debug: at("debug"),
    info: at("info"),
    warn: at("warn"),
    error: at("error"),
    fatal: at("fatal"),
    silent: () => undefined,
    child: (childBindings, options) => {
      const childLevel = options?.level;
      return createLogger(
        childLevel !== undefined && isLogLevel(childLevel) ? childLevel : level,
        write,
        { ...bindings, ...childBindings },
      );
    },
  };
};
