/**
 * Outgoing mail. With SMTP_URL set, nodemailer sends through that server; otherwise every
 * message is written as an `.eml` file into the outbox folder (MAIL_OUTBOX_DIR, default
 * `.data/outbox`), which is what development and the browser tests read.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (e-ticket PDF, calendar file); nodemailer's attachment shape. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** Extra header lines (the unsubscribe headers of non-transactional mail, preferences.ts). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  from: string;
  smtpUrl?: string | undefined;
  outboxDir: string;
}

/** Writes each message as `<time>-<random>.eml`: sortable by time, never overwriting another. */
export function outboxMailer(outboxDir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(join(outboxDir, name), info.message);
    },
  };
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : outboxMailer(options.outboxDir, options.from);
}
