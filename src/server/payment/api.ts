/**
 * Payment endpoints (SPEC §7): pay, pay/split/{hash}, pay/place-order,
 * pay/place-order-by-booking-cart-hash, pay/payment-result, and the sandbox gateway's webhook
 * receiver. Both order calls require an Idempotency-Key header: a retried click or a flaky
 * network never places two orders.
 */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { ApiError, errorResponse } from '../api/errors.ts';
import { ProviderUnavailable } from './providerErrors.ts';
import { endpoints, json, JSON_TYPE, NO_STORE, parseInput, queryObject, readJson } from '../api/http.ts';
import { siteOrigin } from '../config.ts';
import { cartHashQuery, cartHashSchema } from '../../domain/cart/cartHash.ts';
import { loadCart, type LoadedCart } from '../cart/cart.ts';
import type { Db } from '../db/client.ts';
import { bookingIdByPublicId, cartOpenTo, ownsBooking } from '../booking/access.ts';
import { currentBookingForCartHash, getBooking, leadBooking, bookingsOfCart, type BookingRow } from '../booking/bookings.ts';
import { checkoutContext } from '../checkout/context.ts';
import { cartPaymentParts } from '../checkout/payParts.ts';
import { logCheckoutStage } from '../booking/log.ts';
import { travellerContext } from '../booking/requestContext.ts';
import type { EventDispatcher } from '../events/dispatch.ts';
import { getSearchIndex } from '../search/cache.ts';
import { parsePaymentEnv } from './config.ts';
import { bookingPaymentView, paymentResult } from './result.ts';
import { applyPaymentEvent, type EventOutcome } from './confirm.ts';
import { IDEMPOTENCY_KEY, idempotent } from './idempotency.ts';
import { PAYGATE_CODES, PAYGATES, type PaygateCode } from './paygates.ts';
import { GATEWAYS, placeOrder } from './place.ts';
import { binSchema } from '../../domain/payment/bins.ts';
import { resolveCardMethod } from './cardMethods.ts';
import type { Paygate, ProviderStatus } from './paygates.ts';
import { latestPaymentOf } from './result.ts';
import { YunoError } from './yuno/client.ts';
import { FinapiError } from './finapi/client.ts';
import { finapiSettings } from './finapi/config.ts';
import { verifyFinapiCallback } from './finapi/callbackSignature.ts';
import { webFormCallback } from './finapi/shapes.ts';
import { and, eq } from 'drizzle-orm';
import { payments } from '../db/schema.ts';
import { yunoSettings } from './yuno/config.ts';
import { statusOfPayment } from './yuno/gateway.ts';
import { paymentWebhook } from './yuno/shapes.ts';
import { verifyYunoSignature, YUNO_SIGNATURE_HEADER } from './yuno/signature.ts';
import { SIGNATURE_HEADER, verifySignature } from './signature.ts';
import { crashPoint } from '../crashPoints.ts';

type Ctx = Pick<APIContext, 'request' | 'url' | 'locals' | 'params'>;

export interface PaymentApiOptions {
  db?: Db;
  now?: () => number;
  /**
   * Delivers a booking's new domain events (confirmation mail, refunds) right after the webhook
   * committed them; defaults to the process's dispatcher over the real subscribers. The
   * background job (src/server/jobs) delivers whatever this fast path missed.
   */
  events?: Pick<EventDispatcher, 'deliverSoon'>;
  /** The paygates (tests hand in providers wired to their local sandbox); the process's by default. */
  gateways?: Record<PaygateCode, Paygate>;
}

const paygateSchema = z.enum(PAYGATE_CODES as [PaygateCode, ...PaygateCode[]]);

/** The sandbox gateway's webhook event (the signed raw body, parsed). */
export const webhookEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(['payment.succeeded', 'payment.failed']),
  created: z.number().int(),
  data: z.object({
    reference: z.string().min(1).max(200),
    amount: z.number().int().nonnegative(),
    currency: z.string().regex(/^[A-Z]{3}$/),
    failure_code: z.string().max(60).optional(),
  }),
});

/** `booking_id` / `booking` are the booking's public id (a uuid), never its sequential row id. */
export const bookingPublicIdSchema = z.uuid();
export const placeOrderBody = z.object({ booking_id: bookingPublicIdSchema, paygate: paygateSchema });
export const placeOrderByCartHashBody = z.object({ hash: cartHashSchema, paygate: paygateSchema });
export const paymentResultQuery = z.object({ booking: bookingPublicIdSchema });
export const yunoSessionBody = z.object({ booking_id: bookingPublicIdSchema });
export const resolveCardBody = z.object({ bin: binSchema });

/** A provider that did not answer, or answered off its published shape. */
const isProviderError = (error: unknown) => error instanceof YunoError || error instanceof FinapiError;

/** A browser that follows a redirect (the traveller back from the bank) rather than a script asking for JSON. */
const wantsPage = (request: Request) => (request.headers.get('accept') ?? '').includes('text/html');

export function createPaymentApi(options: PaymentApiOptions = {}) {
  const now = options.now ?? (() => Date.now());
  const gateways = options.gateways ?? GATEWAYS;
  const db = async (): Promise<Db> => options.db ?? (await import('../db/index.ts').then((m) => m.getDbHandle())).db;
  const events = async () => options.events ?? (await import('../events/instance.ts')).eventDispatcher;

  /** Event deliveries (confirmation mails, refunds) still running after their webhook was acknowledged. */
  const mailing = new Set<Promise<void>>();

  async function afterEvent(d: Db, outcome: EventOutcome): Promise<void> {
    if (outcome.result !== 'confirmed' && outcome.result !== 'refunded' && outcome.result !== 'failed') return;
    // The gateway (and the traveller's redirect behind it) does not wait for the PDF and the
    // mail: the booking is paid once the transaction committed, with its events. Delivering
    // them here is the fast path; the events job is the guarantee (it retries what fails here).
    const sending: Promise<void> = (await events()).deliverSoon(d, outcome.bookingId).finally(() => mailing.delete(sending));
    mailing.add(sending);
  }

  async function bookingView(d: Db, b: BookingRow) {
    return bookingPaymentView(d, b, (await getSearchIndex(options.db, now())).fx);
  }

  /**
   * Runs an order call under its Idempotency-Key. The first call's answer — its success or its
   * refusal — is what every retry with the same key gets, so a refusal is stored as the
   * envelope it is answered with (`refusal` renders it the one way, errors.ts).
   */
  async function withKey(
    ctx: Ctx,
    scope: string,
    body: unknown,
    work: (d: Db) => Promise<{ status: number; body: unknown }>,
  ): Promise<Response> {
    const key = ctx.request.headers.get('idempotency-key') ?? '';
    if (!IDEMPOTENCY_KEY.test(key)) throw new ApiError('idempotency_key_required');
    const d = await db();
    const result = await idempotent(d, scope, key, body, async () => {
      try {
        const answer = await work(d);
        return { status: answer.status, body: JSON.stringify(answer.body) };
      } catch (error) {
        // A refusal of the order itself is the answer every retry gets. A busy booking, a refused
        // transition or an index not ready (ApiError's subclasses) pass: the key is released and a retry runs again.
        if (!(error instanceof ApiError) || error.constructor !== ApiError) throw error;
        const refusal = errorResponse(ctx.locals.t, error);
        return { status: refusal.status, body: await refusal.text() };
      }
    });
    if (result.kind === 'key_reused') throw new ApiError('idempotency_key_reused');
    if (result.kind === 'in_progress') throw new ApiError('idempotency_in_progress');
    return new Response(result.answer.body, {
      status: result.answer.status,
      headers: {
        'content-type': JSON_TYPE,
        ...NO_STORE,
        ...(result.replayed ? { 'idempotent-replayed': 'true' } : {}),
      },
    });
  }

  /** The booking behind a public id, when this request may act on it (its cart session or its owner). */
  async function ownBooking(ctx: Ctx, d: Db, publicId: string): Promise<BookingRow | undefined> {
    const id = await bookingIdByPublicId(d, publicId);
    const booking = id === undefined ? undefined : await getBooking(d, id, new Date(now()));
    return booking && (await ownsBooking(d, ctx.request, booking, new Date(now()))) ? booking : undefined;
  }

  /** The cart's current booking, when this request may act on it; a stranger gets the same 404 as for no cart. */
  async function cartBooking(ctx: Ctx, d: Db, hash: string): Promise<{ cart: LoadedCart; booking: BookingRow | undefined }> {
    const cart = await loadCart(d, hash);
    if (!cart || !(await cartOpenTo(d, ctx.request, cart.cart.id, new Date(now())))) throw new ApiError('cart_not_found');
    // Of a cart paid in parts (issue 26), the next part to pay (else a paid one), as the pay step shows it.
    return { cart, booking: leadBooking(await bookingsOfCart(d, cart.cart.id, new Date(now()))) };
  }

  async function place(ctx: Ctx, d: Db, bookingId: number, paygate: PaygateCode, booking?: BookingRow) {
    let placed: Awaited<ReturnType<typeof placeOrder>>;
    try {
      placed = await placeOrder(d, {
        bookingId,
        paygate,
        origin: siteOrigin(),
        now: now(),
        ctx: await travellerContext(ctx, d, now()),
        idempotencyKey: ctx.request.headers.get('idempotency-key') ?? undefined,
        gateways,
        ...(booking ? { booking } : {}),
      });
    } catch (error) {
      // The provider did not open a session: nothing was written, and the key is released for a retry.
      if (isProviderError(error)) throw new ProviderUnavailable();
      throw error;
    }
    logCheckoutStage('Payment', { booking: bookingId, paygate, ok: placed.ok, ...(placed.ok ? {} : { code: placed.code }) });
    if (placed.ok) crashPoint('after-place-order');
    if (!placed.ok) throw new ApiError(placed.code);
    return {
      status: 201,
      body: {
        payment_id: placed.paymentId,
        booking_id: placed.bookingPublicId,
        paygate: placed.paygate,
        redirect_url: placed.redirectUrl,
        reference: placed.paygate === 'counter' ? placed.providerRef : null,
        expires_at: placed.expiresAt?.toISOString() ?? null,
        ...(placed.embedSession ? { checkout_session: placed.embedSession } : {}),
      },
    };
  }

  /** Applies where a provider says a payment stands (pulled or pushed), once per provider event. */
  async function applyProviderStatus(d: Db, reference: string, status: ProviderStatus): Promise<EventOutcome | undefined> {
    if (status.state === 'pending') return undefined;
    const outcome = await applyPaymentEvent(
      d,
      {
        id: status.eventId,
        type: status.state === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
        reference,
        amountMinor: status.amountMinor,
        currency: status.currency,
        failureCode: status.failureCode,
      },
      now(),
    );
    await afterEvent(d, outcome);
    return outcome;
  }

  /**
   * Asks the provider where the booking's latest payment through `paygate` stands, and applies a
   * final answer (the pull beside the provider's push; either applies once, by its event id).
   */
  async function pullProviderStatus(d: Db, bookingId: number, paygate: 'yuno' | 'finapi'): Promise<void> {
    const payment = await latestPaymentOf(d, bookingId, paygate);
    if (!payment) throw new ApiError('payment_not_found');
    if (payment.status !== 'pending') return;
    let status: ProviderStatus;
    try {
      status = await gateways[paygate].status(payment.providerRef, { idempotencyKey: `status:${String(payment.id)}` });
    } catch (error) {
      if (isProviderError(error)) throw new ProviderUnavailable();
      throw error;
    }
    const outcome = await applyProviderStatus(d, payment.providerRef, status);
    if (outcome?.result === 'amount_mismatch') throw new ApiError('amount_mismatch');
  }

  const handlers = endpoints({
    /** POST checkout/resolve-card-payment-method: which provider takes a card, and its fee, from the card's first digits. */
    async resolveCardPaymentMethod(ctx: Ctx): Promise<Response> {
      const { bin } = parseInput(resolveCardBody, await readJson(ctx.request), 'invalid_card_bin');
      const range = await resolveCardMethod(await db(), bin);
      if (!range) throw new ApiError('invalid_card_bin', { fields: { bin: ['unknown'] } });
      return json(
        {
          scheme: range.scheme,
          issuer_country: range.issuerCountry === 'ZZ' ? null : range.issuerCountry,
          card_type: range.cardType,
          paygate: range.paygate,
          fee_basis_points: range.feeBasisPoints,
        },
        200,
        NO_STORE,
      );
    },

    /** POST checkout/payment-session/yuno: a Yuno checkout session for the booking (Idempotency-Key required). */
    async yunoPaymentSession(ctx: Ctx): Promise<Response> {
      const order = parseInput(yunoSessionBody, await readJson(ctx.request), 'invalid_order');
      return withKey(ctx, 'yuno-session', order, async (d) => {
        const booking = await ownBooking(ctx, d, order.booking_id);
        if (!booking) throw new ApiError('booking_not_found');
        const placed = await place(ctx, d, booking.id, 'yuno', booking);
        const settings = yunoSettings();
        return { ...placed, body: { ...placed.body, public_api_key: settings.publicKey, country: settings.country } };
      });
    },

    /**
     * GET checkout/payment-status/yuno?booking=: asks Yuno where the booking's latest Yuno payment
     * stands and applies a final answer (the pull beside the webhook's push; either applies once).
     */
    async yunoPaymentStatus(ctx: Ctx): Promise<Response> {
      const query = parseInput(paymentResultQuery, queryObject(ctx.url), 'invalid_booking');
      const d = await db();
      const booking = await ownBooking(ctx, d, query.booking);
      if (!booking) throw new ApiError('booking_not_found');
      await pullProviderStatus(d, booking.id, 'yuno');
      const fresh = await getBooking(d, booking.id, new Date(now()));
      const index = await getSearchIndex(options.db, now());
      return json(await paymentResult(d, fresh ?? booking, ctx.locals.locale.segment, index.fx), 200, NO_STORE);
    },

    /** POST /api/paygates/yuno/webhook: Yuno's payment webhooks, `x-hmac-signature` over the raw body. */
    async yunoWebhook(ctx: Ctx): Promise<Response> {
      const raw = await ctx.request.text();
      const settings = yunoSettings();
      const check = verifyYunoSignature(settings.webhookSecret, ctx.request.headers.get(YUNO_SIGNATURE_HEADER), raw);
      if (check !== 'ok') throw new ApiError('invalid_signature', { fields: { [YUNO_SIGNATURE_HEADER]: [check] } });
      let payload: unknown;
      try {
        payload = JSON.parse(raw);
      } catch {
        throw new ApiError('invalid_webhook');
      }
      const event = parseInput(paymentWebhook, payload, 'invalid_webhook');
      if (event.account_id !== settings.accountId) throw new ApiError('invalid_webhook', { fields: { account_id: ['unknown'] } });
      const d = await db();
      const outcome = await applyProviderStatus(d, event.data.payment.merchant_order_id, statusOfPayment(event.data.payment));
      logCheckoutStage('Internal Paygate Processing', {
        paygate: 'yuno',
        payment: event.data.payment.id,
        result: outcome?.result ?? 'pending',
      });
      if (outcome?.result === 'unknown_payment') throw new ApiError('payment_not_found');
      if (outcome?.result === 'amount_mismatch') throw new ApiError('amount_mismatch');
      return json({ received: true, result: outcome?.result ?? 'ignored' }, 200);
    },

    /**
     * GET pay/finapi-payment-result?booking=: the traveller back from finAPI's web form (success,
     * error or abort all come here). Asks finAPI where the web form and its payment stand and
     * applies a final answer; a browser is then sent on to the payment status page, a script gets
     * the pay/payment-result answer.
     */
    async finapiPaymentResult(ctx: Ctx): Promise<Response> {
      const query = parseInput(paymentResultQuery, queryObject(ctx.url), 'invalid_booking');
      const d = await db();
      const booking = await ownBooking(ctx, d, query.booking);
      const statusPage = new Response(null, {
        status: 303,
        headers: { location: `/${ctx.locals.locale.segment}/payment-status/booking/${query.booking}`, ...NO_STORE },
      });
      // Approved in another browser (the bank's app on a phone): nothing is asked or told here —
      // finAPI's callback applies the payment, and the status page decides what this browser may see.
      if (!booking && wantsPage(ctx.request)) return statusPage;
      if (!booking) throw new ApiError('booking_not_found');
      await pullProviderStatus(d, booking.id, 'finapi');
      if (wantsPage(ctx.request)) return statusPage;
      const fresh = await getBooking(d, booking.id, new Date(now()));
      const index = await getSearchIndex(options.db, now());
      return json(await paymentResult(d, fresh ?? booking, ctx.locals.locale.segment, index.fx), 200, NO_STORE);
    },

    /**
     * POST /api/paygates/finapi/callback?booking=&signature=: finAPI's `finalised` web form
     * callback. The URL's signature (callbackSignature.ts) is checked first; the body only says
     * which web form to ask finAPI about — its status and amount are finAPI's answer, not the body's.
     */
    async finapiCallback(ctx: Ctx): Promise<Response> {
      const bookingPublicId = ctx.url.searchParams.get('booking');
      const check = verifyFinapiCallback(finapiSettings().callbackSecret, bookingPublicId, ctx.url.searchParams.get('signature'));
      if (check !== 'ok') throw new ApiError('invalid_signature', { fields: { signature: [check] } });
      let payload: unknown;
      try {
        payload = JSON.parse(await ctx.request.text());
      } catch {
        throw new ApiError('invalid_webhook');
      }
      const callback = parseInput(webFormCallback, payload, 'invalid_webhook');
      const d = await db();
      const bookingId = await bookingIdByPublicId(d, bookingPublicId ?? '');
      const [payment] = await d
        .select({ id: payments.id, bookingId: payments.bookingId })
        .from(payments)
        .where(and(eq(payments.providerRef, callback.webFormId), eq(payments.paygate, 'finapi')))
        .limit(1);
      // A web form of another booking is not this URL's to report on.
      if (!payment || payment.bookingId !== bookingId) throw new ApiError('payment_not_found');
      let status: ProviderStatus;
      try {
        status = await gateways.finapi.status(callback.webFormId, { idempotencyKey: `callback:${callback.webFormId}` });
      } catch (error) {
        if (isProviderError(error)) throw new ProviderUnavailable();
        throw error;
      }
      const outcome = await applyProviderStatus(d, callback.webFormId, status);
      logCheckoutStage('Internal Paygate Processing', {
        paygate: 'finapi',
        webForm: callback.webFormId,
        result: outcome?.result ?? 'pending',
      });
      if (outcome?.result === 'amount_mismatch') throw new ApiError('amount_mismatch');
      return json({ received: true, result: outcome?.result ?? 'ignored' }, 200);
    },

    /** GET pay?hash=: the booking to pay and the ways to pay it. */
    async pay(ctx: Ctx): Promise<Response> {
      const query = parseInput(cartHashQuery, { hash: queryObject(ctx.url).hash }, 'invalid_cart');
      const d = await db();
      const { booking } = await cartBooking(ctx, d, query.hash);
      if (!booking) throw new ApiError('booking_not_found');
      logCheckoutStage('Payment only', { booking: booking.id });
      return json(
        {
          booking: await bookingView(d, booking),
          paygates: PAYGATES.map((p) => ({ code: p.code, type: p.type, name: ctx.locals.t(p.labelKey) })),
        },
        200,
        NO_STORE,
      );
    },

    /** GET pay/split/{hash}: the cart's payment parts (issue 26), each with its own booking to pay; `booking_id` is the next one to pay. */
    async paySplit(ctx: Ctx): Promise<Response> {
      const hash = parseInput(cartHashSchema, ctx.params.hash, 'invalid_cart');
      const d = await db();
      const { booking } = await cartBooking(ctx, d, hash);
      if (!booking) throw new ApiError('booking_not_found');
      const index = await getSearchIndex(options.db, now());
      const cc = await checkoutContext(d, index, hash, ctx.locals.locale.code, new Date(now()));
      if (!cc?.booking) throw new ApiError('booking_not_found');
      return json({ booking_id: cc.booking.publicId, parts: await cartPaymentParts(d, cc, index) }, 200, NO_STORE);
    },

    async placeOrder(ctx: Ctx): Promise<Response> {
      const order = parseInput(placeOrderBody, await readJson(ctx.request), 'invalid_order');
      return withKey(ctx, 'place-order', order, async (d) => {
        const booking = await ownBooking(ctx, d, order.booking_id);
        if (!booking) throw new ApiError('booking_not_found');
        return place(ctx, d, booking.id, order.paygate, booking);
      });
    },

    async placeOrderByCartHash(ctx: Ctx): Promise<Response> {
      const order = parseInput(placeOrderByCartHashBody, await readJson(ctx.request), 'invalid_order');
      return withKey(ctx, 'place-order', order, async (d) => {
        const newest = await currentBookingForCartHash(d, order.hash, new Date(now()));
        // A cart paid in parts (issue 26): the next part to pay, as the pay step shows it.
        const booking = newest?.paymentPart ? leadBooking(await bookingsOfCart(d, newest.cartId, new Date(now()))) : newest;
        // A stranger holding the hash is told what a missing booking is told.
        if (!booking || !(await ownsBooking(d, ctx.request, booking, new Date(now())))) throw new ApiError('booking_not_found');
        return place(ctx, d, booking.id, order.paygate, booking);
      });
    },

    /** GET pay/payment-result?booking=: where a payment stands; `final` ends the status page's polling. */
    async paymentResult(ctx: Ctx): Promise<Response> {
      const query = parseInput(paymentResultQuery, queryObject(ctx.url), 'invalid_booking');
      const d = await db();
      const booking = await ownBooking(ctx, d, query.booking);
      if (!booking) throw new ApiError('booking_not_found');
      const index = await getSearchIndex(options.db, now());
      return json(await paymentResult(d, booking, ctx.locals.locale.segment, index.fx), 200, NO_STORE);
    },

    /** POST /api/paygates/sandbox-card/webhook: signed gateway events, applied once. */
    async webhook(ctx: Ctx): Promise<Response> {
      const raw = await ctx.request.text();
      const check = verifySignature(parsePaymentEnv().PAYMENT_WEBHOOK_SECRET, ctx.request.headers.get(SIGNATURE_HEADER), raw, now());
      // The signature is checked before anything in the body is read: the refusal names the header.
      if (check !== 'ok') throw new ApiError('invalid_signature', { fields: { [SIGNATURE_HEADER]: [check] } });
      let payload: unknown;
      try {
        payload = JSON.parse(raw);
      } catch {
        throw new ApiError('invalid_webhook');
      }
      const event = parseInput(webhookEventSchema, payload, 'invalid_webhook');
      const d = await db();
      const outcome = await applyPaymentEvent(
        d,
        {
          id: event.id,
          type: event.type,
          reference: event.data.reference,
          amountMinor: event.data.amount,
          currency: event.data.currency,
          failureCode: event.data.failure_code,
        },
        now(),
      );
      logCheckoutStage('Internal Paygate Processing', { event: event.id, result: outcome.result });
      if (outcome.result === 'unknown_payment') throw new ApiError('payment_not_found');
      if (outcome.result === 'amount_mismatch') throw new ApiError('amount_mismatch');
      await afterEvent(d, outcome);
      return json({ received: true, result: outcome.result }, 200);
    },
  });

  return {
    /** Resolves when the after-payment work started so far (confirmation mails) has finished. */
    async settled(): Promise<void> {
      while (mailing.size > 0) await Promise.all(mailing);
    },
    ...handlers,
  };
}

export type PaymentApi = ReturnType<typeof createPaymentApi>;
