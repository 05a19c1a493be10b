import type { FastifyBaseLogger } from "fastify";
import type { HoldPolicy } from "../../src/machines/domain/timeLimit.ts";
import type { Database } from "../db/database.ts";
import type { Mailer } from "../mail/mailer.ts";
import { balanceReminderMail, timeLimitReminderMail } from "../mail/templates.ts";
import { remindBalancesDue } from "../money/reminders.ts";
import { repeatEvery } from "../repeat.ts";
import { expireDue } from "./expiry.ts";
import { remindDue } from "./reminders.ts";

export interface DueWork {
  readonly expired: number;
  readonly reminded: number;
  /** Balance reminders marked sent (decision 067), each mailed to the executive and the agency. */
  readonly balanceReminded: number;
}

/**
 * One round of the time limits' work: the holds whose time limit passed are canceled (and their
 * waiting lists promoted), then the day-before reminders are marked and mailed, then the balance
 * reminders (server/money/reminders.ts). Safe to run on several servers at once (expiry.ts,
 * reminders.ts and server/money/reminders.ts say why); a reminder's mail is sent after its
 * transaction commits, so a failed mail is logged, not retried.
 */
export const runDueWork = async (deps: {
  readonly db: Database;
  readonly mailer: Mailer;
  readonly policy: HoldPolicy;
  readonly now: Date;
  readonly log: FastifyBaseLogger;
}): Promise<DueWork> => {
  const expired = await expireDue(deps.db, { now: deps.now, policy: deps.policy });
  const reminders = await remindDue(deps.db, deps.now);
  for (const reminder of reminders) {
    try {
      await deps.mailer.send(timeLimitReminderMail(reminder));
    } catch (error) {
      deps.log.error({ err: error, reservation: reminder.code }, "time limit reminder not sent");
    }
  }
  const notices = await remindBalancesDue(deps.db, deps.now);
  for (const notice of notices) {
    for (const to of notice.to) {
      try {
        await deps.mailer.send(balanceReminderMail({ ...notice, to }));
      } catch (error) {
        deps.log.error({ err: error, reservation: notice.code }, "balance reminder not sent");
      }
    }
  }
  return { expired, reminded: reminders.length, balanceReminded: notices.length };
};

/**
 * Runs the time limits' work after `firstAfterMs` and every `intervalSeconds` until stopped: a
 * restarted server expires what passed while it was down in its first round. Answers the stop function.
 */
export const startDueWork = (
  deps: Omit<Parameters<typeof runDueWork>[0], "now"> & { readonly intervalSeconds: number; readonly firstAfterMs?: number },
): (() => Promise<void>) =>
  repeatEvery(deps.intervalSeconds * 1000, () =>
    runDueWork({ ...deps, now: new Date() })
      .then(({ expired, reminded, balanceReminded }) => {
        if (expired + reminded + balanceReminded > 0) {
          deps.log.info(`Time limits: ${expired} holds expired, ${reminded} reminders sent; ${balanceReminded} balance reminders sent`);
        }
      })
      .catch((error: unknown) => deps.log.error({ err: error }, "time limits' work failed")),
    deps.firstAfterMs,
  );
