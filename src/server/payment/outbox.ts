/**
 * The sandbox gateway's webhook sender: every due event is POSTed, signed afresh with the
 * current timestamp, until the shop answers 2xx; a failure is retried with exponential backoff
 * (domain/payment/webhook.ts). Each attempt is claimed first (a conditional update of the
 * attempt counter), so two senders — two server processes, or the background sender and a
 * hosted page pushing its own event — never post the same attempt. A hosted page's event is
 * written already claimed for its first attempt and posted at once (`postClaimedWebhook`).
 */
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { retryDelayMs } from '../../domain/payment/webhook.ts';
import type { Db } from '../db/client.ts';
import { webhookOutbox } from '../db/schema.ts';
import { checkoutLogger } from '../booking/log.ts';
import { parsePaymentEnv } from './config.ts';
import { SIGNATURE_HEADER, signatureHeader } from './signature.ts';

/** Give up after this many attempts (about a day of backoff). */
export const MAX_ATTEMPTS = 25;

export type Poster = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
) => Promise<{ ok: boolean; status: number }>;

export async function deliverDueWebhooks(
  db: Db,
  nowMs: number,
  post: Poster = fetch,
  secret = parsePaymentEnv().PAYMENT_WEBHOOK_SECRET,
): Promise<number> {
  const due = await db
    .select()
    .from(webhookOutbox)
    .where(
      and(
        isNull(webhookOutbox.deliveredAt),
        lte(webhookOutbox.nextAttemptAt, new Date(nowMs)),
        sql`${webhookOutbox.attempts} < ${MAX_ATTEMPTS}`,
      ),
    )
    .orderBy(asc(webhookOutbox.id))
    .limit(20);
  let delivered = 0;
  for (const row of due) {
    // Claim the attempt first: push the next attempt out, so a concurrent sender skips this row.
    const attempt = row.attempts + 1;
    const claimed = await db
      .update(webhookOutbox)
      .set({ attempts: attempt, nextAttemptAt: new Date(nowMs + retryDelayMs(attempt)) })
      .where(and(eq(webhookOutbox.id, row.id), eq(webhookOutbox.attempts, row.attempts)))
      .returning({ id: webhookOutbox.id });
    if (claimed.length === 0) continue;
    if (await postClaimedWebhook(db, row, nowMs, post, secret)) delivered++;
  }
  return delivered;
}

/**
 * Posts one event whose attempt the caller has claimed (its next attempt is already pushed out,
 * so no other sender posts it meanwhile) and records the outcome. True when the shop took it.
 */
export async function postClaimedWebhook(
  db: Db,
  row: { id: number; url: string; body: string; eventId?: string; attempts?: number },
  nowMs: number,
  post: Poster = fetch,
  secret = parsePaymentEnv().PAYMENT_WEBHOOK_SECRET,
): Promise<boolean> {
  let error: string | null = null;
  try {
    const response = await post(row.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(secret, Math.floor(nowMs / 1000), row.body) },
      body: row.body,
    });
    if (!response.ok) error = `HTTP ${String(response.status)}`;
  } catch (e) {
    error = e instanceof Error ? e.message.slice(0, 200) : 'network error';
  }
  // Kept on the row for the next attempt, and logged: a shop that keeps refusing is an operator's business.
  if (error !== null)
    checkoutLogger().warn(
      { job: 'webhooks', webhook: row.eventId, attempt: (row.attempts ?? 0) + 1, err: error },
      'webhook delivery failed',
    );
  await db
    .update(webhookOutbox)
    .set(error === null ? { deliveredAt: new Date(nowMs), lastError: null } : { lastError: error })
    .where(eq(webhookOutbox.id, row.id));
  return error === null;
}
