/**
 * The trip reminder (issue 24): the day before the first departure of a paid booking, a mail
 * with the legs, the times in each station's zone and the signed ticket link. It is the first
 * non-transactional mail, so it goes through the mail preferences (src/server/mail/preferences.ts):
 * an address that declined reminders gets none, and every reminder carries the unsubscribe link
 * and the one-click headers.
 *
 * Once per booking across processes: a `trip_reminder_mails` row is inserted (the claim) before
 * the mail is sent; a failed send deletes it again, so the next run retries.
 */
import { and, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { PAID_STATUSES } from '../../domain/booking/lifecycle.ts';
import { localeBySegment, resolveSegment } from '../../i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../i18n/messages.ts';
import { createTranslator } from '../../i18n/translate.ts';
import { siteOrigin } from '../config.ts';
import type { Db } from '../db/client.ts';
import { bookings, cartItems, cartLegs, tripReminderMails } from '../db/schema.ts';
import { getMailer } from '../mail/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendPreferenceMail } from '../mail/preferences.ts';
import { getSearchIndex } from '../search/cache.ts';
import { presentTicket, readTicketRows } from './data.ts';
import { ticketLinks } from './links.ts';
import { tripLegsText } from './mail.ts';

/** How long before the first departure the reminder goes out ("the day before"). */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

/** Paid bookings with an address whose first departure lies within the next day and that had no reminder yet. */
export async function dueTripReminders(db: Db, now: Date, limit: number): Promise<number[]> {
  const until = new Date(now.getTime() + REMINDER_LEAD_MS);
  // Only legs up to `until` are looked at (not the whole history): the earliest of them is the
  // booking's first departure whenever that falls before `until`.
  const first = db
    .select({ cartId: cartItems.cartId, departureAt: sql<Date>`min(${cartLegs.departureAt})`.as('first_departure_at') })
    .from(cartLegs)
    .innerJoin(cartItems, eq(cartItems.id, cartLegs.cartItemId))
    .where(lte(cartLegs.departureAt, until))
    .groupBy(cartItems.cartId)
    .as('first_leg');
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(first, eq(first.cartId, bookings.cartId))
    .leftJoin(tripReminderMails, eq(tripReminderMails.bookingId, bookings.id))
    .where(
      and(
        inArray(bookings.status, [...PAID_STATUSES]),
        isNotNull(bookings.email),
        isNull(tripReminderMails.bookingId),
        gt(first.departureAt, now),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Claims the booking's reminder; false when another run has it already. */
async function claim(db: Db, bookingId: number, now: Date): Promise<boolean> {
  const claimed = await db
    .insert(tripReminderMails)
    .values({ bookingId, claimedAt: now })
    .onConflictDoNothing()
    .returning({ bookingId: tripReminderMails.bookingId });
  return claimed.length > 0;
}

/** Sends one booking's reminder (or records that its address declined reminders). */
export async function sendTripReminder(db: Db, bookingId: number, mailer: Mailer, now: Date): Promise<'sent' | 'opted_out' | 'skipped'> {
  const rows = await readTicketRows(db, bookingId);
  const email = rows?.booking.email;
  if (!rows || !email) return 'skipped';
  const lang = localeBySegment(resolveSegment(rows.booking.lang));
  const t = createTranslator(lang.code, messagesFor(lang.code), ENGLISH);
  const ticket = presentTicket(rows, await getSearchIndex(db, now.getTime()), lang.code, t);
  const link = `${siteOrigin()}${ticketLinks(lang.segment, bookingId, now.getTime()).page}`;
  return sendPreferenceMail(db, mailer, {
    type: 'reminder',
    lang: lang.segment,
    to: email,
    subject: t('mailReminder.subject', { reference: ticket.reference }),
    text: [t('mailReminder.body', { reference: ticket.reference }), tripLegsText(ticket, lang), t('mail.bookingLink', { url: link })].join(
      '\n\n',
    ),
  });
}

/**
 * The `trip-reminder` job: every due reminder, each claimed first. Returns how many were handled;
 * a failed send gives its claim back and the first failure is thrown after the others were tried
 * (the scheduler records it).
 */
export async function sendDueTripReminders(db: Db, now: Date, mailer: Mailer = getMailer(), limit = 50): Promise<number> {
  let handled = 0;
  let failure: Error | undefined;
  for (const bookingId of await dueTripReminders(db, now, limit)) {
    if (!(await claim(db, bookingId, now))) continue;
    try {
      const outcome = await sendTripReminder(db, bookingId, mailer, now);
      await db.update(tripReminderMails).set({ outcome }).where(eq(tripReminderMails.bookingId, bookingId));
      handled += 1;
    } catch (error) {
      await db.delete(tripReminderMails).where(eq(tripReminderMails.bookingId, bookingId));
      failure ??= error instanceof Error ? error : new Error('trip reminder failed', { cause: error });
    }
  }
  if (failure) throw failure;
  return handled;
}
