/**
 * The Yuno card provider on PGlite and (with TEST_DATABASE_URL) PostgreSQL, end to end with no
 * network: the shop's client talks to the local sandbox's handler, and the sandbox posts its
 * webhooks straight into the shop's handler.
 *
 * - Contract: the sandbox answers the calls in Yuno's published shapes (the client parses them
 *   with shapes.ts), checks the credentials and keeps X-Idempotency-Key answers.
 * - A payment through the session: the webhook confirms it; polling confirms it when the webhook is lost.
 * - Webhook replay, forged signature, tampered body and a signed event for the wrong amount are refused
 *   and change nothing.
 * - Refunds, partial ones too, go back through Yuno in the currency charged, recorded with Yuno's reference.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../src/domain/payment/card.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { bookings, paymentRefunds, payments } from '../../src/server/db/schema.ts';
import { createPaymentApi, type PaymentApi } from '../../src/server/payment/api.ts';
import type { Paygate, PaygateCode } from '../../src/server/payment/paygates.ts';
import { GATEWAYS } from '../../src/server/payment/place.ts';
import { refundThroughPaygate } from '../../src/server/payment/refunds.ts';
import { createYunoClient, type Fetch } from '../../src/server/payment/yuno/client.ts';
import { yunoSettings, type YunoSettings } from '../../src/server/payment/yuno/config.ts';
import { createYunoGateway } from '../../src/server/payment/yuno/gateway.ts';
import { createYunoSandbox, YUNO_WEBHOOK_PATH, type YunoSandbox } from '../../src/server/payment/yuno/sandbox.ts';
import { YUNO_SIGNATURE_HEADER, yunoSignature } from '../../src/server/payment/yuno/signature.ts';
import { NOW } from './checkoutNetwork.ts';
import { providerTestSetup, reservedBooking } from './paymentProviders.ts';
import { DATABASES } from './databases.ts';
import { travellerApiContext as ctx } from './travellerRequests.ts';

const SETTINGS: YunoSettings = { ...yunoSettings(), apiUrl: 'http://yuno-sandbox.test/v1', sandbox: true };
const GOOD_CARD = { number: TEST_CARDS.success, expiry: '12/35', cvc: '123' };

interface ErrorBody {
  error: { code: string };
}

describe.each(DATABASES)('Yuno card payments on $name', ({ open }) => {
  let handle: DbHandle;
  let db: Db;
  let index: TimetableIndex;
  let api: PaymentApi;
  let sandbox: YunoSandbox;
  let gateways: Record<PaygateCode, Paygate>;
  /** Switched off to lose the sandbox's webhooks (the shop must then poll). */
  let webhooksArrive = true;
  const toSandbox: Fetch = (url, init) => sandbox.handle(new Request(url, init));

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    const setup = await providerTestSetup(db);
    index = setup.index;
    const events = setup.events;
    gateways = { ...GATEWAYS, yuno: createYunoGateway({ settings: () => SETTINGS, fetch: toSandbox }) };
    api = createPaymentApi({ db, now: () => NOW, events, gateways });
    sandbox = createYunoSandbox({
      db,
      settings: () => SETTINGS,
      now: () => NOW,
      webhookUrl: () => `http://shop.test${YUNO_WEBHOOK_PATH}`,
      post: (_url, init) =>
        webhooksArrive ? api.yunoWebhook(ctx(YUNO_WEBHOOK_PATH, init)) : Promise.reject(new Error('connection refused')),
    });
  });

  afterAll(async () => {
    await handle.close();
  });

  const reserved = (split = false) => reservedBooking(db, index, { currency: 'THB', email: 'yuno@example.com', split });

  async function openSession(bookingId: string, key = `yuno-${bookingId}`) {
    const response = await api.yunoPaymentSession(
      ctx('/api/nuxt/en/checkout/payment-session/yuno', {
        method: 'POST',
        body: JSON.stringify({ booking_id: bookingId }),
        headers: { 'idempotency-key': key },
      }),
    );
    expect(response.status).toBe(201);
    return (await response.json()) as { payment_id: number; checkout_session: string; redirect_url: string; public_api_key: string };
  }

  const bookingStatus = async (id: number) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]?.status;
  const paymentOf = async (id: number) => (await db.select().from(payments).where(eq(payments.id, id)))[0];

  describe('contract with the sandbox', () => {
    const client = () => createYunoClient(SETTINGS, toSandbox);
    const sessionBody = {
      account_id: SETTINGS.accountId,
      merchant_order_id: 'contract-order-1',
      payment_description: 'Contract test',
      country: 'US',
      amount: { currency: 'THB', value: 450.5 },
      callback_url: 'http://shop.test/en/payment-status/booking/x',
      workflow: 'SDK_CHECKOUT' as const,
    };

    it('creates a checkout session in the published shape, once per X-Idempotency-Key', async () => {
      const first = await client().createCheckoutSession(sessionBody, 'contract-key-1');
      expect(first.checkout_session).toMatch(/^[0-9a-f-]{36}$/);
      expect(first).toMatchObject({ merchant_order_id: 'contract-order-1', country: 'US', amount: { currency: 'THB', value: 450.5 } });
      expect((await client().createCheckoutSession(sessionBody, 'contract-key-1')).checkout_session).toBe(first.checkout_session);
      expect((await client().createCheckoutSession(sessionBody, 'contract-key-2')).checkout_session).not.toBe(first.checkout_session);
    });

    it('refuses wrong credentials, a malformed session and a refund without an idempotency key', async () => {
      const wrongKeys = createYunoClient({ ...SETTINGS, privateKey: 'someone-elses-private-key' }, toSandbox);
      await expect(wrongKeys.createCheckoutSession(sessionBody, 'contract-key-3')).rejects.toMatchObject({ status: 401 });
      await expect(client().createCheckoutSession({ ...sessionBody, country: 'USA' }, 'contract-key-4')).rejects.toMatchObject({
        status: 400,
      });
      const response = await toSandbox(`${SETTINGS.apiUrl}/payments/x/transactions/y/refund`, {
        method: 'POST',
        headers: { 'public-api-key': SETTINGS.publicKey, 'private-secret-key': SETTINGS.privateKey, 'content-type': 'application/json' },
        body: JSON.stringify({ merchant_reference: 'abc', reason: 'REQUESTED_BY_CUSTOMER' }),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    });

    it('lists the payments of an order, empty before the traveller paid', async () => {
      expect(await client().paymentsOfOrder('contract-order-1')).toEqual([]);
    });
  });

  it('pays through the session: the signed webhook confirms the booking, polling then reports it final', async () => {
    const booking = await reserved();
    const session = await openSession(booking.publicId);
    expect(session.redirect_url).toContain(`/sandbox-yuno/checkout/${session.checkout_session}`);
    expect(session.public_api_key).toBe(SETTINGS.publicKey);
    // The same Idempotency-Key is the same session, not a second one.
    expect((await openSession(booking.publicId)).checkout_session).toBe(session.checkout_session);

    const declined = await sandbox.pay(session.checkout_session, { ...GOOD_CARD, number: TEST_CARDS.declined });
    expect(declined).toMatchObject({ kind: 'form', declined: 'card_declined' });
    expect((await paymentOf(session.payment_id))?.status).toBe('failed');
    // Another card on the same session (Yuno keeps it open after a decline).
    const paid = await sandbox.pay(session.checkout_session, GOOD_CARD);
    expect(paid.kind).toBe('done');
    expect(await bookingStatus(booking.id)).toBe('confirmed');

    const status = await api.yunoPaymentStatus(ctx(`/api/nuxt/en/checkout/payment-status/yuno?booking=${booking.publicId}`));
    expect(await status.json()).toMatchObject({ paid: true, final: true, payment: { paygate: 'yuno', status: 'succeeded' } });
  });

  it('confirms by polling Yuno when the webhook never arrives', async () => {
    const booking = await reserved();
    const session = await openSession(booking.publicId);
    webhooksArrive = false;
    try {
      expect((await sandbox.pay(session.checkout_session, GOOD_CARD)).kind).toBe('done');
    } finally {
      webhooksArrive = true;
    }
    expect(await bookingStatus(booking.id)).toBe('awaiting_payment');
    const status = await api.yunoPaymentStatus(ctx(`/api/nuxt/en/checkout/payment-status/yuno?booking=${booking.publicId}`));
    expect(await status.json()).toMatchObject({ paid: true, final: true });
    expect(await bookingStatus(booking.id)).toBe('confirmed');
  });

  it.each([
    ['a booking', false],
    ['a part booking of a split payment', true],
  ])(
    'refuses for %s a forged signature, a tampered body, a replay and a signed event for the wrong amount, and changes nothing',
    async (_, split) => {
      const booking = await reserved(split);
      const session = await openSession(booking.publicId);
      webhooksArrive = false; // the test delivers the webhook itself
      let payment;
      try {
        const done = await sandbox.pay(session.checkout_session, GOOD_CARD);
        if (done.kind !== 'done') throw new Error('not paid');
        payment = done.payment;
      } finally {
        webhooksArrive = true;
      }
      const webhook = (p: typeof payment) =>
        JSON.stringify({
          type: 'payment',
          type_event: 'payment.purchase',
          account_id: SETTINGS.accountId,
          retry: 0,
          version: 2,
          data: { payment: p },
        });
      const body = webhook(payment);
      const post = (raw: string, signature: string | null) =>
        api.yunoWebhook(
          ctx(YUNO_WEBHOOK_PATH, { method: 'POST', body: raw, headers: signature === null ? {} : { [YUNO_SIGNATURE_HEADER]: signature } }),
        );
      const refusal = async (response: Response) => `${String(response.status)} ${((await response.json()) as ErrorBody).error.code}`;

      expect(await refusal(await post(body, yunoSignature('not-the-webhook-secret-at-all', body)))).toBe('401 invalid_signature');
      expect(await refusal(await post(body, null))).toBe('401 invalid_signature');
      // The amount edited after signing: the signature no longer matches.
      const tampered = body.replace('"value":', '"value":1');
      expect(tampered).not.toBe(body);
      expect(await refusal(await post(tampered, yunoSignature(SETTINGS.webhookSecret, body)))).toBe('401 invalid_signature');
      // Correctly signed but for another amount than the payment's (a compromised or confused sender).
      const cheaper = webhook({ ...payment, id: `${payment.id}-x`, amount: { ...payment.amount, value: payment.amount.value - 1 } });
      expect(await refusal(await post(cheaper, yunoSignature(SETTINGS.webhookSecret, cheaper)))).toBe('422 amount_mismatch');
      expect(await bookingStatus(booking.id)).toBe('awaiting_payment');

      // The genuine webhook applies once; the same webhook again changes nothing.
      const genuine = await post(body, yunoSignature(SETTINGS.webhookSecret, body));
      expect(await genuine.json()).toMatchObject({ result: 'confirmed' });
      const replay = await post(body, yunoSignature(SETTINGS.webhookSecret, body));
      expect(await replay.json()).toMatchObject({ result: 'duplicate' });
      expect(await bookingStatus(booking.id)).toBe('confirmed');
    },
  );

  it('refunds through Yuno in the currency charged, partly and then the rest, each with its Yuno reference, once per event', async () => {
    const booking = await reserved();
    const session = await openSession(booking.publicId);
    expect((await sandbox.pay(session.checkout_session, GOOD_CARD)).kind).toBe('done');
    const payment = await paymentOf(session.payment_id);
    if (!payment) throw new Error('no payment');
    const half = Math.floor(payment.amountMinor / 2);
    const due = (amountMinor: number) => ({
      paymentId: payment.id,
      paygate: 'yuno',
      providerRef: payment.providerRef,
      amountMinor,
      currency: payment.currency,
    });
    await refundThroughPaygate(db, due(half), 9001, gateways);
    await refundThroughPaygate(db, due(half), 9001, gateways); // the same event delivered again
    await refundThroughPaygate(db, due(payment.amountMinor - half), 9002, gateways);
    const refunds = await db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    expect(refunds.map((r) => [r.amountMinor, r.currency, r.state])).toEqual([
      [half, 'THB', 'succeeded'],
      [payment.amountMinor - half, 'THB', 'succeeded'],
    ]);
    const [atYuno] = await sandbox.paymentsOfOrder(payment.providerRef).then((ps) => ps.filter((p) => p.status === 'REFUNDED'));
    expect(atYuno?.transactions?.filter((t) => t.type === 'REFUND').map((t) => t.id)).toEqual(refunds.map((r) => r.providerRefundRef));
    // Nothing is left to refund: Yuno refuses more, and the shop does not record it as done.
    await expect(refundThroughPaygate(db, due(1), 9003, gateways)).rejects.toThrow();
  });

  it('resolves the card method from the first digits, and refuses digits that are not a BIN', async () => {
    const resolve = (bin: string) =>
      api.resolveCardPaymentMethod(
        ctx('/api/nuxt/en/checkout/resolve-card-payment-method', { method: 'POST', body: JSON.stringify({ bin }) }),
      );
    const visa = await resolve('4242 4242');
    expect(await visa.json()).toEqual({
      scheme: 'visa',
      issuer_country: 'US',
      card_type: 'credit',
      paygate: 'yuno',
      fee_basis_points: 180,
    });
    expect(((await (await resolve('37828224')).json()) as { paygate: string }).paygate).toBe('sandbox-card');
    expect((await resolve('12')).status).toBe(400);
    expect((await resolve('99999999')).status).toBe(400);
  });
});
