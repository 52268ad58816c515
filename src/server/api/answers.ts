/**
 * Schemas of success answers (issue 19, item 2), shared by the operations that answer them. An
 * operation with a `response` schema has it in the OpenAPI document and /api/docs, and under the
 * test runner every JSON answer it gives is parsed with it (declared.ts): a handler that answers
 * something else fails the test that called it. Operations without one are still described in
 * words — the list of those is the work left (docs/ARCHITECTURE.md, "The API").
 */
import { z } from 'zod';
import { unsubscribeQuery } from '../mail/preferences.ts';
import { paymentPartAnswer, totalsAnswer } from './answers/cart.ts';
import { moneySchema } from './answers/common.ts';
import { SEARCH_ANSWERS } from './answers/search.ts';

export { moneySchema };

const paygate = z.object({ code: z.string(), type: z.string(), name: z.string() });

const supportArticleSummary = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  category: z.string(),
  faq: z.boolean(),
  updated: z.iso.date(),
  lang: z.string(),
  fallback: z.boolean(),
  url: z.string(),
});

/** One line of a live chat with Support (chatProxy/{userId}); `channel` case is a reply mailed on the case. */
const chatLine = z.object({
  id: z.number().int().positive(),
  author: z.enum(['traveller', 'staff']),
  channel: z.enum(['case', 'chat']),
  body: z.string(),
  at: z.iso.datetime(),
  staff_name: z.string().nullable(),
});

export const ANSWERS = {
  ok: z.object({ ok: z.literal(true) }),
  supportHome: z.object({
    categories: z.array(z.object({ key: z.string(), title: z.string(), text: z.string(), articles: z.number().int(), url: z.string() })),
    popular: z.array(supportArticleSummary),
    contact: z.object({
      email: z.string(),
      hours: z.object({ from: z.string(), to: z.string(), timeZone: z.string() }),
      help_url: z.string(),
      contact_url: z.string(),
    }),
  }),
  supportArticles: z.object({ articles: z.array(supportArticleSummary) }),
  supportArticle: supportArticleSummary.extend({ html: z.string() }),
  caseOpened: z.object({
    case: z.object({ number: z.string().regex(/^SC-[0-9A-Z]{8}$/), status: z.literal('open'), url: z.string() }),
    attachments: z.number().int().min(0),
  }),

  chatLines: z.object({
    user_id: z.string().nullable(),
    case: z.object({ number: z.string(), status: z.enum(['open', 'answered']) }).nullable(),
    needs_email: z.boolean(),
    messages: z.array(chatLine),
  }),
  chatPosted: z.object({
    user_id: z.string(),
    case: z.object({ number: z.string(), status: z.enum(['open', 'answered']) }),
    message: chatLine,
  }),

  sent: z.object({ sent: z.literal(true) }),
  unsubscribed: z.object({ unsubscribed: z.literal(true), type: unsubscribeQuery.shape.type }),
  freeze: z.object({ hash: z.string(), frozen: z.boolean() }),
  bookingLink: z.union([
    z.object({ ticket_url: z.string(), expires_in: z.number().int().positive() }),
    z.object({ resume_url: z.string(), expires_in: z.number().int().positive() }),
  ]),
  totals: totalsAnswer,
  paygates: z.object({ paygates: z.array(paygate) }),
  totalSplit: z.object({ parts: z.array(paymentPartAnswer) }),
  paygatesSplit: z.object({ parts: z.array(paymentPartAnswer.extend({ paygates: z.array(paygate) })) }),
  paySplit: z.object({ booking_id: z.uuid(), parts: z.array(paymentPartAnswer) }),
  validForm: z.object({ valid: z.literal(true), fields: z.object({}) }),
  reserved: z.object({
    booking: z.object({
      id: z.uuid(),
      reference: z.string(),
      status: z.string(),
      total: moneySchema,
      hold_expires_at: z.iso.datetime(),
    }),
    pay_url: z.string(),
  }),
  placedOrder: z.object({
    payment_id: z.number().int(),
    booking_id: z.uuid(),
    paygate: z.string(),
    redirect_url: z.string().nullable(),
    reference: z.string().nullable(),
    expires_at: z.iso.datetime().nullable(),
  }),
  yunoSession: z.object({
    payment_id: z.number().int(),
    booking_id: z.uuid(),
    paygate: z.literal('yuno'),
    redirect_url: z.string(),
    checkout_session: z.string(),
    public_api_key: z.string(),
    country: z.string(),
    reference: z.null(),
    expires_at: z.iso.datetime().nullable(),
  }),
  cardMethod: z.object({
    scheme: z.string(),
    issuer_country: z.string().nullable(),
    card_type: z.string(),
    paygate: z.string(),
    fee_basis_points: z.number().int(),
  }),
  webhook: z.object({ received: z.literal(true), result: z.string() }),
  ...SEARCH_ANSWERS,
} as const;
