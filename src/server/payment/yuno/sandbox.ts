/**
 * A local sandbox of Yuno, served by this site under /sandbox-yuno (as the sandbox card gateway
 * is under /sandbox-gateway), so the default setup and the tests need no outside network. It
 * answers the calls the shop makes (client.ts) in Yuno's published shapes (shapes.ts), checks
 * the authentication headers, keeps X-Idempotency-Key answers, and remembers sessions and
 * payments in `provider_sandbox_records` — what the real provider keeps on its side.
 *
 * Its hosted checkout page (src/pages/sandbox-yuno/checkout/[session].astro) plays the part of
 * Yuno's Web SDK: the card is typed there (the sandbox card gateway's test numbers decide the
 * outcome), the payment is created, and Yuno's webhook is posted to the shop, signed with
 * `x-hmac-signature`, before the traveller is sent back to the session's callback_url.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { cardErrors, cardOutcome, type CardError } from '../../../domain/payment/card.ts';
import type { Db } from '../../db/client.ts';
import { createSandboxStore, jsonAnswer, readJsonBody } from '../sandboxStore.ts';
import type { Fetch } from './client.ts';
import type { YunoSettings } from './config.ts';
import { checkoutSessionRequest, paymentWebhook, refundRequest, type YunoPayment } from './shapes.ts';
import { YUNO_SIGNATURE_HEADER, yunoSignature } from './signature.ts';

const PROVIDER = 'yuno';

export const YUNO_WEBHOOK_PATH = '/api/paygates/yuno/webhook';

interface SandboxSession extends z.infer<typeof checkoutSessionRequest> {
  checkout_session: string;
  created_at: string;
}

export interface YunoSandboxOptions {
  db: Db;
  settings: () => YunoSettings;
  now?: () => number;
  /** Where the sandbox posts its webhooks (the "dashboard" setting of a real account). */
  webhookUrl: () => string;
  /** How the sandbox reaches the shop's webhook; the tests hand it the shop's handler. */
  post?: Fetch;
}

const answer = jsonAnswer;

const refusal = (status: number, code: string, message: string) => answer(status, { code, messages: [message] });

export function createYunoSandbox(options: YunoSandboxOptions) {
  const { db } = options;
  const now = options.now ?? (() => Date.now());
  const iso = () => new Date(now()).toISOString();

  const { load, save, where, onceFor } = createSandboxStore(db, PROVIDER, now);

  function authorised(request: Request): boolean {
    const s = options.settings();
    return request.headers.get('public-api-key') === s.publicKey && request.headers.get('private-secret-key') === s.privateKey;
  }

  async function createSession(request: Request): Promise<Response> {
    const parsed = checkoutSessionRequest.safeParse(await readJsonBody(request));
    if (!parsed.success) return refusal(400, 'INVALID_REQUEST', parsed.error.issues.map((i) => i.path.join('.')).join(', '));
    if (parsed.data.account_id !== options.settings().accountId) return refusal(400, 'INVALID_ACCOUNT_ID', 'unknown account_id');
    const session: SandboxSession = { ...parsed.data, checkout_session: randomUUID(), created_at: iso() };
    await save('session', session.checkout_session, session);
    return answer(200, {
      checkout_session: session.checkout_session,
      merchant_order_id: session.merchant_order_id,
      country: session.country,
      payment_description: session.payment_description,
      amount: session.amount,
      workflow: session.workflow ?? 'SDK_CHECKOUT',
      created_at: session.created_at,
    });
  }

  const paymentsOfOrder = (merchantOrderId: string) => where<YunoPayment>('payment', 'merchant_order_id', merchantOrderId);

  async function refund(request: Request, paymentId: string, transactionId: string): Promise<Response> {
    const key = request.headers.get('x-idempotency-key');
    if (!key) return refusal(400, 'IDEMPOTENCY_KEY_REQUIRED', 'X-Idempotency-Key is required');
    return onceFor(key, async () => {
      const parsed = refundRequest.safeParse(await readJsonBody(request));
      if (!parsed.success) return refusal(400, 'INVALID_REQUEST', parsed.error.issues.map((i) => i.path.join('.')).join(', '));
      const payment = await load<YunoPayment>('payment', paymentId);
      const purchase = payment?.transactions?.find((t) => t.id === transactionId && t.type === 'PURCHASE');
      if (!payment || !purchase) return refusal(404, 'PAYMENT_NOT_FOUND', 'no such payment or transaction');
      if (payment.status !== 'SUCCEEDED' && payment.status !== 'PARTIALLY_REFUNDED')
        return refusal(400, 'INVALID_PAYMENT_STATUS', `payment is ${payment.status}`);
      const refunded = payment.amount.refunded ?? 0;
      const remaining = Math.round((payment.amount.value - refunded) * 1000) / 1000;
      const amount = parsed.data.amount ?? { currency: payment.amount.currency, value: remaining };
      if (amount.currency !== payment.amount.currency) return refusal(400, 'INVALID_CURRENCY', 'refund in another currency');
      if (amount.value <= 0 || amount.value > remaining + 1e-9) return refusal(400, 'INVALID_AMOUNT', 'more than the payment has left');
      const transaction = { id: randomUUID(), type: 'REFUND' as const, status: 'SUCCEEDED', amount, created_at: iso() };
      const totalRefunded = Math.round((refunded + amount.value) * 1000) / 1000;
      await save('payment', payment.id, {
        ...payment,
        status: totalRefunded >= payment.amount.value ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
        amount: { ...payment.amount, refunded: totalRefunded },
        transactions: [...(payment.transactions ?? []), transaction],
        updated_at: iso(),
      });
      return answer(200, { ...transaction, merchant_reference: parsed.data.merchant_reference });
    });
  }

  /** Yuno's REST API: /v1/checkout/sessions, /v1/payments?merchant_order_id=, /v1/payments/{id}/transactions/{tid}/refund. */
  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^.*?\/v1(?=\/)/, '');
    if (!authorised(request)) return refusal(401, 'INVALID_CREDENTIALS', 'public-api-key and private-secret-key do not match');
    if (request.method === 'POST' && path === '/checkout/sessions')
      return onceFor(request.headers.get('x-idempotency-key'), () => createSession(request));
    if (request.method === 'GET' && path === '/payments') {
      const order = url.searchParams.get('merchant_order_id');
      if (!order) return refusal(400, 'INVALID_REQUEST', 'merchant_order_id is required');
      return answer(200, await paymentsOfOrder(order));
    }
    const refundPath = /^\/payments\/([^/]+)\/transactions\/([^/]+)\/refund$/.exec(path);
    if (request.method === 'POST' && refundPath) return refund(request, refundPath[1] ?? '', refundPath[2] ?? '');
    return refusal(404, 'NOT_FOUND', 'no such operation in the sandbox');
  }

  /** The session behind the hosted page; undefined when unknown or older than Yuno's five hours. */
  async function openSession(checkoutSession: string): Promise<SandboxSession | undefined> {
    if (!/^[0-9a-f-]{36}$/.test(checkoutSession)) return undefined;
    const session = await load<SandboxSession>('session', checkoutSession);
    if (!session || Date.parse(session.created_at) + 5 * 3_600_000 < now()) return undefined;
    return session;
  }

  /** The webhook Yuno sends for a payment, signed with the account's webhook secret. */
  async function sendWebhook(payment: YunoPayment): Promise<boolean> {
    const body = JSON.stringify(
      paymentWebhook.parse({
        type: 'payment',
        type_event: 'payment.purchase',
        account_id: options.settings().accountId,
        retry: 0,
        version: 2,
        data: { payment },
      }),
    );
    const post = options.post ?? ((url, init) => fetch(url, init));
    try {
      const response = await post(options.webhookUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', [YUNO_SIGNATURE_HEADER]: yunoSignature(options.settings().webhookSecret, body) },
        body,
      });
      return response.ok;
    } catch {
      // The shop's status polling (checkout/payment-status/yuno) pulls what a lost webhook did not push.
      return false;
    }
  }

  /**
   * The hosted page's submit: checks the card, creates the payment (one per attempt; a declined
   * card leaves the session open for another), posts the webhook, and says where to go next.
   */
  async function pay(
    checkoutSession: string,
    card: { number: string; expiry: string; cvc: string },
  ): Promise<
    | { kind: 'done'; callbackUrl: string; payment: YunoPayment }
    | { kind: 'form'; errors: Partial<Record<'number' | 'expiry' | 'cvc', CardError>>; declined: string | null }
    | { kind: 'gone' }
  > {
    const session = await openSession(checkoutSession);
    if (!session) return { kind: 'gone' };
    const errors = cardErrors(card, iso().slice(0, 10));
    if (Object.keys(errors).length > 0) return { kind: 'form', errors, declined: null };
    const earlier = await paymentsOfOrder(session.merchant_order_id);
    const succeeded = earlier.find((p) => p.status === 'SUCCEEDED');
    // Only one payment per checkout session succeeds (Yuno's rule): a second submit is the first payment.
    if (succeeded) return { kind: 'done', callbackUrl: session.callback_url ?? '/', payment: succeeded };
    const outcome = cardOutcome(card.number);
    // The sandbox has no 3-D Secure step of its own: that card succeeds after a frictionless check.
    const ok = outcome === 'success' || outcome === 'three_d_secure';
    const payment: YunoPayment = {
      id: randomUUID(),
      status: ok ? 'SUCCEEDED' : 'DECLINED',
      sub_status: ok ? 'APPROVED' : outcome.toUpperCase(),
      merchant_order_id: session.merchant_order_id,
      description: session.payment_description,
      country: session.country,
      amount: { ...session.amount, refunded: 0 },
      checkout: { session: session.checkout_session },
      transactions: [{ id: randomUUID(), type: 'PURCHASE', status: ok ? 'SUCCEEDED' : 'DECLINED', amount: session.amount }],
      created_at: iso(),
      updated_at: iso(),
    };
    await save('payment', payment.id, payment);
    await sendWebhook(payment);
    if (!ok) return { kind: 'form', errors: {}, declined: outcome };
    return { kind: 'done', callbackUrl: session.callback_url ?? '/', payment };
  }

  return { handle, openSession, pay, sendWebhook, paymentsOfOrder };
}

export type YunoSandbox = ReturnType<typeof createYunoSandbox>;
