/**
 * The refunds of a booking as the traveller sees them on the ticket page: each one with the
 * method that took the money (the paygate), the amount in the currency charged, the provider's
 * reference, and where it stands.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { paymentRefunds, payments } from '../db/schema.ts';

export interface RefundState {
  paygate: string;
  amountMinor: number;
  currency: string;
  /** The provider's reference; null while the provider has not answered yet. */
  reference: string | null;
  state: 'requested' | 'pending' | 'succeeded' | 'failed';
}

const STATES = new Set(['requested', 'pending', 'succeeded', 'failed']);

export async function refundsOfBooking(db: Db, bookingId: number): Promise<RefundState[]> {
  const rows = await db
    .select({
      paygate: paymentRefunds.paygate,
      amountMinor: paymentRefunds.amountMinor,
      currency: paymentRefunds.currency,
      reference: paymentRefunds.providerRefundRef,
      state: paymentRefunds.state,
    })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(eq(payments.bookingId, bookingId))
    .orderBy(asc(paymentRefunds.id));
  return rows.map((r) => ({ ...r, state: (STATES.has(r.state) ? r.state : 'requested') as RefundState['state'] }));
}
