/**
 * Where a booking's payment stands (SPEC §7 pay/payment-result), for the endpoint the payment
 * status page polls and for that page's first render, so a counter order shows its reference
 * at once instead of "waiting for the payment provider".
 */
import { and, desc, eq } from 'drizzle-orm';
import { toMoney } from '../../domain/search/money.ts';
import type { FxRate } from '../../domain/search/timetable.ts';
import type { Db } from '../db/client.ts';
import { payments } from '../db/schema.ts';
import { type BookingRow } from '../booking/bookings.ts';
import { isPaid, isSettled } from '../../domain/booking/lifecycle.ts';
import type { BookingPaymentView, PaymentResult } from '../../domain/payment/paymentView.ts';

export type { BookingPaymentView, PaymentResult };

type FxRates = ReadonlyMap<string, FxRate>;

async function latestPayment(db: Db, bookingId: number) {
  const [p] = await db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(desc(payments.id)).limit(1);
  return p;
}

/** The booking's newest payment through one paygate (the one a provider's status call asks about). */
export async function latestPaymentOf(db: Db, bookingId: number, paygate: string) {
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.paygate, paygate)))
    .orderBy(desc(payments.id))
    .limit(1);
  return p;
}

export async function bookingPaymentView(db: Db, booking: BookingRow, fx: FxRates): Promise<BookingPaymentView> {
  const p = await latestPayment(db, booking.id);
  return {
    id: booking.publicId,
    status: booking.status,
    total: toMoney(booking.totalMinor, booking.currency, fx),
    hold_expires_at: booking.holdExpiresAt.toISOString(),
    payment: p
      ? {
          paygate: p.paygate,
          status: p.status,
          failure_code: p.failureCode,
          reference: p.paygate === 'counter' ? p.providerRef : null,
          expires_at: p.expiresAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** `lang` is the URL segment of the success page. */
export async function paymentResult(db: Db, booking: BookingRow, lang: string, fx: FxRates): Promise<PaymentResult> {
  const view = await bookingPaymentView(db, booking, fx);
  const failed = view.payment?.status === 'failed';
  return {
    ...view,
    final: isSettled(booking.status) || failed || booking.status === 'expired',
    paid: isPaid(booking.status),
    success_url:
      isPaid(booking.status) && view.payment ? `/${lang}/order/${booking.publicId}/payment/${view.payment.paygate}/success` : null,
  };
}
