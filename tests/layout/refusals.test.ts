import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { AnyStateMachine, AnyStateNode } from "xstate";
import { type Message, messages } from "../../src/api/messages.ts";

/**
 * Issue 12, decision 017: every refusal the API answers for a rule is the `refuse` of a guard of a
 * domain machine. Besides those, the API answers only flow messages and the messages of transport
 * and access, listed here by name; a new message must be one or the other.
 */
const flowMessages: ReadonlyArray<Message> = [
  messages.created,
  messages.updated,
  messages.deleted,
  messages.passwordUpdated,
  messages.temporaryPasswordSent,
  messages.signedOut,
];

/** Answered before or around any machine: sessions, roles, missing records, throttles, input that does not decode. */
const transportMessages: ReadonlyArray<Message> = [
  messages.invalidSession,
  messages.forbidden,
  messages.notFound,
  messages.tooManyAttempts,
  messages.invalidInput,
  messages.stale,
  messages.notAllowedNow,
  messages.serverError,
  messages.fileTooLarge,
  messages.unsupportedFile,
  // a passenger sheet's reading limits and the one import a user runs at a time (decision 059)
  messages.importTooManyRows,
  messages.importTooManyColumns,
  messages.importTooLarge,
  messages.importOutOfMemory,
  messages.importRunning,
  // what is wrong with a file that is no passenger sheet (decision 075)
  messages.importNotSheet,
  messages.importEmpty,
  messages.importNoHeader,
  messages.importMissingColumns,
  messages.importNoRows,
];

const root = join(import.meta.dirname, "../..");

const filesUnder = (dir: string, suffix: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === "object" && value !== null && "root" in value && "getInitialSnapshot" in value;

const nodesOf = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(nodesOf)];

/** Each refusing transition of a machine: its guard's name and the message it answers. */
const refusalsOf = (machine: AnyStateMachine): Array<{ guard: string; message: string }> =>
  nodesOf(machine.root).flatMap((node) =>
    [...node.transitions.values()].flat().flatMap((transition) =>
      transition.actions.flatMap((action: unknown) => {
        if (typeof action !== "object" || action === null || !("type" in action) || action.type !== "refuse") return [];
        const params: unknown = "params" in action ? action.params : undefined;
        const message = typeof params === "object" && params !== null && "message" in params ? String(params.message) : "";
        const guard: unknown = transition.guard;
        const name = typeof guard === "string" ? guard : typeof guard === "object" && guard !== null && "type" in guard ? String(guard.type) : "";
        return [{ guard: name, message }];
      }),
    ),
  );

const domainMachines = async (): Promise<AnyStateMachine[]> => {
  const modules = await Promise.all(
    filesUnder("src/machines/domain", ".machine.ts").map((file) => import(join(root, file))),
  );
  return modules.flatMap((module: Record<string, unknown>) => Object.values(module).filter(isMachine));
};

describe("refusal messages", () => {
  it("every rule message the API can answer is refused by a named guard of a domain machine", async () => {
    const refusals = (await domainMachines()).flatMap(refusalsOf);
    expect(refusals.filter((refusal) => refusal.guard === "")).toEqual([]);
    const refused = new Set(refusals.map((refusal) => refusal.message));
    const ruleMessages = Object.values(messages).filter(
      (message) => !flowMessages.includes(message) && !transportMessages.includes(message),
    );
    expect(ruleMessages.filter((message) => !refused.has(message))).toEqual([]);
  });

  /**
   * The one rule message answered outside a machine: the contract's decoder says
   * 'required_information' for a field the request left out entirely, before any record is loaded.
   */
  const contractDecoder = "server/http/register.ts: messages.requiredInformation";

  it("server code never answers a rule message itself", () => {
    const ruleKeys = Object.entries(messages)
      .filter(([, message]) => !flowMessages.includes(message) && !transportMessages.includes(message))
      .map(([key]) => key);
    const offenders = filesUnder("server", ".ts").flatMap((file) => {
      const source = readFileSync(join(root, file), "utf8");
      return ruleKeys.filter((key) => new RegExp(`messages\\.${key}\\b`).test(source)).map((key) => `${file}: messages.${key}`);
    });
    expect(offenders.filter((offender) => offender !== contractDecoder)).toEqual([]);
  });
});
