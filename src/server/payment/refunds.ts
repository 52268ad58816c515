/**
 * The payment side's subscriber: money a domain event says is due goes back through the paygate
 * that took it, in the currency charged, and is recorded in `payment_refunds` with the provider's
 * own reference. The event id is the refund's idempotency key — a delivery repeated after a crash
 * (the refund made, the delivery not yet marked) is the same refund to the provider, not a second,
 * and finds its row already answered here.
 *
 * A call the provider refuses (or that does not answer) leaves the row `failed` with the reason,
 * and every call is kept in `payment_refund_attempts`. A failed refund is then the managers' to
 * retry from /{lang}/op/refunds (`retryRefund`): the retry claims the row in one conditional
 * update (`failed` → `requested`, attempt + 1), so two retries racing make one provider call, and
 * a refund that succeeded or is pending is never asked for again. Each attempt has its own
 * idempotency key, since a provider replays the answer it gave a key (a declined key stays
 * declined); a redelivered event after a failure leaves the row to staff rather than guessing.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { paymentRefundAttempts, paymentRefunds, payments } from '../db/schema.ts';
import type { RefundDue } from '../events/kinds.ts';
import type { Paygate, PaygateCode } from './paygates.ts';
import { GATEWAYS } from './place.ts';

type Gateways = Record<PaygateCode, Paygate>;
type RefundRow = typeof paymentRefunds.$inferSelect;

/** The idempotency key of one attempt: the event's own key first, then one per retry. */
export function attemptKey(refundKey: string, attempt: number): string {
  return attempt <= 1 ? refundKey : `${refundKey}:attempt-${String(attempt)}`;
}

function gatewayOf(gateways: Gateways, paygate: string): Paygate {
  const gateway = (gateways as Partial<Record<string, Paygate>>)[paygate];
  if (!gateway) throw new Error(`refund for unknown paygate "${paygate}"`);
  return gateway;
}

/** A short, stable reason kept on the row and shown to staff (never a stack or a provider body). */
function failureCodeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const text = typeof code === 'string' && code ? code : error instanceof Error ? error.name : 'error';
  return text.slice(0, 60);
}

type Attempt = { outcome: 'succeeded' | 'pending'; providerRefundRef: string } | { outcome: 'failed'; failureCode: string; error: unknown };

/** One call to the provider for the row's current attempt, its answer written to the row and the history. */
async function askProvider(
  db: Db,
  row: RefundRow,
  providerRef: string,
  gateways: Gateways,
  by: { staffUserId: number | null; requestId: string | null },
): Promise<Attempt> {
  const key = attemptKey(row.idempotencyKey, row.attempt);
  let attempt: Attempt;
  try {
    const answer = await gatewayOf(gateways, row.paygate).refund(providerRef, {
      amountMinor: row.amountMinor,
      currency: row.currency,
      idempotencyKey: key,
    });
    attempt = { outcome: answer.state, providerRefundRef: answer.refundRef };
  } catch (error) {
    attempt = { outcome: 'failed', failureCode: failureCodeOf(error), error };
  }
  const answered = attempt.outcome === 'failed' ? null : attempt.providerRefundRef;
  const failureCode = attempt.outcome === 'failed' ? attempt.failureCode : null;
  await db.transaction(async (tx) => {
    await tx
      .update(paymentRefunds)
      .set({ providerRefundRef: answered, state: attempt.outcome, failureCode, updatedAt: new Date() })
      .where(and(eq(paymentRefunds.id, row.id), eq(paymentRefunds.attempt, row.attempt)));
    await tx.insert(paymentRefundAttempts).values({
      refundId: row.id,
      attempt: row.attempt,
      idempotencyKey: key,
      staffUserId: by.staffUserId,
      requestId: by.requestId,
      outcome: attempt.outcome,
      providerRefundRef: answered,
      failureCode,
    });
  });
  return attempt;
}

export async function refundThroughPaygate(db: Db, refund: RefundDue, eventId: number, gateways: Gateways = GATEWAYS): Promise<void> {
  gatewayOf(gateways, refund.paygate);
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
  if (!row) throw new Error(`refund row ${idempotencyKey} missing after insert`);
  // Answered before (the provider was asked already), or failed and now the managers' to retry.
  if (row.providerRefundRef || row.state !== 'requested') return;
  const attempt = await askProvider(db, row, refund.providerRef, gateways, { staffUserId: null, requestId: null });
  // The delivery fails too, so the events job's log keeps the error; its redelivery finds the row failed.
  if (attempt.outcome === 'failed') throw attempt.error;
}

export type RetryOutcome =
  | { result: 'succeeded' | 'pending'; bookingId: number; providerRefundRef: string }
  | { result: 'failed'; bookingId: number; failureCode: string }
  | { result: 'not_failed' | 'unknown_refund' };

/**
 * A manager's retry of a failed refund through the same paygate, as the next attempt with its own
 * key. The claim is one conditional update, so of two retries racing only one reaches the provider.
 * `unsafeNoClaim` (tests only: the negative control) reads the state and then writes it, unguarded;
 * given `afterRead`, each retry waits there, so the control can make every racing retry read
 * `failed` before any writes (the interleaving the claim exists for, however busy the machine).
 */
export async function retryRefund(
  db: Db,
  refundId: number,
  by: { staffUserId: number; requestId: string | null },
  options: { gateways?: Gateways; unsafeNoClaim?: boolean | { afterRead: () => Promise<void> } } = {},
): Promise<RetryOutcome> {
  const [found] = await db
    .select({ row: paymentRefunds, providerRef: payments.providerRef, bookingId: payments.bookingId })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(eq(paymentRefunds.id, refundId))
    .limit(1);
  if (!found) return { result: 'unknown_refund' };
  let claimed: RefundRow | undefined;
  if (options.unsafeNoClaim) {
    if (found.row.state === 'failed') {
      if (typeof options.unsafeNoClaim === 'object') await options.unsafeNoClaim.afterRead();
      [claimed] = await db
        .update(paymentRefunds)
        .set({ state: 'requested', attempt: sql`${paymentRefunds.attempt} + 1`, failureCode: null, updatedAt: new Date() })
        .where(eq(paymentRefunds.id, refundId))
        .returning();
    }
  } else {
    [claimed] = await db
      .update(paymentRefunds)
      .set({ state: 'requested', attempt: sql`${paymentRefunds.attempt} + 1`, failureCode: null, updatedAt: new Date() })
      .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.state, 'failed')))
      .returning();
  }
  if (!claimed) return { result: 'not_failed' };
  const attempt = await askProvider(db, claimed, found.providerRef, options.gateways ?? GATEWAYS, by);
  return attempt.outcome === 'failed'
    ? { result: 'failed', bookingId: found.bookingId, failureCode: attempt.failureCode }
    : { result: attempt.outcome, bookingId: found.bookingId, providerRefundRef: attempt.providerRefundRef };
}
