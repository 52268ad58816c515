/**
 * The confirmation mail, in the traveller's language, with the e-ticket PDF and the calendar
 * file attached and a signed link to the ticket page. Sent once per paid booking (the payment
 * path calls it only on the transition to paid).
 */
import type { Db } from '../db/client.ts';
import { isolateIn, routeArrow } from '../../domain/bidi.ts';
import { localeBySegment, resolveSegment } from '../../i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../i18n/messages.ts';
import { createTranslator } from '../../i18n/translate.ts';
import { legTimes } from '../../domain/tickets/stationTime.ts';
import { siteOriginFor } from '../partners/registry.ts';
import { getMailer } from '../mail/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { getSearchIndex } from '../search/cache.ts';
import { presentTicket, readTicketRows, type TicketData } from './data.ts';
import { ticketIcs } from './ics.ts';
import { ticketLinks } from './links.ts';
import { renderTicketPdf } from './ticketRenderer.ts';

/**
 * The legs as mail text, one line each. Plain text has no <bdi>: in a right-to-left language
 * every name and time is wrapped in Unicode isolates so it keeps its order, and the arrow points
 * the reading way. Each time in its station's zone, zone named, as on the ticket page, PDF and
 * calendar file. Shared by the confirmation and the trip reminder (tripReminder.ts).
 */
export function tripLegsText(ticket: TicketData, locale: { code: string; dir: 'ltr' | 'rtl' }): string {
  const run = (text: string) => isolateIn(locale.dir, text);
  return ticket.legs
    .map((l) => {
      const times = legTimes(l, locale.code);
      return `${run(times.departure)} ${run(l.from.name)} ${routeArrow(locale.dir)} ${run(times.arrival)} ${run(l.to.name)} (${run(l.operator?.name ?? '')}, ${run(l.class_name)})`;
    })
    .join('\n');
}

export async function sendBookingConfirmation(
  db: Db,
  bookingId: number,
  mailer: Mailer = getMailer(),
  nowMs = Date.now(),
): Promise<boolean> {
  const index = await getSearchIndex(db, nowMs);
  const english = createTranslator('en', ENGLISH, ENGLISH);
  const rows = await readTicketRows(db, bookingId);
  if (!rows?.booking.email) return false;
  // The PDF is printed in English (its fonts cover Latin script); the mail's text in the traveller's language.
  const first = presentTicket(rows, index, 'en', english);
  const locale = localeBySegment(resolveSegment(first.lang));
  const t = createTranslator(locale.code, messagesFor(locale.code), ENGLISH);
  const local = locale.code === 'en' ? first : presentTicket(rows, index, locale.code, t);
  const links = ticketLinks(locale.segment, bookingId, nowMs);
  // Back to the host the booking was made on (a partner's, or the main site).
  const site = await siteOriginFor(rows.booking.partnerId);
  const run = (text: string) => isolateIn(locale.dir, text);
  const { reference } = local;
  const legsText = tripLegsText(local, locale);
  // The other products (a rail pass voucher): title, validity and what to do with it.
  const productsText = local.products
    .map((item) =>
      [
        run(item.title),
        `${t('ticket.validFrom')}: ${run(item.validFrom)}${item.validUntil ? ` · ${t('ticket.validUntil')}: ${run(item.validUntil)}` : ''}`,
        ...item.details,
      ].join('\n'),
    )
    .join('\n\n');
  await mailer.send({
    to: rows.booking.email,
    subject: t('mail.bookingSubject', { reference }),
    text: [
      t('mail.bookingGreeting'),
      t(local.status === 'confirmed' ? 'mail.bookingConfirmed' : 'mail.bookingPending', { reference }),
      ...[legsText, productsText].filter((part) => part !== ''),
      `${t('ticket.passengers')}: ${local.passengers.map(run).join(', ')}`,
      // The signed link opens the ticket page (downloads, cancellation) without an account.
      t('mail.bookingLink', { url: `${site}${links.page}` }),
    ].join('\n\n'),
    attachments: [
      { filename: `ticket-${local.reference}.pdf`, content: Buffer.from(await renderTicketPdf(first)), contentType: 'application/pdf' },
      {
        filename: `trip-${local.reference}.ics`,
        content: Buffer.from(ticketIcs(local, t, new Date(nowMs), locale.code)),
        contentType: 'text/calendar; charset=utf-8',
      },
    ],
  });
  return true;
}
