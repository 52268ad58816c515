/**
 * The mail that confirms a cancellation and its refund, in the traveller's language. It goes out
 * once per booking however often "Cancel the booking" is repeated, concurrently or not: the
 * sender first claims the booking with a conditional update (`cancellation_mailed_at` from null
 * to now, only on a cancelled or refunded booking), and only the one claim that changed the row
 * sends. When sending fails the claim is given back: the next cancel request, or the
 * `events` job's retry of the `booking.cancelled` delivery, tries again.
 */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { formatMoneyValue } from '../../domain/checkout/format.ts';
import { toMoney } from '../../domain/search/money.ts';
import { legTimes } from '../../domain/tickets/stationTime.ts';
import { localeBySegment, resolveSegment } from '../../i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../i18n/messages.ts';
import { createTranslator } from '../../i18n/translate.ts';
import { checkoutLogger } from '../booking/log.ts';
import type { Db } from '../db/client.ts';
import { bookings, domainEvents } from '../db/schema.ts';
import { getMailer } from '../mail/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { getSearchIndex } from '../search/cache.ts';
import { presentTicket, readTicketRows } from './data.ts';

/** Sends the cancellation mail if nobody has yet; true when this call sent it. */
export async function sendCancellationMail(db: Db, bookingId: number, mailer: Mailer = getMailer(), nowMs = Date.now()): Promise<boolean> {
  const claimed = await db
    .update(bookings)
    .set({ cancellationMailedAt: new Date(nowMs) })
    .where(and(eq(bookings.id, bookingId), inArray(bookings.status, ['cancelled', 'refunded']), isNull(bookings.cancellationMailedAt)))
    .returning({ id: bookings.id });
  if (claimed.length === 0) return false;
  try {
    const rows = await readTicketRows(db, bookingId);
    // A booking without an address has nobody to write to: the claim stands, nothing is owed.
    if (!rows?.booking.email) return false;
    const index = await getSearchIndex(db, nowMs);
    const locale = localeBySegment(resolveSegment(rows.booking.lang));
    const t = createTranslator(locale.code, messagesFor(locale.code), ENGLISH);
    const ticket = presentTicket(rows, index, locale.code, t);
    const refund = rows.booking.refundMinor ?? 0;
    const amount = formatMoneyValue(toMoney(refund, rows.booking.currency, index.fx), locale.code);
    const legs = ticket.legs.map((l) => {
      const times = legTimes(l, locale.code);
      return `${times.departure} ${l.from.name} → ${times.arrival} ${l.to.name} (${l.operator?.name ?? ''})`;
    });
    await mailer.send({
      to: rows.booking.email,
      subject: t('mail.cancelSubject', { reference: ticket.reference }),
      text: [
        t('mail.bookingGreeting'),
        t('mail.cancelBody', { reference: ticket.reference }),
        legs.join('\n'),
        refund > 0 ? t('ticket.refundWhen', { amount }) : t('ticket.refundNothing'),
      ].join('\n\n'),
    });
    return true;
  } catch (error) {
    await db.update(bookings).set({ cancellationMailedAt: null }).where(eq(bookings.id, bookingId));
    checkoutLogger().error({ booking: bookingId, err: error instanceof Error ? error.message : String(error) }, 'cancellation mail failed');
    return false;
  }
}

/** The background sender: cancelled bookings whose mail is still owed (a send failed); how many went out. */
export async function deliverOwedCancellationMails(
  db: Db,
  mailer: Mailer = getMailer(),
  nowMs = Date.now(),
  limit = 20,
  /** Only bookings with no `booking.cancelled` event (cancelled before the outbox): the rest are the events job's. */
  options: { withoutEvent?: boolean } = {},
): Promise<number> {
  const due = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        inArray(bookings.status, ['cancelled', 'refunded']),
        isNotNull(bookings.cancelledAt),
        isNull(bookings.cancellationMailedAt),
        isNotNull(bookings.email),
        options.withoutEvent
          ? sql`not exists (select 1 from ${domainEvents} e where e.booking_id = ${bookings.id} and e.kind = 'booking.cancelled')`
          : undefined,
      ),
    )
    .orderBy(asc(bookings.id))
    .limit(limit);
  let sent = 0;
  for (const { id } of due) if (await sendCancellationMail(db, id, mailer, nowMs)) sent++;
  return sent;
}
