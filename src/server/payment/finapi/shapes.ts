/**
 * finAPI's published request and answer shapes, as zod schemas: Access API v2 ("Request and
 * Refresh Tokens" POST /api/v2/oauth/token, "Get multiple payments" GET /api/v2/payments,
 * "Create money transfer" POST /api/v2/payments/moneyTransfers) and Web Form 2.0 ("Create a web
 * form for a standalone payment" POST /api/webForms/standalonePayment, "Get a web form"
 * GET /api/webForms/{id}, the `finalised` callback). The client parses every answer with them
 * and the local sandbox answers with them. Only the fields the shop reads are required (`.loose()`).
 */
import { z } from 'zod';

const currency = z.string().regex(/^[A-Z]{3}$/);
const iban = z.string().regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/);

export const tokenAnswer = z
  .object({ access_token: z.string().min(8), token_type: z.string(), expires_in: z.number().int().positive() })
  .loose();

/** Web Form 2.0 amounts: a decimal value in the currency's major unit. */
export const webFormAmount = z.object({ value: z.number().positive(), currency });

export const standalonePaymentRequest = z.object({
  orders: z
    .array(
      z.object({
        recipient: z.object({ name: z.string().min(1).max(70), iban }),
        amount: webFormAmount,
        purpose: z.string().max(140).optional(),
        endToEndId: z.string().max(35).optional(),
      }),
    )
    .min(1)
    .max(1),
  instantPayment: z.boolean().optional(),
  callbacks: z.object({ finalised: z.url().max(2048) }).optional(),
  allowTestBank: z.boolean().optional(),
});
export type StandalonePaymentRequest = z.infer<typeof standalonePaymentRequest>;

/** Web form statuses (Web Form 2.0 "WebFormStatus"). */
export const WEB_FORM_STATUSES = ['NOT_YET_OPENED', 'IN_PROGRESS', 'COMPLETED', 'COMPLETED_WITH_ERROR', 'ABORTED', 'EXPIRED'] as const;
export type WebFormStatus = (typeof WEB_FORM_STATUSES)[number];

export const webFormAnswer = z
  .object({
    id: z.string().min(1).max(100),
    url: z.url(),
    createdAt: z.string(),
    expiresAt: z.string(),
    type: z.string(),
    status: z.enum(WEB_FORM_STATUSES),
    payload: z
      .object({ paymentId: z.number().int().optional(), errorCode: z.string().optional(), errorMessage: z.string().optional() })
      .loose()
      .optional(),
  })
  .loose();
export type WebForm = z.infer<typeof webFormAnswer>;

/** Payment statuses (Access API v2 "Payment"). */
export const PAYMENT_STATUSES = ['OPEN', 'PENDING', 'SUCCESSFUL', 'NOT_SUCCESSFUL', 'DISCARDED', 'UNKNOWN'] as const;

export const finapiPayment = z
  .object({
    id: z.number().int(),
    /** The account the money left: the traveller's, for a payment through the web form. */
    iban: iban.nullable().optional(),
    type: z.string(),
    amount: z.number(),
    /** finAPI's SEPA payments are in euros; the field is read when present. */
    currencyCode: currency.optional(),
    status: z.enum(PAYMENT_STATUSES),
    requestDate: z.string().nullable().optional(),
  })
  .loose();
export type FinapiPayment = z.infer<typeof finapiPayment>;

export const paymentsAnswer = z.object({ payments: z.array(finapiPayment) }).loose();

export const moneyTransferRequest = z.object({
  accountId: z.number().int().positive(),
  orders: z
    .array(
      z.object({
        counterpartName: z.string().min(1).max(70),
        counterpartIban: iban,
        amount: z.number().positive(),
        currencyCode: currency.optional(),
        purpose: z.string().max(140).optional(),
        endToEndId: z.string().max(35).optional(),
      }),
    )
    .min(1)
    .max(1),
});
export type MoneyTransferRequest = z.infer<typeof moneyTransferRequest>;

/** Web Form 2.0's `finalised` callback body: which web form ended, and how. */
export const webFormCallback = z.object({ webFormId: z.string().min(1).max(100), status: z.enum(WEB_FORM_STATUSES) });
