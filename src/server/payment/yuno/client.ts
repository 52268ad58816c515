/**
 * A small client of Yuno's REST API: the calls the shop makes, with Yuno's authentication
 * headers (`public-api-key`, `private-secret-key`) and an `X-Idempotency-Key` on every call that
 * changes something. Yuno wants that key as a UUID; ours are names ("refund:12:7"), so the UUID is
 * derived from the name — a retry of the same call sends the same key and Yuno answers it once.
 * Every answer is parsed with the published shapes (shapes.ts); anything else is a provider error.
 * `fetch` is injectable: the contract tests hand it the local sandbox, with no network at all.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  checkoutSessionAnswer,
  paymentsByOrderAnswer,
  refundAnswer,
  type CheckoutSessionRequest,
  type RefundRequestBody,
} from './shapes.ts';
import type { YunoSettings } from './config.ts';

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** The provider answered something the shop cannot use (down, refused, or off its published shape). */
export class YunoError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'YunoError';
    this.status = status;
  }
}

/** A stable UUID (RFC 4122 layout, name-based) for one of our idempotency names. */
export function idempotencyUuid(name: string): string {
  const hex = createHash('sha256').update(`yuno-idempotency:${name}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function createYunoClient(settings: Pick<YunoSettings, 'apiUrl' | 'publicKey' | 'privateKey'>, fetchImpl: Fetch = fetch) {
  async function call<T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    answer: T,
    options: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<z.infer<T>> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'public-api-key': settings.publicKey,
      'private-secret-key': settings.privateKey,
    };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.idempotencyKey) headers['X-Idempotency-Key'] = idempotencyUuid(options.idempotencyKey);
    let response: Response;
    try {
      response = await fetchImpl(`${settings.apiUrl}${path}`, {
        method,
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new YunoError(`Yuno unreachable: ${error instanceof Error ? error.message : String(error)}`, 503);
    }
    const text = await response.text();
    if (!response.ok) throw new YunoError(`Yuno ${method} ${path}: HTTP ${String(response.status)} ${text.slice(0, 200)}`, response.status);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new YunoError(`Yuno ${method} ${path}: not JSON`, 502);
    }
    const parsed = answer.safeParse(json);
    if (!parsed.success) throw new YunoError(`Yuno ${method} ${path}: unexpected answer (${parsed.error.message.slice(0, 200)})`, 502);
    return parsed.data;
  }

  return {
    /** POST /v1/checkout/sessions */
    createCheckoutSession: (body: CheckoutSessionRequest, idempotencyKey: string) =>
      call('POST', '/checkout/sessions', checkoutSessionAnswer, { body, idempotencyKey }),
    /** GET /v1/payments?merchant_order_id= */
    paymentsOfOrder: (merchantOrderId: string) =>
      call('GET', `/payments?merchant_order_id=${encodeURIComponent(merchantOrderId)}`, paymentsByOrderAnswer),
    /** POST /v1/payments/{payment_id}/transactions/{transaction_id}/refund */
    refund: (paymentId: string, transactionId: string, body: RefundRequestBody, idempotencyKey: string) =>
      call('POST', `/payments/${encodeURIComponent(paymentId)}/transactions/${encodeURIComponent(transactionId)}/refund`, refundAnswer, {
        body,
        idempotencyKey,
      }),
  };
}

export type YunoClient = ReturnType<typeof createYunoClient>;
