/**
 * Yuno's published request and answer shapes (docs.y.uno, API reference: "Create Checkout
 * Session", "Retrieve Payment by Merchant Order ID", "Refund Payment", "Webhooks: object and
 * examples"), as zod schemas. The client parses every answer with them and the local sandbox
 * answers with them, so the contract tests hold both sides to the same published shape.
 * Only the fields the shop reads are required; Yuno's answers carry many more (`.loose()`).
 */
import { z } from 'zod';

/** Yuno amounts are decimal values in the currency's major unit (`{ "currency": "USD", "value": 100.5 }`). */
export const yunoAmount = z.object({ currency: z.string().regex(/^[A-Z]{3}$/), value: z.number().nonnegative() }).loose();

export const checkoutSessionRequest = z.object({
  account_id: z.uuid(),
  merchant_order_id: z.string().min(3).max(255),
  payment_description: z.string().min(3).max(255),
  country: z.string().regex(/^[A-Z]{2}$/),
  amount: yunoAmount,
  callback_url: z.url().max(526).optional(),
  workflow: z.enum(['SDK_CHECKOUT', 'CHECKOUT', 'SDK_SEAMLESS']).optional(),
});
export type CheckoutSessionRequest = z.infer<typeof checkoutSessionRequest>;

export const checkoutSessionAnswer = z
  .object({
    checkout_session: z.string().min(36).max(64),
    merchant_order_id: z.string(),
    country: z.string(),
    amount: yunoAmount,
    created_at: z.string(),
  })
  .loose();

/** Payment statuses (Yuno's "Payments - Workflow and Status"). */
export const PAYMENT_STATUSES = [
  'CREATED',
  'READY_TO_PAY',
  'PENDING',
  'SUCCEEDED',
  'DECLINED',
  'REJECTED',
  'ERROR',
  'CANCELED',
  'EXPIRED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'IN_DISPUTE',
  'CHARGEBACK',
  'FRAUD_DECLINED',
  'VERIFIED',
] as const;

export const yunoTransaction = z
  .object({
    id: z.string().min(1),
    type: z.enum(['PURCHASE', 'AUTHORIZE', 'CAPTURE', 'CANCEL', 'REFUND', 'VERIFY']),
    status: z.string(),
    amount: yunoAmount,
    response_code: z.string().optional(),
  })
  .loose();

export const yunoPayment = z
  .object({
    id: z.string().min(1),
    status: z.enum(PAYMENT_STATUSES),
    sub_status: z.string().optional(),
    merchant_order_id: z.string(),
    amount: yunoAmount.extend({ refunded: z.number().nonnegative().optional() }),
    checkout: z.object({ session: z.string() }).loose().optional(),
    transactions: z.array(yunoTransaction).optional(),
    created_at: z.string().optional(),
    updated_at: z.string().optional(),
  })
  .loose();
export type YunoPayment = z.infer<typeof yunoPayment>;

export const paymentsByOrderAnswer = z.array(yunoPayment);

export const refundRequest = z.object({
  merchant_reference: z.string().min(3).max(255),
  description: z.string().max(255).optional(),
  reason: z.enum(['DUPLICATE', 'FRAUDULENT', 'REQUESTED_BY_CUSTOMER', 'REVERSE']),
  /** Partial refund; omitted for a full one. */
  amount: yunoAmount.optional(),
});
export type RefundRequestBody = z.infer<typeof refundRequest>;

export const refundAnswer = z
  .object({ id: z.string().min(1), type: z.literal('REFUND'), status: z.string(), amount: yunoAmount, created_at: z.string() })
  .loose();

/** A payment webhook, version 2 ("type": "payment", the payment under data.payment). */
export const paymentWebhook = z.object({
  type: z.literal('payment'),
  type_event: z.string().min(1).max(80),
  account_id: z.string(),
  retry: z.coerce.number().int().nonnegative(),
  version: z.coerce.number().int(),
  data: z.object({ payment: yunoPayment }),
});
export type PaymentWebhook = z.infer<typeof paymentWebhook>;

/** Yuno's error answer. */
export const yunoError = z.object({ code: z.string(), messages: z.array(z.string()).optional() }).loose();
