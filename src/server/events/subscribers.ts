/**
 * Every subscriber's handler, in one place: which module does what when a booking event is
 * delivered. Payment and tickets never import each other — they meet here, through events.
 */
import { creditCommission, reverseCommission } from '../partners/resellerCommission.ts';
import { refundThroughPaygate } from '../payment/refunds.ts';
import { mailCancellation, mailConfirmation } from '../tickets/onEvents.ts';
import type { EventHandlers } from './dispatch.ts';
import { eventsLogger } from './log.ts';

export const SUBSCRIBERS: EventHandlers = {
  'mail.confirmation': async (db, event) => {
    // A re-issued ticket clears the booking's "mailed" mark in the same transaction, so the
    // same once-only sender mails the new ticket.
    if (event.kind === 'booking.paid' || event.kind === 'ticket.reissued') await mailConfirmation(db, event.bookingId);
  },
  'mail.cancellation': async (db, event) => {
    if (event.kind === 'booking.cancelled') await mailCancellation(db, event.bookingId);
  },
  'payment.refund': async (db, event) => {
    if (event.kind === 'payment.refund_due' || event.kind === 'booking.refunded') await refundThroughPaygate(db, event.payload, event.id);
    if (event.kind === 'booking.cancelled') for (const refund of event.payload.refunds) await refundThroughPaygate(db, refund, event.id);
  },
  // A reseller's balance follows the bookings they made: credited when paid, taken back when cancelled.
  'reseller.commission': async (db, event) => {
    if (event.kind === 'booking.paid')
      await creditCommission(db, {
        id: event.id,
        bookingId: event.bookingId,
        paidMinor: event.payload.amountMinor,
        currency: event.payload.currency,
      });
    if (event.kind === 'booking.cancelled')
      await reverseCommission(db, { id: event.id, bookingId: event.bookingId, refundMinor: event.payload.refundMinor });
  },
  // One structured line per event until the analytics store exists (issue 25 builds it on these events).
  analytics: (_db, event) => {
    eventsLogger().info(
      { analytics: event.kind, event: event.id, booking: event.bookingId, at: event.createdAt.toISOString(), ...event.payload },
      'domain event',
    );
    return Promise.resolve();
  },
};
