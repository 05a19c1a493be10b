import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Queryable } from "../db/database.ts";
import { execute } from "../db/rows.ts";

export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Sends through the SMTP server of `url` (smtp:// or smtps://, credentials in the URL). */
export const smtpMailer = (url: string, from: string): Mailer => {
  const transport = nodemailer.createTransport(url);
  return {
    send: async (mail) => {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
};

/**
 * Without a mail server every mail is kept in the `outbox` table and written to the log, so that a
 * first-time operator can read a temporary password without any mail set-up.
 */
export const outboxMailer = (db: Queryable, log: FastifyBaseLogger): Mailer => ({
  send: async (mail) => {
    await execute(db, 'insert into outbox ("to", subject, text) values ($1, $2, $3)', [mail.to, mail.subject, mail.text]);
    log.info(`Mail kept in the outbox (no SMTP_URL) for ${mail.to}: ${mail.subject}\n${mail.text}`);
  },
});

export const createMailer = (
  settings: { readonly SMTP_URL?: string; readonly MAIL_FROM: string },
  db: Queryable,
  log: FastifyBaseLogger,
): Mailer => (settings.SMTP_URL ? smtpMailer(settings.SMTP_URL, settings.MAIL_FROM) : outboxMailer(db, log));
