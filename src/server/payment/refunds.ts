/**
 * The payment side's subscriber: money a domain event says is due goes back through the paygate
 * that took it, in the currency charged, and is recorded in `payment_refunds` with the provider's
 * own reference. The event id is the refund's idempotency key — a delivery repeated after a crash
 * (the refund made, the delivery not yet marked) is the same refund to the provider, not a second,
 * and finds its row already answered here.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { paymentRefunds } from '../db/schema.ts';
import type { RefundDue } from '../events/kinds.ts';
import type { Paygate, PaygateCode } from './paygates.ts';
import { GATEWAYS } from './place.ts';

export async function refundThroughPaygate(
  db: Db,
  refund: RefundDue,
  eventId: number,
  gateways: Record<PaygateCode, Paygate> = GATEWAYS,
): Promise<void> {
  const gateway = (gateways as Partial<Record<string, Paygate>>)[refund.paygate];
  if (!gateway) throw new Error(`refund for unknown paygate "${refund.paygate}"`);
  // Nothing to give back (a cancellation past its refund deadline): no provider call, no row.
  if (refund.amountMinor <= 0) return;
  const idempotencyKey = `refund:${String(eventId)}:${String(refund.paymentId)}`;
  await db
    .insert(paymentRefunds)
    .values({
      paymentId: refund.paymentId,
      paygate: refund.paygate,
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      idempotencyKey,
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, idempotencyKey)).limit(1);
  if (row?.providerRefundRef) return; // answered before: the provider was asked already
  const answer = await gateway.refund(refund.providerRef, { amountMinor: refund.amountMinor, currency: refund.currency, idempotencyKey });
  await db
    .update(paymentRefunds)
    .set({ providerRefundRef: answer.refundRef, state: answer.state, updatedAt: new Date() })
    .where(eq(paymentRefunds.idempotencyKey, idempotencyKey));
}
