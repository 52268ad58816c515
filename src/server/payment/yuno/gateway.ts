/**
 * The Yuno card paygate on the provider interface (../paygates.ts).
 *
 * - start: a checkout session (POST /v1/checkout/sessions) for the payment's amount, with our own
 *   merchant order id as the payment's reference. With real keys the payment page mounts Yuno's
 *   Web SDK on that session (`embedSession`); with the local sandbox the traveller is sent to the
 *   sandbox's hosted page for the session, which plays the SDK's part.
 * - status: the payments of our order id (GET /v1/payments?merchant_order_id=), the newest one
 *   decides; the event id is Yuno's payment id and status, so the same news pulled and pushed
 *   (webhook) is applied once.
 * - refund: through the payment's PURCHASE transaction, partial when the amount is less than
 *   what was captured, in the currency charged.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { Paygate, PaymentStart, ProviderStatus, RefundAnswer, RefundRequest, StartedPayment } from '../paygates.ts';
import { fromYunoValue, toYunoValue } from './amounts.ts';
import { createYunoClient, YunoError, type Fetch, type YunoClient } from './client.ts';
import { YUNO_SANDBOX_PATH, yunoSettings, type YunoSettings } from './config.ts';
import type { YunoPayment } from './shapes.ts';

const SUCCEEDED = new Set(['SUCCEEDED', 'VERIFIED']);
const FAILED = new Set(['DECLINED', 'REJECTED', 'ERROR', 'CANCELED', 'EXPIRED', 'FRAUD_DECLINED']);

/** Yuno's checkout session lasts five hours; the shop's hold is shorter and decides. */
const SESSION_HOURS = 5;

/** The shop's word for one Yuno payment: an event confirm.ts applies, or nothing yet. */
export function statusOfPayment(payment: YunoPayment): ProviderStatus {
  const state = SUCCEEDED.has(payment.status) ? 'succeeded' : FAILED.has(payment.status) ? 'failed' : undefined;
  if (!state) return { state: 'pending' };
  const amountMinor = fromYunoValue(payment.amount.value, payment.amount.currency);
  return {
    state,
    eventId: `yuno_${payment.id}_${payment.status}`,
    // An amount the currency cannot hold matches no payment: confirm.ts refuses it as a mismatch.
    amountMinor: amountMinor ?? -1,
    currency: payment.amount.currency,
    ...(state === 'failed' ? { failureCode: (payment.sub_status ?? payment.status).toLowerCase() } : {}),
  };
}

/** The newest payment of an order: a traveller may have tried a declined card before a good one. */
function newest(payments: readonly YunoPayment[]): YunoPayment | undefined {
  return [...payments].sort((a, b) => (a.created_at ?? '').localeCompare(b.created_at ?? '')).at(-1);
}

export function createYunoGateway(options: { settings?: () => YunoSettings; fetch?: Fetch } = {}): Paygate {
  const settings = options.settings ?? (() => yunoSettings());
  const client = (): YunoClient => createYunoClient(settings(), options.fetch ?? ((url, init) => fetch(url, init)));
  return {
    code: 'yuno',
    type: 'card',
    async start(_db: Db, input: PaymentStart): Promise<StartedPayment> {
      const s = settings();
      const merchantOrderId = `yuno_${randomBytes(12).toString('base64url')}`;
      const session = await client().createCheckoutSession(
        {
          account_id: s.accountId,
          merchant_order_id: merchantOrderId,
          payment_description: `Booking ${input.bookingPublicId}`,
          country: s.country,
          amount: { currency: input.currency, value: toYunoValue(input.amountMinor, input.currency) },
          callback_url: `${input.origin}/${input.lang}/payment-status/booking/${input.bookingPublicId}`,
          workflow: 'SDK_CHECKOUT',
        },
        input.idempotencyKey,
      );
      const redirectUrl = s.sandbox
        ? `${input.origin}${YUNO_SANDBOX_PATH}/checkout/${session.checkout_session}?lang=${input.lang}`
        : `${input.origin}/${input.lang}/payment-status/booking/${input.bookingPublicId}`;
      return {
        providerRef: merchantOrderId,
        redirectUrl,
        expiresAt: new Date(input.now + SESSION_HOURS * 3_600_000),
        embedSession: session.checkout_session,
      };
    },
    async status(providerRef: string): Promise<ProviderStatus> {
      const payment = newest(await client().paymentsOfOrder(providerRef));
      return payment ? statusOfPayment(payment) : { state: 'pending' };
    },
    async refund(providerRef: string, refund: RefundRequest): Promise<RefundAnswer> {
      const payments = await client().paymentsOfOrder(providerRef);
      const paid = payments.find((p) => SUCCEEDED.has(p.status) || p.status === 'PARTIALLY_REFUNDED');
      const purchase = paid?.transactions?.find((t) => t.type === 'PURCHASE' || t.type === 'CAPTURE');
      if (!paid || !purchase) throw new YunoError(`no captured Yuno payment for ${providerRef}`, 404);
      if (paid.amount.currency !== refund.currency)
        throw new YunoError(`refund in ${refund.currency} of a ${paid.amount.currency} payment`, 422);
      const captured = fromYunoValue(paid.amount.value, paid.amount.currency) ?? 0;
      const answer = await client().refund(
        paid.id,
        purchase.id,
        {
          merchant_reference: refund.idempotencyKey.slice(0, 255),
          reason: 'REQUESTED_BY_CUSTOMER',
          ...(refund.amountMinor < captured
            ? { amount: { currency: refund.currency, value: toYunoValue(refund.amountMinor, refund.currency) } }
            : {}),
        },
        refund.idempotencyKey,
      );
      return { refundRef: answer.id, state: answer.status === 'SUCCEEDED' || answer.status === 'REFUNDED' ? 'succeeded' : 'pending' };
    },
  };
}

export const yunoGateway: Paygate = createYunoGateway();
