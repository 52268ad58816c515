/**
 * The finAPI bank-transfer provider on PGlite and (with TEST_DATABASE_URL) PostgreSQL, end to end
 * with no network: the shop's client talks to the local sandbox's handler, and the sandbox posts
 * finAPI's web form callback straight into the shop's handler.
 *
 * - Contract: the sandbox answers in finAPI's published shapes (the client parses them with
 *   shapes.ts), checks the OAuth client and user, and keeps Idempotency-Key answers.
 * - A payment through the web form: the signed callback confirms it; the traveller's return
 *   (pay/finapi-payment-result) confirms it when the callback is lost; a cancelled form fails it.
 * - A forged or missing callback signature, a callback about another booking's web form, a
 *   replay and a payment for another amount are refused and change nothing.
 * - Refunds, partial ones too, go back to the paying account through finAPI in the currency
 *   charged, recorded with finAPI's reference.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { bookings, domainEvents, paymentRefunds, payments } from '../../src/server/db/schema.ts';
import { createPaymentApi, type PaymentApi } from '../../src/server/payment/api.ts';
import { FINAPI_CALLBACK_PATH, finapiCallbackSignature } from '../../src/server/payment/finapi/callbackSignature.ts';
import { createFinapiClient, type Fetch } from '../../src/server/payment/finapi/client.ts';
import { finapiSettings, type FinapiSettings } from '../../src/server/payment/finapi/config.ts';
import { createFinapiGateway } from '../../src/server/payment/finapi/gateway.ts';
import { createFinapiSandbox, SANDBOX_PAYER_IBAN, type FinapiSandbox } from '../../src/server/payment/finapi/sandbox.ts';
import type { Paygate, PaygateCode } from '../../src/server/payment/paygates.ts';
import { GATEWAYS } from '../../src/server/payment/place.ts';
import { refundThroughPaygate } from '../../src/server/payment/refunds.ts';
import { NOW } from './checkoutNetwork.ts';
import { providerTestSetup, reservedBooking } from './paymentProviders.ts';
import { DATABASES } from './databases.ts';
import { travellerApiContext as ctx } from './travellerRequests.ts';

const SETTINGS: FinapiSettings = {
  ...finapiSettings(),
  apiUrl: 'http://finapi-sandbox.test/sandbox-finapi',
  webFormUrl: 'http://finapi-sandbox.test/sandbox-finapi',
  sandbox: true,
};

interface ErrorBody {
  error: { code: string };
}

describe.each(DATABASES)('finAPI bank transfers on $name', ({ open }) => {
  let handle: DbHandle;
  let db: Db;
  let index: TimetableIndex;
  let api: PaymentApi;
  let sandbox: FinapiSandbox;
  let gateways: Record<PaygateCode, Paygate>;
  /** Switched off to lose finAPI's callbacks (the traveller's return must then ask finAPI). */
  let callbacksArrive = true;
  const toSandbox: Fetch = (url, init) => sandbox.handle(new Request(url, init));

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    const setup = await providerTestSetup(db);
    index = setup.index;
    const events = setup.events;
    gateways = { ...GATEWAYS, finapi: createFinapiGateway({ settings: () => SETTINGS, fetch: toSandbox }) };
    api = createPaymentApi({ db, now: () => NOW, events, gateways });
    sandbox = createFinapiSandbox({
      db,
      settings: () => SETTINGS,
      now: () => NOW,
      webFormPageUrl: (id) => `${SETTINGS.webFormUrl}/webform/${id}`,
      post: (url, init) => {
        if (!callbacksArrive) return Promise.reject(new Error('connection refused'));
        const { pathname, search } = new URL(url);
        return api.finapiCallback(ctx(`${pathname}${search}`, init));
      },
    });
  });

  afterAll(async () => {
    await handle.close();
  });

  const reserved = (split = false) => reservedBooking(db, index, { currency: 'EUR', email: 'finapi@example.com', split });

  /** The pay step's "Bank transfer": the order placed with paygate finapi. */
  async function placeBankTransfer(bookingId: string, key = `finapi-${bookingId}`) {
    const response = await api.placeOrder(
      ctx('/api/nuxt/en/pay/place-order', {
        method: 'POST',
        body: JSON.stringify({ booking_id: bookingId, paygate: 'finapi' }),
        headers: { 'idempotency-key': key },
      }),
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as { payment_id: number; redirect_url: string };
    const webFormId = /\/webform\/([0-9a-f-]{36})/.exec(body.redirect_url)?.[1] ?? '';
    return { ...body, webFormId };
  }

  const bookingStatus = async (id: number) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]?.status;
  const paymentOf = async (id: number) => (await db.select().from(payments).where(eq(payments.id, id)))[0];
  const returnFromBank = (publicId: string, accept = 'application/json') =>
    api.finapiPaymentResult(ctx(`/api/nuxt/en/pay/finapi-payment-result?booking=${publicId}`, { headers: { accept } }));

  describe('contract with the sandbox', () => {
    const client = () => createFinapiClient(SETTINGS, toSandbox, () => NOW);
    const formBody = {
      orders: [
        {
          recipient: { name: SETTINGS.recipientName, iban: SETTINGS.recipientIban },
          amount: { value: 45.5, currency: 'EUR' },
          purpose: 'Contract test',
          endToEndId: 'contract1',
        },
      ],
      callbacks: { finalised: 'https://shop.test/api/paygates/finapi/callback?booking=x&signature=y' },
    };

    it('creates a standalone payment web form in the published shape, once per Idempotency-Key', async () => {
      const first = await client().createStandalonePayment(formBody, 'contract-key-1');
      expect(first).toMatchObject({ type: 'STANDALONE_PAYMENT', status: 'NOT_YET_OPENED' });
      expect(first.url).toBe(`${SETTINGS.webFormUrl}/webform/${first.id}`);
      expect((await client().createStandalonePayment(formBody, 'contract-key-1')).id).toBe(first.id);
      expect((await client().createStandalonePayment(formBody, 'contract-key-2')).id).not.toBe(first.id);
      expect(await client().webForm(first.id)).toMatchObject({ id: first.id, status: 'NOT_YET_OPENED' });
    });

    it('refuses a wrong client secret, a wrong user password and a malformed web form', async () => {
      const wrongClient = createFinapiClient({ ...SETTINGS, clientSecret: 'someone-elses-client-secret' }, toSandbox);
      await expect(wrongClient.webForm('x')).rejects.toMatchObject({ status: 401 });
      const wrongUser = createFinapiClient({ ...SETTINGS, password: 'someone-elses-password-123' }, toSandbox);
      await expect(wrongUser.webForm('x')).rejects.toMatchObject({ status: 401 });
      const badIban = { ...formBody, orders: [{ ...formBody.orders[0], recipient: { name: 'X', iban: 'not an iban' } }] };
      await expect(client().createStandalonePayment(badIban as typeof formBody, 'contract-key-3')).rejects.toMatchObject({ status: 422 });
      // Without a token the API answers 401 before anything else.
      expect((await toSandbox(`${SETTINGS.apiUrl}/api/v2/payments?ids=1`, { method: 'GET' })).status).toBe(401);
    });
  });

  it('pays by bank transfer: the signed callback confirms the booking, the return then shows it paid', async () => {
    const booking = await reserved();
    const placed = await placeBankTransfer(booking.publicId);
    const redirect = new URL(placed.redirect_url);
    expect(redirect.pathname).toBe(`/sandbox-finapi/webform/${placed.webFormId}`);
    expect(redirect.searchParams.get('redirectUrl')).toContain(`/api/nuxt/en/pay/finapi-payment-result?booking=${booking.publicId}`);
    expect((await paymentOf(placed.payment_id))?.providerRef).toBe(placed.webFormId);

    const done = await sandbox.finalise(placed.webFormId, { action: 'approve', iban: SANDBOX_PAYER_IBAN });
    expect(done.kind).toBe('done');
    expect(await bookingStatus(booking.id)).toBe('confirmed');
    expect((await paymentOf(placed.payment_id))?.status).toBe('succeeded');

    const back = await returnFromBank(booking.publicId);
    expect(await back.json()).toMatchObject({ paid: true, final: true, payment: { paygate: 'finapi', status: 'succeeded' } });
    // The traveller's browser is sent on to the payment status page.
    const page = await returnFromBank(booking.publicId, 'text/html');
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`/en/payment-status/booking/${booking.publicId}`);
    // Another browser (the bank's app on a phone) is sent to the status page too, and told nothing here.
    const elsewhere = (accept: string) =>
      api.finapiPaymentResult(
        ctx(`/api/nuxt/en/pay/finapi-payment-result?booking=${booking.publicId}`, { headers: { accept, cookie: 'cart_session=another' } }),
      );
    expect((await elsewhere('text/html')).status).toBe(303);
    expect((await elsewhere('application/json')).status).toBe(404);
  });

  it('confirms on the traveller’s return when finAPI’s callback never arrives', async () => {
    const booking = await reserved();
    const placed = await placeBankTransfer(booking.publicId);
    callbacksArrive = false;
    try {
      expect((await sandbox.finalise(placed.webFormId, { action: 'approve', iban: SANDBOX_PAYER_IBAN })).kind).toBe('done');
    } finally {
      callbacksArrive = true;
    }
    expect(await bookingStatus(booking.id)).toBe('awaiting_payment');
    expect(await (await returnFromBank(booking.publicId)).json()).toMatchObject({ paid: true, final: true });
    expect(await bookingStatus(booking.id)).toBe('confirmed');
  });

  it('a cancelled web form fails the payment and leaves the booking payable', async () => {
    const booking = await reserved();
    const placed = await placeBankTransfer(booking.publicId);
    expect((await sandbox.finalise(placed.webFormId, { action: 'abort' })).kind).toBe('done');
    expect((await paymentOf(placed.payment_id))?.status).toBe('failed');
    expect(await bookingStatus(booking.id)).toBe('awaiting_payment');
    expect(await (await returnFromBank(booking.publicId)).json()).toMatchObject({ paid: false });
  });

  it.each([
    ['a booking', false],
    ['a part booking of a split payment', true],
  ])(
    'refuses for %s a forged or missing signature, another booking’s web form, a replay and a payment for another amount',
    async (_, split) => {
      const booking = await reserved(split);
      const other = await reserved();
      const placed = await placeBankTransfer(booking.publicId);
      const otherPlaced = await placeBankTransfer(other.publicId);
      callbacksArrive = false; // the test delivers the callbacks itself
      try {
        expect((await sandbox.finalise(placed.webFormId, { action: 'approve', iban: SANDBOX_PAYER_IBAN })).kind).toBe('done');
        expect((await sandbox.finalise(otherPlaced.webFormId, { action: 'approve', iban: SANDBOX_PAYER_IBAN })).kind).toBe('done');
      } finally {
        callbacksArrive = true;
      }
      const body = (webFormId: string) => JSON.stringify({ webFormId, status: 'COMPLETED' });
      const post = (query: string, raw: string) =>
        api.finapiCallback(ctx(`${FINAPI_CALLBACK_PATH}?${query}`, { method: 'POST', body: raw }));
      const signed = (publicId: string) => `booking=${publicId}&signature=${finapiCallbackSignature(SETTINGS.callbackSecret, publicId)}`;
      const refusal = async (response: Response) => `${String(response.status)} ${((await response.json()) as ErrorBody).error.code}`;

      const forged = finapiCallbackSignature('not-the-callback-secret-at-all', booking.publicId);
      expect(await refusal(await post(`booking=${booking.publicId}&signature=${forged}`, body(placed.webFormId)))).toBe(
        '401 invalid_signature',
      );
      expect(await refusal(await post(`booking=${booking.publicId}`, body(placed.webFormId)))).toBe('401 invalid_signature');
      // Another booking's signature does not vouch for this booking's web form.
      expect(await refusal(await post(signed(other.publicId), body(placed.webFormId)))).toBe('404 payment_not_found');
      expect(await bookingStatus(booking.id)).toBe('awaiting_payment');

      // The bank executed another amount than the booking's (tampered on the way): refused, nothing sold.
      const [finapiPayment] = await sandbox
        .load<{ payload: { paymentId: number } }>('webform', otherPlaced.webFormId)
        .then(async (form) => [await sandbox.load<Record<string, unknown>>('payment', String(form?.payload.paymentId))]);
      if (!finapiPayment) throw new Error('no finAPI payment');
      await sandbox.save('payment', String(finapiPayment.id), { ...finapiPayment, amount: (finapiPayment.amount as number) - 1 });
      expect(await refusal(await post(signed(other.publicId), body(otherPlaced.webFormId)))).toBe('422 amount_mismatch');
      expect(await bookingStatus(other.id)).toBe('awaiting_payment');

      // The genuine callback applies once; the same callback again changes nothing.
      expect(await (await post(signed(booking.publicId), body(placed.webFormId))).json()).toMatchObject({ result: 'confirmed' });
      expect(await (await post(signed(booking.publicId), body(placed.webFormId))).json()).toMatchObject({ result: 'duplicate' });
      expect(await bookingStatus(booking.id)).toBe('confirmed');
    },
  );

  it('sells the seats once when finAPI’s callbacks and the traveller’s returns arrive all at once', async () => {
    const booking = await reserved();
    const placed = await placeBankTransfer(booking.publicId);
    callbacksArrive = false;
    try {
      expect((await sandbox.finalise(placed.webFormId, { action: 'approve', iban: SANDBOX_PAYER_IBAN })).kind).toBe('done');
    } finally {
      callbacksArrive = true;
    }
    const query = `booking=${booking.publicId}&signature=${finapiCallbackSignature(SETTINGS.callbackSecret, booking.publicId)}`;
    const callback = () =>
      api.finapiCallback(
        ctx(`${FINAPI_CALLBACK_PATH}?${query}`, {
          method: 'POST',
          body: JSON.stringify({ webFormId: placed.webFormId, status: 'COMPLETED' }),
        }),
      );
    // Each applies finAPI's answer under the booking's lock, and the event id (finAPI's payment and
    // status) is recorded once: whichever comes first sells, the others find it done.
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, callback),
      ...Array.from({ length: 6 }, () => returnFromBank(booking.publicId)),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 12 }, () => 200));
    expect(await bookingStatus(booking.id)).toBe('confirmed');
    const paidEvents = await db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.bookingId, booking.id), eq(domainEvents.kind, 'booking.paid')));
    expect(paidEvents).toHaveLength(1);
  });

  it('refunds to the paying account through finAPI, partly and then the rest, each with finAPI’s reference, once per event', async () => {
    const booking = await reserved();
    const placed = await placeBankTransfer(booking.publicId);
    expect((await sandbox.finalise(placed.webFormId, { action: 'approve', iban: 'DE75512108001245126199' })).kind).toBe('done');
    const payment = await paymentOf(placed.payment_id);
    if (payment?.status !== 'succeeded') throw new Error('not paid');
    const half = Math.floor(payment.amountMinor / 2);
    const due = (amountMinor: number) => ({
      paymentId: payment.id,
      paygate: 'finapi',
      providerRef: payment.providerRef,
      amountMinor,
      currency: payment.currency,
    });
    await refundThroughPaygate(db, due(half), 9101, gateways);
    await refundThroughPaygate(db, due(half), 9101, gateways); // the same event delivered again
    await refundThroughPaygate(db, due(payment.amountMinor - half), 9102, gateways);
    const refunds = await db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    expect(refunds.map((r) => [r.paygate, r.amountMinor, r.currency, r.state])).toEqual([
      ['finapi', half, 'EUR', 'succeeded'],
      ['finapi', payment.amountMinor - half, 'EUR', 'succeeded'],
    ]);
    for (const refund of refunds) {
      const transfer = await sandbox.load<{ counterpartIban: string; amount: number }>('payment', refund.providerRefundRef ?? '');
      expect(transfer?.counterpartIban).toBe('DE75512108001245126199');
    }
    // Nothing is left to give back: finAPI refuses more, and the shop does not record it as done.
    await expect(refundThroughPaygate(db, due(1), 9103, gateways)).rejects.toThrow();
    // A refund in another currency than the one charged is refused before finAPI is asked.
    await expect(gateways.finapi.refund(payment.providerRef, { amountMinor: 1, currency: 'THB', idempotencyKey: 'x' })).rejects.toThrow();
  });
});
