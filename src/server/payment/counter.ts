/**
 * Pay at counter: an offline paygate. The traveller gets a payment reference valid for
 * the `counterPaymentHours` site setting (default COUNTER_PAYMENT_HOURS) and pays at the operator's counter; staff then mark it paid, which goes
 * through the same event path as a card webhook (once, amount checked, seats sold).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ChangeContext } from '../../domain/booking/actor.ts';
import type { Db } from '../db/client.ts';
import { payments } from '../db/schema.ts';
import { siteSetting } from '../settings/settings.ts';
import { applyPaymentEvent, type EventOutcome } from './confirm.ts';
import { PUSH_ONLY_STATUS, type Paygate } from './paygates.ts';

export const counterGateway: Paygate = {
  code: 'counter',
  type: 'offline',
  async start(db, input) {
    const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
    const ref = `CTR-${[...randomBytes(8)].map((b) => alphabet[b % alphabet.length] ?? 'X').join('')}`;
    // The site setting admins may change at run time (src/server/settings/), else COUNTER_PAYMENT_HOURS.
    const hours = await siteSetting(db, 'counterPaymentHours', input.now);
    return {
      providerRef: ref,
      redirectUrl: `${input.origin}/${input.lang}/payment-status/booking/${input.bookingPublicId}`,
      expiresAt: new Date(input.now + hours * 3_600_000),
    };
  },
  // Staff mark it paid (markCounterPaid); nothing to pull.
  status: PUSH_ONLY_STATUS,
  // Cash is handed back at the counter: the refund is due there, under the payment's own reference.
  refund: (ref, refund) => Promise.resolve({ refundRef: `${ref}-R-${refund.idempotencyKey}`, state: 'pending' }),
};

export type CounterResult = EventOutcome | { result: 'expired' };

/** Staff confirm the traveller paid at the counter; the staff member is the transition's actor. */
export async function markCounterPaid(
  db: Db,
  providerRef: string,
  nowMs: number,
  ctx: ChangeContext & { actor: { kind: 'staff' } },
): Promise<CounterResult> {
  const [payment] = await db.select().from(payments).where(eq(payments.providerRef, providerRef)).limit(1);
  if (payment?.paygate !== 'counter') return { result: 'unknown_payment' };
  if (payment.expiresAt && payment.expiresAt.getTime() < nowMs && payment.status === 'pending') return { result: 'expired' };
  if (payment.status === 'failed' && payment.failureCode === 'expired') return { result: 'expired' }; // the expiry job got there first
  return applyPaymentEvent(
    db,
    {
      id: `counter_${providerRef}`,
      type: 'payment.succeeded',
      reference: providerRef,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
    },
    nowMs,
    { ctx, transition: 'mark_counter_paid' },
  );
}
