/**
 * The sandbox card gateway, built like a hosted payment provider: the shop sends the traveller
 * to the gateway's own page (/sandbox-gateway/pay/{session}), card numbers are typed there and
 * never reach the checkout, and the result comes back to the shop as a signed webhook from the
 * gateway's outbox. A session is a signed token (amount, currency, return and webhook URLs), so
 * the gateway needs no table of its own and nobody can change the amount in the URL.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { webhookOutbox } from '../db/schema.ts';
import { retryDelayMs } from '../../domain/payment/webhook.ts';
import { parsePaymentEnv } from './config.ts';
import { PUSH_ONLY_STATUS, type Paygate, type PaymentStart, type RefundRequest, type StartedPayment } from './paygates.ts';

const sessionSchema = z.object({
  ref: z.string().regex(/^sbx_[A-Za-z0-9_-]{10,40}$/),
  amount: z.number().int().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  returnUrl: z.url(),
  webhookUrl: z.url(),
  lang: z.string().max(10),
  exp: z.number().int(),
});

export type SandboxSession = z.infer<typeof sessionSchema>;

/** How long the hosted page accepts a card for one session. */
const SESSION_MINUTES = 30;

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function createSessionToken(secret: string, session: SandboxSession): string {
  const payload = Buffer.from(JSON.stringify(session)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

export function readSessionToken(secret: string, token: string, nowMs: number): SandboxSession | undefined {
  const [payload, signature] = token.split('.');
  if (!payload || !signature || token.length > 4000) return undefined;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const parsed = sessionSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success && parsed.data.exp > nowMs ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const WEBHOOK_PATH = '/api/paygates/sandbox-card/webhook';

export const sandboxCardGateway: Paygate = {
  code: 'sandbox-card',
  type: 'card',
  start(_db: Db, input: PaymentStart): Promise<StartedPayment> {
    const ref = `sbx_${randomBytes(12).toString('base64url')}`;
    const token = createSessionToken(parsePaymentEnv().SANDBOX_GATEWAY_SECRET, {
      ref,
      amount: input.amountMinor,
      currency: input.currency,
      returnUrl: `${input.origin}/${input.lang}/payment-status/booking/${input.bookingPublicId}`,
      webhookUrl: `${input.origin}${WEBHOOK_PATH}`,
      lang: input.lang,
      exp: input.now + SESSION_MINUTES * 60_000,
    });
    return Promise.resolve({ providerRef: ref, redirectUrl: `${input.origin}/sandbox-gateway/pay/${token}`, expiresAt: null });
  },
  // The hosted page pushes its result as a webhook; there is no status API to pull from.
  status: PUSH_ONLY_STATUS,
  // The sandbox moves no money: a refund is acknowledged at once, like a provider's refund API,
  // and named after its idempotency key (the same refund asked twice has the same reference) —
  // except the test amount below, which it declines on the refund's first attempt.
  refund: (_ref, refund) =>
    declinesRefund(refund)
      ? Promise.reject(new SandboxRefundDeclined())
      : Promise.resolve({ refundRef: `sbx_rf_${refund.idempotencyKey}`, state: 'succeeded' }),
};

/**
 * Like a real test gateway's magic amounts: a refund of an amount ending in .13 (minor units ending
 * in 13) is declined on its first attempt — the event's own call, whose key has no attempt number
 * (refunds.ts `attemptKey`) — so a failed refund and a manager's retry can be shown end to end.
 */
export const DECLINED_REFUND_MINOR_ENDING = 13;

function declinesRefund(refund: RefundRequest): boolean {
  return refund.amountMinor % 100 === DECLINED_REFUND_MINOR_ENDING && !refund.idempotencyKey.includes(':attempt-');
}

export class SandboxRefundDeclined extends Error {
  readonly code = 'sandbox_refund_declined';
  constructor() {
    super('the sandbox declined the refund (test amount ending in .13, first attempt)');
    this.name = 'SandboxRefundDeclined';
  }
}

export interface GatewayEvent {
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  created: number;
  data: { reference: string; amount: number; currency: string; failure_code?: string };
}

/** Every event of one session has an id starting with this. */
function sessionEventPrefix(session: Pick<SandboxSession, 'ref'>): string {
  return `evt_${session.ref}_`;
}

/**
 * The gateway settles a session: one event per outcome into its outbox (a second submit of the
 * same session finds the event already there). Returns false when the session was settled before.
 */
function sessionEvent(
  session: SandboxSession,
  outcome: { type: 'payment.succeeded' } | { type: 'payment.failed'; failureCode: string },
  nowMs: number,
): GatewayEvent {
  return {
    // One success per session; every decline is its own event (a traveller may try several cards).
    id: `${sessionEventPrefix(session)}${outcome.type === 'payment.succeeded' ? 'ok' : `fail_${randomBytes(6).toString('hex')}`}`,
    type: outcome.type,
    created: Math.floor(nowMs / 1000),
    data: {
      reference: session.ref,
      amount: session.amount,
      currency: session.currency,
      ...(outcome.type === 'payment.failed' ? { failure_code: outcome.failureCode } : {}),
    },
  };
}

/** Records the session's outcome as an event in the gateway's outbox; false when it was already recorded. */
export async function settleSandboxSession(
  db: Db,
  session: SandboxSession,
  outcome: { type: 'payment.succeeded' } | { type: 'payment.failed'; failureCode: string },
  nowMs: number,
): Promise<boolean> {
  const event = sessionEvent(session, outcome, nowMs);
  const inserted = await db
    .insert(webhookOutbox)
    .values({ eventId: event.id, url: session.webhookUrl, body: JSON.stringify(event), nextAttemptAt: new Date(nowMs) })
    .onConflictDoNothing()
    .returning({ id: webhookOutbox.id });
  return inserted.length > 0;
}

/**
 * The same, with the event's first attempt already claimed by the caller, who posts it at once
 * (the hosted page, so the status page is usually final on arrival). If that post fails or the
 * process stops, the background sender retries after the first backoff. Undefined when the
 * outcome was already recorded.
 */
export async function settleSandboxSessionForPush(
  db: Db,
  session: SandboxSession,
  outcome: { type: 'payment.succeeded' } | { type: 'payment.failed'; failureCode: string },
  nowMs: number,
): Promise<{ id: number; url: string; body: string } | undefined> {
  const event = sessionEvent(session, outcome, nowMs);
  const [row] = await db
    .insert(webhookOutbox)
    .values({
      eventId: event.id,
      url: session.webhookUrl,
      body: JSON.stringify(event),
      attempts: 1,
      nextAttemptAt: new Date(nowMs + retryDelayMs(1)),
    })
    .onConflictDoNothing()
    .returning({ id: webhookOutbox.id, url: webhookOutbox.url, body: webhookOutbox.body });
  return row;
}
