import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { Queryable } from "../db/database.ts";
import { execute } from "../db/rows.ts";

/** A file sent with a mail (a voucher's PDF). */
export interface MailAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Uint8Array;
}

export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly attachments?: ReadonlyArray<MailAttachment>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Sends through the SMTP server of `url` (smtp:// or smtps://, credentials in the URL). */
export const smtpMailer = (url: string, from: string): Mailer => {
  // nodemailer is loaded with the first mail: most hours of a server send none
  let transport: Promise<Transporter> | undefined;
  return {
    send: async (mail) => {
      transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(url));
      await (await transport).sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        attachments: (mail.attachments ?? []).map(({ filename, contentType, content }) => ({ filename, contentType, content: Buffer.from(content) })),
      });
    },
  };
};

/**
 * Without a mail server every mail is kept in the `outbox` table and written to the log, so that a
 * first-time operator can read a temporary password without any mail set-up.
 */
export const outboxMailer = (db: Queryable, log: FastifyBaseLogger): Mailer => ({
  send: async (mail) => {
    const attachments = (mail.attachments ?? []).map(({ filename, contentType, content }) => ({ filename, contentType, base64: Buffer.from(content).toString("base64") }));
    await execute(db, 'insert into outbox ("to", subject, text, attachments) values ($1, $2, $3, $4::jsonb)', [mail.to, mail.subject, mail.text, JSON.stringify(attachments)]);
    log.info(`Mail kept in the outbox (no SMTP_URL) for ${mail.to}: ${mail.subject}\n${mail.text}`);
  },
});

export const createMailer = (
  settings: { readonly SMTP_URL?: string; readonly MAIL_FROM: string },
  db: Queryable,
  log: FastifyBaseLogger,
): Mailer => (settings.SMTP_URL ? smtpMailer(settings.SMTP_URL, settings.MAIL_FROM) : outboxMailer(db, log));
