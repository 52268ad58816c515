/**
 * The tickets side's subscribers (wired in src/server/events/subscribers.ts): a paid booking gets
 * its confirmation mail with the e-ticket, a cancelled one the cancellation mail. Each mail has
 * its own once-only claim on the booking row, so a repeated delivery sends nothing twice; a
 * delivery only counts as done when the mail is no longer owed — if it was not sent (the mail
 * server failed, or another sender's claim is still running) this throws and the dispatcher
 * tries again later with backoff.
 */
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bookings } from '../db/schema.ts';
import { sendCancellationMail } from './cancellationMail.ts';
import { PAID_STATUSES } from '../../domain/booking/lifecycle.ts';
import { deliverConfirmationMail } from './confirmationMail.ts';
import { sendBookingConfirmation } from './mail.ts';

async function stillOwed(db: Db, condition: ReturnType<typeof and>): Promise<boolean> {
  const rows = await db.select({ id: bookings.id }).from(bookings).where(condition).limit(1);
  return rows.length > 0;
}

export async function mailConfirmation(db: Db, bookingId: number): Promise<void> {
  if (await deliverConfirmationMail(db, bookingId, new Date(), (d, id) => sendBookingConfirmation(d, id))) return;
  const owed = and(eq(bookings.id, bookingId), inArray(bookings.status, [...PAID_STATUSES]), isNull(bookings.confirmationMailedAt));
  if (await stillOwed(db, owed)) throw new Error('confirmation mail still owed (send failed or another sender holds the claim)');
}

export async function mailCancellation(db: Db, bookingId: number): Promise<void> {
  if (await sendCancellationMail(db, bookingId)) return;
  const owed = and(
    eq(bookings.id, bookingId),
    inArray(bookings.status, ['cancelled', 'refunded']),
    isNotNull(bookings.cancelledAt),
    isNull(bookings.cancellationMailedAt),
    isNotNull(bookings.email),
  );
  if (await stillOwed(db, owed)) throw new Error('cancellation mail still owed (send failed)');
}
