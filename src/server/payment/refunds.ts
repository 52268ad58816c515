/**
 * The payment side's subscriber: money a domain event says is due goes back through the paygate
 * that took it. The event id is the refund's idempotency key — a delivery repeated after a crash
 * (the refund made, the delivery not yet marked) is the same refund to the provider, not a second.
 */
import type { RefundDue } from '../events/kinds.ts';
import type { PaygateCode } from './paygates.ts';
import { GATEWAYS } from './place.ts';

export async function refundThroughPaygate(refund: RefundDue, eventId: number): Promise<void> {
  const gateway = (GATEWAYS as Partial<Record<string, (typeof GATEWAYS)[PaygateCode]>>)[refund.paygate];
  if (!gateway) throw new Error(`refund for unknown paygate "${refund.paygate}"`);
  await gateway.refund(refund.providerRef, {
    amountMinor: refund.amountMinor,
    currency: refund.currency,
    idempotencyKey: `refund:${String(eventId)}:${String(refund.paymentId)}`,
  });
}
