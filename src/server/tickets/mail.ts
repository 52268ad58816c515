/**
 * The confirmation mail, in the traveller's language, with the e-ticket PDF and the calendar
 * file attached and a signed link to the ticket page. Sent once per paid booking (the payment
 * path calls it only on the transition to paid).
 */
import type { Db } from '../db/client.ts';
import { localeBySegment, resolveSegment } from '../../i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../i18n/messages.ts';
import { createTranslator } from '../../i18n/translate.ts';
import { parseServerEnv } from '../config.ts';
import { getMailer } from '../mail/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { getSearchIndex } from '../search/cache.ts';
import { loadTicketData } from './data.ts';
import { ticketIcs } from './ics.ts';
import { ticketLinks } from './links.ts';
import { ticketPdf } from './pdf.ts';

export async function sendBookingConfirmation(
  db: Db,
  bookingId: number,
  mailer: Mailer = getMailer(),
  nowMs = Date.now(),
): Promise<boolean> {
  const index = await getSearchIndex(db, nowMs);
  const english = createTranslator('en', ENGLISH, ENGLISH);
  const first = await loadTicketData(db, index, bookingId, 'en', english);
  if (!first?.email) return false;
  const locale = localeBySegment(resolveSegment(first.lang));
  const t = createTranslator(locale.code, messagesFor(locale.code), ENGLISH);
  const local = await loadTicketData(db, index, bookingId, locale.code, t);
  if (!local) return false;
  const links = ticketLinks(locale.segment, bookingId, nowMs);
  const site = parseServerEnv().SITE_URL.replace(/\/$/, '');
  const legsText = local.legs
    .map((l) => `${l.dep_time} ${l.from.name} → ${l.arr_time} ${l.to.name} (${l.operator?.name ?? ''}, ${l.class_name})`)
    .join('\n');
  await mailer.send({
    to: first.email,
    subject: t('mail.bookingSubject', { reference: local.reference }),
    text: [
      t('mail.bookingGreeting'),
      t(local.status === 'confirmed' ? 'mail.bookingConfirmed' : 'mail.bookingPending', { reference: local.reference }),
      legsText,
      `${t('ticket.passengers')}: ${local.passengers.join(', ')}`,
      // The signed link opens the ticket page (downloads, cancellation) without an account.
      t('mail.bookingLink', { url: `${site}${links.page}` }),
    ].join('\n\n'),
    attachments: [
      { filename: `ticket-${local.reference}.pdf`, content: Buffer.from(await ticketPdf(first, english)), contentType: 'application/pdf' },
      {
        filename: `trip-${local.reference}.ics`,
        content: Buffer.from(ticketIcs(local, t, new Date(nowMs))),
        contentType: 'text/calendar; charset=utf-8',
      },
    ],
  });
  return true;
}
