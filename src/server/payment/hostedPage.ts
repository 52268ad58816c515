/**
 * What the sandbox gateway's hosted pages do with a submitted card or 3-D Secure answer:
 * check the card (SPEC §5 card rules), decide the outcome from the test number, settle the
 * session into the gateway's outbox and push the webhook out at once (the background sender
 * retries if the shop does not acknowledge). Returns what the page shows next.
 */
import { cardErrors, cardOutcome, type CardError } from '../../domain/payment/card.ts';
import type { Db } from '../db/client.ts';
import { localeBySegment, resolveSegment, type Locale } from '../../i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../i18n/messages.ts';
import { createTranslator, type Translate } from '../../i18n/translate.ts';
import { parsePaymentEnv } from './config.ts';
import { postClaimedWebhook } from './outbox.ts';
import { readSessionToken, settleSandboxSessionForPush, type SandboxSession } from './sandbox.ts';
import { crashPoint } from '../crashPoints.ts';

export type HostedResult =
  | { kind: 'redirect'; url: string }
  | { kind: 'form'; errors: Partial<Record<'number' | 'expiry' | 'cvc', CardError>>; declined: string | null };

export function openSession(token: string, nowMs: number): SandboxSession | undefined {
  return readSessionToken(parsePaymentEnv().SANDBOX_GATEWAY_SECRET, token, nowMs);
}

export function gatewayLocale(session: SandboxSession | undefined): { locale: Locale; t: Translate } {
  const locale = localeBySegment(resolveSegment(session?.lang ?? 'en'));
  return { locale, t: createTranslator(locale.code, messagesFor(locale.code), ENGLISH) };
}

async function settle(db: Db, session: SandboxSession, outcome: Parameters<typeof settleSandboxSessionForPush>[2], nowMs: number) {
  const claimed = await settleSandboxSessionForPush(db, session, outcome, nowMs);
  if (claimed && outcome.type === 'payment.succeeded') crashPoint('after-gateway-success');
  // Push this session's event now so the status page is usually final on arrival; a failed
  // push, and other sessions' events, are left to the background sender (pushing those too made
  // every traveller's payment wait for up to 20 strangers' webhooks in turn).
  if (claimed) await postClaimedWebhook(db, claimed, nowMs, fetch, parsePaymentEnv().PAYMENT_WEBHOOK_SECRET).catch(() => false);
}

export async function submitCard(
  db: Db,
  token: string,
  session: SandboxSession,
  card: { number: string; expiry: string; cvc: string },
  nowMs: number,
): Promise<HostedResult> {
  const errors = cardErrors(card, new Date(nowMs).toISOString().slice(0, 10));
  if (Object.keys(errors).length > 0) return { kind: 'form', errors, declined: null };
  const outcome = cardOutcome(card.number);
  if (outcome === 'three_d_secure') return { kind: 'redirect', url: `/sandbox-gateway/challenge/${token}` };
  if (outcome === 'success') {
    await settle(db, session, { type: 'payment.succeeded' }, nowMs);
    return { kind: 'redirect', url: session.returnUrl };
  }
  // Like a real hosted page, a declined card stays here so the traveller can try another one.
  await settle(db, session, { type: 'payment.failed', failureCode: outcome }, nowMs);
  return { kind: 'form', errors: {}, declined: outcome };
}

export async function answerChallenge(db: Db, session: SandboxSession, approve: boolean, nowMs: number): Promise<HostedResult> {
  if (!approve) {
    await settle(db, session, { type: 'payment.failed', failureCode: 'authentication_failed' }, nowMs);
    return { kind: 'form', errors: {}, declined: 'authentication_failed' };
  }
  await settle(db, session, { type: 'payment.succeeded' }, nowMs);
  return { kind: 'redirect', url: session.returnUrl };
}
