/**
 * Mail preferences (issue 24): which non-transactional mails an address has declined.
 *
 * Every non-transactional mail goes out through `sendPreferenceMail`, which
 *  - sends nothing when the address opted out of that mail type,
 *  - appends the signed unsubscribe link (the page /{lang}/email/unsubscribe) to the text, and
 *  - sets `List-Unsubscribe` (the API's unsubscribe URL) with `List-Unsubscribe-Post:
 *    List-Unsubscribe=One-Click`, so mail clients offer a one-click unsubscribe (RFC 8058) that
 *    POSTs to that URL without the traveller opening the site.
 * Adding a mail type is one entry in `PREFERENCE_MAIL_TYPES` (and its label in the translations);
 * sending one is one call. Transactional mail (tickets, cancellations, refunds, sign-in links)
 * never comes through here, so an opt-out can never block it.
 *
 * The link is signed per (type, address): an HMAC with MAIL_LINK_SECRET, so nobody can
 * unsubscribe an address they did not receive the mail at, and the link needs no expiry (a mail
 * read a year later must still unsubscribe).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { mailOptOuts } from '../db/schema.ts';
import { localeBySegment, resolveSegment } from '../../i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../i18n/messages.ts';
import { createTranslator } from '../../i18n/translate.ts';
import { siteOrigin } from '../config.ts';
import { parseMailLinkEnv } from './config.ts';
import type { MailMessage, Mailer } from './mailer.ts';

/** The mail types a traveller may decline. Tickets, refunds and account mails are not among them. */
export const PREFERENCE_MAIL_TYPES = ['reminder', 'survey', 'news'] as const;
export type PreferenceMailType = (typeof PREFERENCE_MAIL_TYPES)[number];
export const preferenceMailType = z.enum(PREFERENCE_MAIL_TYPES);

export type OptOutVia = 'link' | 'one_click';

/** Addresses compare without case: the opt-out of `Ann@Mail.com` covers `ann@mail.com`. */
export function normaliseAddress(email: string): string {
  return email.trim().toLowerCase();
}

export function unsubscribeHash(type: PreferenceMailType, email: string): string {
  return createHmac('sha256', parseMailLinkEnv().MAIL_LINK_SECRET)
    .update(`unsubscribe:${type}:${normaliseAddress(email)}`)
    .digest('base64url')
    .slice(0, 32);
}

export function verifyUnsubscribeHash(type: PreferenceMailType, email: string, hash: string): boolean {
  const expected = Buffer.from(unsubscribeHash(type, email));
  const given = Buffer.from(hash);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The link's query (SPEC §2: type, email, hash), as both the page and the API read it. */
export const unsubscribeQuery = z.object({
  type: preferenceMailType,
  email: z.string().trim().min(3).max(254).includes('@'),
  hash: z.string().min(16).max(64),
});

/** Absolute URLs: `page` for the link in the text, `oneClick` for List-Unsubscribe (GET and the RFC 8058 POST). */
export function unsubscribeLinks(lang: string, type: PreferenceMailType, email: string, origin = siteOrigin()) {
  const query = new URLSearchParams({ type, email: normaliseAddress(email), hash: unsubscribeHash(type, email) }).toString();
  return {
    page: `${origin}/${lang}/email/unsubscribe?${query}`,
    oneClick: `${origin}/api/nuxt/${lang}/unsubscribe?${query}`,
  };
}

/** Records the opt-out (again is fine: the first time is kept). */
/**
 * A signed unsubscribe link followed (the page and the API's GET and one-click POST): the opt-out
 * recorded when the hash matches; false, with nothing written, when it does not.
 */
export async function optOutByLink(db: Db, link: z.infer<typeof unsubscribeQuery>, via: OptOutVia, now: Date): Promise<boolean> {
  if (!verifyUnsubscribeHash(link.type, link.email, link.hash)) return false;
  await recordOptOut(db, link.type, link.email, via, now);
  return true;
}

export async function recordOptOut(db: Db, type: PreferenceMailType, email: string, via: OptOutVia, now: Date): Promise<void> {
  await db
    .insert(mailOptOuts)
    .values({ email: normaliseAddress(email), mailType: type, via, optedOutAt: now })
    .onConflictDoNothing();
}

export async function hasOptedOut(db: Pick<Db, 'select'>, type: PreferenceMailType, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: mailOptOuts.email })
    .from(mailOptOuts)
    .where(and(eq(mailOptOuts.email, normaliseAddress(email)), eq(mailOptOuts.mailType, type)))
    .limit(1);
  return row !== undefined;
}

export interface PreferenceMail extends MailMessage {
  type: PreferenceMailType;
  /** The URL segment of the traveller's language: the footer's language and the unsubscribe page's. */
  lang: string;
}

/** The message as sent: the footer with the link appended, the RFC 2369 / RFC 8058 headers set. */
export function withUnsubscribe(mail: PreferenceMail, origin = siteOrigin()): MailMessage {
  const { type, lang, ...message } = mail;
  const locale = localeBySegment(resolveSegment(lang));
  const t = createTranslator(locale.code, messagesFor(locale.code), ENGLISH);
  const links = unsubscribeLinks(locale.segment, type, message.to, origin);
  return {
    ...message,
    // "-- " is the signature separator mail clients know; the link is the last thing in the mail.
    text: `${message.text}\n\n-- \n${t('mailPrefs.footer', { url: links.page })}`,
    headers: {
      ...message.headers,
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * Sends a non-transactional mail unless its address declined the type: `opted_out` then, and
 * nothing is sent. The one call every reminder, survey or newsletter makes.
 */
export async function sendPreferenceMail(db: Db, mailer: Mailer, mail: PreferenceMail): Promise<'sent' | 'opted_out'> {
  if (await hasOptedOut(db, mail.type, mail.to)) return 'opted_out';
  await mailer.send(withUnsubscribe(mail));
  return 'sent';
}
