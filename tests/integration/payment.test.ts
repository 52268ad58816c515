/**
 * Payments on PGlite and (with TEST_DATABASE_URL) PostgreSQL, through the API handlers a
 * browser and the gateway call: Idempotency-Key replays, webhooks that are redelivered, out of
 * order, forged, stale or for the wrong amount, the gateway's retry with backoff, and paying
 * for a hold that lapsed (seats still free: sold; seats resold: refused and refunded).
 */
import { GUEST, staff } from '../support/actors.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { createCart } from '../../src/server/cart/cart.ts';
import { bindCartSessionByHash } from '../../src/server/booking/access.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { bookings, departureInventory, payments, seatHolds, webhookOutbox } from '../../src/server/db/schema.ts';
import { reserveCart } from '../../src/server/booking/reserve.ts';
import { createEventDispatcher } from '../../src/server/events/dispatch.ts';
import { createPaymentApi, type PaymentApi } from '../../src/server/payment/api.ts';
import { parsePaymentEnv } from '../../src/server/payment/config.ts';
import { markCounterPaid } from '../../src/server/payment/counter.ts';
import { deliverDueWebhooks, postClaimedWebhook } from '../../src/server/payment/outbox.ts';
import { readSessionToken, settleSandboxSession, settleSandboxSessionForPush } from '../../src/server/payment/sandbox.ts';
import { SIGNATURE_HEADER, signatureHeader } from '../../src/server/payment/signature.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { BOAT, BUS, insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { TRAVELLER_SESSION, travellerApiContext } from './travellerRequests.ts';
import { DATABASES } from './databases.ts';

const SECRET = parsePaymentEnv().PAYMENT_WEBHOOK_SECRET;
const MINUTE = 60_000;

const ctx = travellerApiContext;

function signed(body: string, at = NOW) {
  return { method: 'POST', body, headers: { [SIGNATURE_HEADER]: signatureHeader(SECRET, Math.floor(at / 1000), body) } };
}

describe.each(DATABASES)('payments on $name', ({ open }) => {
  let handle: DbHandle;
  let db: Db;
  let index: TimetableIndex;
  let api: PaymentApi;
  let clock = NOW;
  const paid: number[] = [];

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    await insertCheckoutNetwork(db, { bus: 40, boat: 2 });
    index = await loadIndex(db, NOW);
    await refreshSearchIndex(db);
    // The real dispatcher over test subscribers: the confirmation mail's subscriber records whom it was for.
    const quiet = () => Promise.resolve();
    const events = createEventDispatcher({
      'mail.confirmation': (_d, e) => Promise.resolve(void paid.push(e.bookingId)),
      'mail.cancellation': quiet,
      'payment.refund': quiet,
      'reseller.commission': quiet,
      analytics: quiet,
    });
    api = createPaymentApi({ db, now: () => clock, events });
  });

  afterAll(async () => {
    await handle.close();
  });

  async function reserved(slug: string, people = 1, at = NOW) {
    const selections = parseAddToCartSlug(slug) ?? [];
    const quoted = quoteSelections(index, selections, { currency: 'THB', now: at });
    if (typeof quoted === 'string') throw new Error(quoted);
    const hash = await createCart(db, { lang: 'en', currency: 'THB', people, selections, quoted });
    await bindCartSessionByHash(db, hash, TRAVELLER_SESSION);
    const result = await reserveCart(db, { hash, index, now: at, holdMinutes: 20, ctx: GUEST, email: 'anna@example.com' });
    if (!result.ok) throw new Error(result.code);
    return { hash, booking: result.booking };
  }

  const order = (body: unknown, key: string | null) =>
    api.placeOrder(
      ctx('/api/nuxt/en/pay/place-order', { method: 'POST', body: JSON.stringify(body), headers: key ? { 'idempotency-key': key } : {} }),
    );

  async function startCardPayment(bookingId: string) {
    const response = await order({ booking_id: bookingId, paygate: 'sandbox-card' }, `key-${bookingId}-${Math.random()}`);
    const answer = (await response.json()) as { redirect_url: string };
    const token = answer.redirect_url.split('/sandbox-gateway/pay/')[1] ?? '';
    const session = readSessionToken(parsePaymentEnv().SANDBOX_GATEWAY_SECRET, token, clock);
    if (!session) throw new Error('no session');
    return session;
  }

  const event = (id: string, type: 'payment.succeeded' | 'payment.failed', reference: string, amount: number) =>
    JSON.stringify({
      id,
      type,
      created: Math.floor(clock / 1000),
      data: { reference, amount, currency: 'THB', ...(type === 'payment.failed' ? { failure_code: 'card_declined' } : {}) },
    });

  it('requires an Idempotency-Key and replays the first answer to every repeat, 50 at once', async () => {
    const { booking } = await reserved(BUS);
    expect((await order({ booking_id: booking.publicId, paygate: 'counter' }, null)).status).toBe(400);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => order({ booking_id: booking.publicId, paygate: 'counter' }, 'same-key-123')),
    );
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(new Set(responses.map((r) => r.status))).toEqual(new Set([201]));
    expect(new Set(bodies).size).toBe(1);
    expect(await db.select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(1);

    const reused = await order({ booking_id: booking.publicId, paygate: 'sandbox-card' }, 'same-key-123');
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_reused');
  });

  it('keeps one open session per paygate: ten orders leave the last one, and money for an older one is refunded', async () => {
    const { booking } = await reserved(BUS);
    const sessions = [];
    for (let i = 0; i < 10; i++) sessions.push(await startCardPayment(booking.publicId));
    const counter = await order({ booking_id: booking.publicId, paygate: 'counter' }, `counter-${booking.id}`);
    expect(counter.status).toBe(201);
    const rows = await db.select().from(payments).where(eq(payments.bookingId, booking.id));
    const open = rows.filter((p) => p.status === 'pending');
    // One card session and the counter reference (another paygate) stay open.
    expect(open.map((p) => p.paygate).sort()).toEqual(['counter', 'sandbox-card']);
    expect(open.find((p) => p.paygate === 'sandbox-card')?.providerRef).toBe(sessions.at(-1)?.ref);
    expect(rows.filter((p) => p.failureCode === 'superseded')).toHaveLength(9);

    const first = sessions[0];
    if (!first) throw new Error('no session');
    const late = await api.webhook(
      ctx('/api/paygates/sandbox-card/webhook', signed(event('evt_superseded_1', 'payment.succeeded', first.ref, first.amount))),
    );
    expect(((await late.json()) as { result: string }).result).toBe('refunded');
    const [stillOpen] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(stillOpen?.status).toBe('awaiting_payment');

    // Ten at once: the booking row lock lets only one stay open.
    await Promise.all(Array.from({ length: 10 }, () => startCardPayment(booking.publicId)));
    const after = await db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(after.filter((p) => p.paygate === 'sandbox-card' && p.status === 'pending')).toHaveLength(1);
  });

  it('confirms once however often and in whatever order the webhook arrives', async () => {
    const { booking } = await reserved(BUS, 2);
    const session = await startCardPayment(booking.publicId);
    const success = event('evt_success_1', 'payment.succeeded', session.ref, session.amount);
    const failure = event('evt_failure_1', 'payment.failed', session.ref, session.amount);
    // The decline of an earlier attempt arrives late, among 100 copies of the success, 20 at a time.
    const deliveries = [failure, ...Array.from({ length: 100 }, () => success)];
    const statuses: number[] = [];
    for (let i = 0; i < deliveries.length; i += 20) {
      const batch = await Promise.all(
        deliveries.slice(i, i + 20).map((b) => api.webhook(ctx('/api/paygates/sandbox-card/webhook', signed(b)))),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    await api.webhook(ctx('/api/paygates/sandbox-card/webhook', signed(failure)));
    expect(new Set(statuses)).toEqual(new Set([200]));
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('confirmed');
    await api.settled(); // the mail is written after the webhook is acknowledged
    expect(paid.filter((id) => id === booking.id)).toHaveLength(1);
    const [inventory] = await db.select().from(departureInventory).where(eq(departureInventory.scheduleId, 1));
    expect(inventory?.seatsSold).toBe(2);
    const result = (await (await api.paymentResult(ctx(`/api/nuxt/en/pay/payment-result?booking=${booking.publicId}`))).json()) as {
      final: boolean;
      success_url: string;
    };
    expect(result).toMatchObject({ final: true, success_url: `/en/order/${booking.publicId}/payment/sandbox-card/success` });
  });

  it('leaves a paid booking pending while a manual operator has not confirmed it, with its seats sold', async () => {
    // Island Boats confirms by hand: the money is in, the booking waits for the operator.
    const { booking } = await reserved('2.20.30.2025-06-05/2', 2);
    const session = await startCardPayment(booking.publicId);
    const response = await api.webhook(
      ctx('/api/paygates/sandbox-card/webhook', signed(event('evt_manual_1', 'payment.succeeded', session.ref, session.amount))),
    );
    expect(response.status).toBe(200);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('pending_confirmation');
    const holds = await db.select().from(seatHolds).where(eq(seatHolds.bookingId, booking.id));
    expect(holds.map((h) => h.status)).toEqual(['sold']);
    const [inventory] = await db
      .select()
      .from(departureInventory)
      .where(eq(departureInventory.id, holds[0]?.departureInventoryId ?? -1));
    expect(inventory).toMatchObject({ seatsHeld: 0, seatsSold: 2 });
    await api.settled();
  });

  it('refuses forged, stale, malformed and wrong-amount webhooks and changes nothing', async () => {
    const { booking } = await reserved(BUS);
    const session = await startCardPayment(booking.publicId);
    const body = event('evt_bad_1', 'payment.succeeded', session.ref, session.amount);
    const post = (init: RequestInit) => api.webhook(ctx('/api/paygates/sandbox-card/webhook', init));
    const forged = {
      method: 'POST',
      body,
      headers: { [SIGNATURE_HEADER]: signatureHeader('not-the-secret-at-all', Math.floor(NOW / 1000), body) },
    };
    const refusal = async (init: RequestInit) => {
      const answer = await post(init);
      return `${String(answer.status)} ${((await answer.json()) as { error: { code: string } }).error.code}`;
    };
    // Every signature that does not check out is one code with one status (server/api/catalogue.ts).
    expect(await refusal(forged)).toBe('401 invalid_signature');
    expect(await refusal(signed(body, NOW - 6 * MINUTE))).toBe('401 invalid_signature');
    expect(await refusal({ method: 'POST', body, headers: { [SIGNATURE_HEADER]: 'v1=nonsense' } })).toBe('401 invalid_signature');
    expect(await refusal(signed('{"id":'))).toBe('400 invalid_webhook');
    expect((await post(signed(event('evt_bad_2', 'payment.succeeded', session.ref, session.amount - 1)))).status).toBe(422);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('awaiting_payment');
    // The genuine event still goes through afterwards: the refused ones were not recorded as seen.
    expect((await post(signed(body))).status).toBe(200);
  });

  it('sells a lapsed hold whose seats are still free, and refunds one whose seats were resold', async () => {
    // The boat has 2 seats. A books both and lets the hold lapse; B then takes them.
    const a = await reserved(BOAT, 2);
    const sessionA = await startCardPayment(a.booking.publicId);
    clock = NOW + 25 * MINUTE;
    const b = await reserved(BOAT, 2, clock);
    const sessionB = await startCardPayment(b.booking.publicId);
    const lateA = await api.webhook(ctx('/x', signed(event('evt_late_a', 'payment.succeeded', sessionA.ref, sessionA.amount), clock)));
    expect(((await lateA.json()) as { result: string }).result).toBe('refunded');
    const [paymentA] = await db.select().from(payments).where(eq(payments.providerRef, sessionA.ref));
    expect(paymentA?.status).toBe('refunded');

    // B also pays late, but nobody took the seats meanwhile: the re-check sells them.
    clock = NOW + 50 * MINUTE;
    const lateB = await api.webhook(ctx('/x', signed(event('evt_late_b', 'payment.succeeded', sessionB.ref, sessionB.amount), clock)));
    expect(((await lateB.json()) as { result: string }).result).toBe('confirmed');
    const [boat] = await db.select().from(departureInventory).where(eq(departureInventory.scheduleId, 2));
    expect(boat).toMatchObject({ seatsSold: 2, seatsHeld: 0 });
    clock = NOW;
  });

  it('delivers gateway webhooks with backoff until acknowledged', async () => {
    const { booking } = await reserved(BUS);
    const session = await startCardPayment(booking.publicId);
    expect(await settleSandboxSession(db, session, { type: 'payment.succeeded' }, NOW)).toBe(true);
    expect(await settleSandboxSession(db, session, { type: 'payment.succeeded' }, NOW)).toBe(false);
    let calls = 0;
    const flaky = async (_url: string, init: { body: string; headers: Record<string, string> }) => {
      calls++;
      if (calls < 3) return { ok: false, status: 503 };
      const response = await api.webhook(
        ctx('/api/paygates/sandbox-card/webhook', { method: 'POST', body: init.body, headers: init.headers }),
      );
      return { ok: response.ok, status: response.status };
    };
    expect(await deliverDueWebhooks(db, NOW, flaky, SECRET)).toBe(0);
    expect(await deliverDueWebhooks(db, NOW + 500, flaky, SECRET)).toBe(0); // not due yet: next attempt after 1 s
    expect(await deliverDueWebhooks(db, NOW + 1000, flaky, SECRET)).toBe(0);
    expect(await deliverDueWebhooks(db, NOW + 3000, flaky, SECRET)).toBe(1);
    const [row] = await db
      .select()
      .from(webhookOutbox)
      .where(eq(webhookOutbox.eventId, `evt_${session.ref}_ok`));
    expect(row).toMatchObject({ attempts: 3 });
    expect(row?.deliveredAt).not.toBeNull();
    const [confirmed] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(confirmed?.status).toBe('confirmed');
  });

  it("a hosted page pushes only its own session's event; others wait for the background sender", async () => {
    const first = await startCardPayment((await reserved(BUS)).booking.publicId);
    const second = await startCardPayment((await reserved(BUS)).booking.publicId);
    await settleSandboxSession(db, first, { type: 'payment.succeeded' }, NOW);
    const claimed = await settleSandboxSessionForPush(db, second, { type: 'payment.succeeded' }, NOW);
    if (!claimed) throw new Error('the second session was already settled');
    // Settling the same session again records nothing and gives nothing to push.
    expect(await settleSandboxSessionForPush(db, second, { type: 'payment.succeeded' }, NOW)).toBeUndefined();
    const posted: string[] = [];
    const record = (_url: string, init: { body: string }) => {
      posted.push((JSON.parse(init.body) as { id: string }).id);
      return Promise.resolve({ ok: true, status: 200 });
    };
    expect(await postClaimedWebhook(db, claimed, NOW, record, SECRET)).toBe(true);
    expect(posted).toEqual([`evt_${second.ref}_ok`]);
    // The background sender takes the other session's event, and never the claimed one again.
    expect(await deliverDueWebhooks(db, NOW + 60_000, record, SECRET)).toBe(1);
    expect(posted).toEqual([`evt_${second.ref}_ok`, `evt_${first.ref}_ok`]);
  });

  it('retries a pushed event whose post failed, after the first backoff', async () => {
    const session = await startCardPayment((await reserved(BUS)).booking.publicId);
    const claimed = await settleSandboxSessionForPush(db, session, { type: 'payment.succeeded' }, NOW);
    if (!claimed) throw new Error('already settled');
    const down = () => Promise.resolve({ ok: false, status: 503 });
    expect(await postClaimedWebhook(db, claimed, NOW, down, SECRET)).toBe(false);
    const posted: string[] = [];
    const record = (_url: string, init: { body: string }) => {
      posted.push((JSON.parse(init.body) as { id: string }).id);
      return Promise.resolve({ ok: true, status: 200 });
    };
    expect(await deliverDueWebhooks(db, NOW + 500, record, SECRET)).toBe(0); // its first attempt is still claimed
    expect(await deliverDueWebhooks(db, NOW + 1000, record, SECRET)).toBe(1);
    expect(posted).toEqual([`evt_${session.ref}_ok`]);
  });

  it('takes a pay-at-counter payment that staff mark paid, once', async () => {
    const { booking } = await reserved(BUS);
    const response = await order({ booking_id: booking.publicId, paygate: 'counter' }, 'counter-key-1');
    const answer = (await response.json()) as { reference: string; expires_at: string };
    expect(answer.reference).toMatch(/^CTR-/);
    expect(Date.parse(answer.expires_at) - NOW).toBe(24 * 3_600_000);
    expect((await markCounterPaid(db, answer.reference, NOW, staff(1))).result).toBe('confirmed');
    expect((await markCounterPaid(db, answer.reference, NOW, staff(1))).result).toBe('duplicate');
  });
});
