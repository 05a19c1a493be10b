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

/**
 * Whether `logger` writes entries of `level`: a line it would drop need not be made at all. A
 * logger whose level this module does not know is taken to write it.
 */
export const writesLevel = (logger: Pick<FastifyBaseLogger, "level">, level: Exclude<LogLevel, "silent">): boolean =>
  !isLogLevel(logger.level) || levels[level] >= levels[logger.level];

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
 * One readable line per entry (`time LEVEL message {details}`). Fastify makes a child of the
 * server's logger for every request, whether it logs or not: its methods are the class's, shared,
 * so a child costs one object and its bindings (issue 39: six new functions a request before).
 */
class LineLogger {
  constructor(
    readonly level: LogLevel,
    private readonly write: LogWriter,
    private readonly bindings: Readonly<Record<string, unknown>>,
  ) {}

  private at(name: Exclude<LogLevel, "silent">, first: unknown, message: unknown): void {
    if (levels[name] < levels[this.level]) return;
    const text = typeof first === "string" ? first : typeof message === "string" ? message : "";
    const details = typeof first === "object" && first !== null ? { ...this.bindings, ...first } : this.bindings;
    const extra = Object.keys(details).length > 0 ? ` ${safeJson(details)}` : "";
    this.write(`${new Date().toISOString()} ${name.toUpperCase().padEnd(5)} ${text}${extra}\n`);
  }

  trace(first: unknown, message?: unknown): void {
    this.at("trace", first, message);
  }
  debug(first: unknown, message?: unknown): void {
    this.at("debug", first, message);
  }
  info(first: unknown, message?: unknown): void {
    this.at("info", first, message);
  }
  warn(first: unknown, message?: unknown): void {
    this.at("warn", first, message);
  }
  error(first: unknown, message?: unknown): void {
    this.at("error", first, message);
  }
  fatal(first: unknown, message?: unknown): void {
    this.at("fatal", first, message);
  }
  silent(): void {}

  child(childBindings: Readonly<Record<string, unknown>>, options?: { readonly level?: string }): LineLogger {
    const childLevel = options?.level;
    return new LineLogger(childLevel !== undefined && isLogLevel(childLevel) ? childLevel : this.level, this.write, { ...this.bindings, ...childBindings });
  }
}

/**
 * The server's logger: one readable line per entry, so that an operator reading the console finds
 * the first admin's temporary password at a glance. It has the shape Fastify expects of a logger.
 */
export const createLogger = (
  level: LogLevel,
  write: LogWriter = (line) => process.stdout.write(line),
  bindings: Readonly<Record<string, unknown>> = {},
): FastifyBaseLogger => new LineLogger(level, write, bindings);
