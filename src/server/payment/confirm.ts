/**
 * Applying a payment result exactly once. Every gateway event goes through `applyPaymentEvent`:
 * the booking and its payments are locked (the one lock order, src/server/booking/lifecycle/locks.ts),
 * the event id is recorded (a redelivery finds it and changes nothing), the amount must match, and
 * the lifecycle's `pay` transition turns the booking's seats from held into sold under the
 * inventory row locks. A hold that lapsed before the money arrived is re-checked: the seats are
 * sold if still free, otherwise the payment is refunded. A booking paid twice (two tabs) keeps
 * the first payment and refunds the second.
 */
import { eq } from 'drizzle-orm';
import type { ChangeContext } from '../../domain/booking/actor.ts';
import type { Db } from '../db/client.ts';
import { paymentEvents, payments } from '../db/schema.ts';
import { changeInTransaction, lockForChange } from '../booking/lifecycle/locks.ts';
import { refuseSale, sell } from '../booking/lifecycle/sell.ts';
import { recordEvent } from '../events/record.ts';
import { SUPERSEDED } from './paygates.ts';
import { crashPoint } from '../crashPoints.ts';

export interface PaymentEvent {
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  reference: string;
  amountMinor: number;
  currency: string;
  failureCode?: string | undefined;
}

export type EventOutcome =
  | { result: 'confirmed'; bookingId: number; status: 'confirmed' | 'pending_confirmation' }
  | { result: 'refunded'; bookingId: number; reason: 'sold_out' | 'already_paid' | 'superseded'; providerRef: string; paygate: string }
  | { result: 'failed' | 'duplicate' | 'ignored'; bookingId: number }
  | { result: 'unknown_payment' | 'amount_mismatch' };

class AmountMismatch extends Error {}

/** Who applies gateway events: the paygate's webhook, a system job acting for the traveller who paid. */
export const WEBHOOK_CONTEXT: ChangeContext = { actor: { kind: 'system', job: 'paygate-webhook' } };

export interface ApplyOptions {
  /** Who applies the event and in which request (the webhook by default; staff for a counter payment). */
  ctx?: ChangeContext;
  /** `mark_counter_paid` when staff record money handed over at the counter. */
  transition?: 'pay' | 'mark_counter_paid';
  /** Test-only: take no row locks, to show in the race tests what they prevent. */
  unsafeNoLocks?: boolean;
}

/** The whole captured amount goes back through the paygate that took it. */
function refundOf(payment: typeof payments.$inferSelect) {
  return {
    paymentId: payment.id,
    paygate: payment.paygate,
    providerRef: payment.providerRef,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
  };
}

export async function applyPaymentEvent(db: Db, event: PaymentEvent, nowMs: number, options: ApplyOptions = {}): Promise<EventOutcome> {
  const now = new Date(nowMs);
  const ctx = options.ctx ?? WEBHOOK_CONTEXT;
  // Found without a lock: the lock order starts at the booking (src/server/booking/lifecycle/locks.ts).
  const [found] = await db
    .select({ id: payments.id, bookingId: payments.bookingId })
    .from(payments)
    .where(eq(payments.providerRef, event.reference))
    .limit(1);
  if (!found) return { result: 'unknown_payment' };
  try {
    return await changeInTransaction(db, async (tx): Promise<EventOutcome> => {
      const unsafeNoLocks = options.unsafeNoLocks === true;
      const locked = await lockForChange(tx, { bookings: [found.bookingId], paymentsOfBookings: true, unsafeNoLocks });
      const booking = locked.bookings[0];
      const payment = locked.payments.find((p) => p.id === found.id);
      if (!booking || !payment) return { result: 'unknown_payment' };
      const recorded = await tx
        .insert(paymentEvents)
        .values({ eventId: event.id, paymentId: payment.id, type: event.type, receivedAt: now })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.eventId });
      if (recorded.length === 0) return { result: 'duplicate', bookingId: payment.bookingId };
      // Final states never move back: a late "failed" after a success is history, not news.
      if (payment.status === 'succeeded' || payment.status === 'refunded') return { result: 'ignored', bookingId: payment.bookingId };
      if (event.type === 'payment.failed') {
        await tx
          .update(payments)
          .set({ status: 'failed', failureCode: event.failureCode ?? 'declined', updatedAt: now })
          .where(eq(payments.id, payment.id));
        const failed = { paymentId: payment.id, paygate: payment.paygate, failureCode: event.failureCode ?? 'declined' };
        await recordEvent(tx, { kind: 'payment.failed', bookingId: payment.bookingId, payload: failed }, now);
        return { result: 'failed', bookingId: payment.bookingId };
      }
      if (event.amountMinor !== payment.amountMinor || event.currency !== payment.currency) throw new AmountMismatch();
      // A session that a newer one replaced is over: money that still arrives for it goes back.
      if (payment.status === 'failed' && payment.failureCode === SUPERSEDED) {
        await tx.update(payments).set({ status: 'refunded', updatedAt: now }).where(eq(payments.id, payment.id));
        await recordEvent(
          tx,
          { kind: 'payment.refund_due', bookingId: payment.bookingId, payload: { ...refundOf(payment), reason: 'superseded' } },
          now,
        );
        return {
          result: 'refunded',
          bookingId: payment.bookingId,
          reason: 'superseded',
          providerRef: payment.providerRef,
          paygate: payment.paygate,
        };
      }
      // The seats last: buyers of the same departures wait behind as few round trips as possible.
      const { inventory } = await lockForChange(tx, { inventoryOfLockedBookings: [booking.id], unsafeNoLocks });
      const sold = await sell(tx, {
        booking,
        inventory,
        now,
        ctx,
        transition: options.transition ?? 'pay',
        amountMinor: payment.amountMinor,
      });
      if (sold.kind === 'sold') {
        await tx.update(payments).set({ status: 'succeeded', failureCode: null, updatedAt: now }).where(eq(payments.id, payment.id));
        const paid = { paymentId: payment.id, paygate: payment.paygate, amountMinor: payment.amountMinor, currency: payment.currency };
        await recordEvent(tx, { kind: 'booking.paid', bookingId: payment.bookingId, payload: { ...paid, status: sold.status } }, now);
        crashPoint('mid-webhook');
        return { result: 'confirmed', bookingId: payment.bookingId, status: sold.status };
      }
      await tx.update(payments).set({ status: 'refunded', failureCode: sold.kind, updatedAt: now }).where(eq(payments.id, payment.id));
      if (sold.kind === 'sold_out') await refuseSale(tx, { booking, now, ctx, amountMinor: payment.amountMinor });
      await recordEvent(
        tx,
        sold.kind === 'sold_out'
          ? { kind: 'booking.refunded', bookingId: payment.bookingId, payload: { ...refundOf(payment), reason: 'sold_out' } }
          : { kind: 'payment.refund_due', bookingId: payment.bookingId, payload: { ...refundOf(payment), reason: 'already_paid' } },
        now,
      );
      return {
        result: 'refunded',
        bookingId: payment.bookingId,
        reason: sold.kind,
        providerRef: payment.providerRef,
        paygate: payment.paygate,
      };
    });
  } catch (error) {
    if (error instanceof AmountMismatch) return { result: 'amount_mismatch' };
    throw error;
  }
}
