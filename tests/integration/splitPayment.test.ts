/**
 * Split payment (issue 26 item 5): a cart whose legs belong to an operator collecting its own
 * payment becomes one booking per payment part at reserve — each with its own total, legs and
 * hold, all held in one transaction or none. A part whose hold lapses is released while a paid
 * part is kept. Runs on PGlite and, when TEST_DATABASE_URL is set, PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { bookingsOfCart, currentBookingForCart } from '../../src/server/booking/bookings.ts';
import { releaseExpiredHolds } from '../../src/server/booking/lifecycle/lapse.ts';
import { reserveCart } from '../../src/server/booking/reserve.ts';
import { createCart, loadCart } from '../../src/server/cart/cart.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { bookings, departureInventory, operators } from '../../src/server/db/schema.ts';
import { createEventDispatcher } from '../../src/server/events/dispatch.ts';
import { createPaymentApi, type PaymentApi } from '../../src/server/payment/api.ts';
import { markCounterPaid } from '../../src/server/payment/counter.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { GUEST, staff } from '../support/actors.ts';
import { BUS, BUS_THEN_BOAT, insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';
import { TRAVELLER_SESSION, travellerApiContext } from './travellerRequests.ts';
import { bindCartSessionByHash } from '../../src/server/booking/access.ts';
import { cancellationPreview } from '../../src/server/tickets/cancel.ts';
import { createCheckoutApi } from '../../src/server/checkout/api.ts';

const MINUTE = 60_000;

describe.each(DATABASES)('split payment on $name', ({ open }) => {
  let handle: DbHandle;
  let db: Db;
  let index: TimetableIndex;
  let api: PaymentApi;

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    await insertCheckoutNetwork(db, { bus: 40, boat: 3 });
    // Island Boats (the boat leg) takes the money for its trips itself.
    await db.update(operators).set({ collectsOwnPayment: true }).where(eq(operators.id, 2));
    index = await loadIndex(db, NOW);
    await refreshSearchIndex(db);
    const quiet = () => Promise.resolve();
    const events = createEventDispatcher({
      'mail.confirmation': quiet,
      'mail.cancellation': quiet,
      'payment.refund': quiet,
      'reseller.commission': quiet,
      analytics: quiet,
    });
    api = createPaymentApi({ db, now: () => NOW, events });
  });

  afterAll(async () => {
    await handle.close();
  });

  async function cart(slug: string, people: number) {
    const selections = parseAddToCartSlug(slug) ?? [];
    const quoted = quoteSelections(index, selections, { currency: 'THB', now: NOW });
    if (typeof quoted === 'string') throw new Error(quoted);
    const hash = await createCart(db, { lang: 'en', currency: 'THB', people, selections, quoted });
    await bindCartSessionByHash(db, hash, TRAVELLER_SESSION);
    return hash;
  }

  const rowOf = async (serviceDate: string, scheduleId: number) =>
    (await db.select().from(departureInventory).where(eq(departureInventory.scheduleId, scheduleId))).find(
      (r) => r.serviceDate === serviceDate,
    );

  it('reserves a two-operator cart as two bookings, one per part, each with its own legs and total', async () => {
    const hash = await cart(BUS_THEN_BOAT, 2);
    const loaded = await loadCart(db, hash);
    const legs = loaded?.items[0]?.legs ?? [];
    const result = await reserveCart(db, { hash, index, now: NOW, holdMinutes: 20, ctx: GUEST, extraMinor: () => 500 });
    if (!result.ok) throw new Error(result.code);
    expect(result.bookings).toHaveLength(2);
    const rows = await bookingsOfCart(db, loaded?.cart.id ?? 0, new Date(NOW));
    expect(rows.map((r) => r.paymentPart)).toEqual(['shop', 'operator:2']);
    expect(rows.map((r) => r.partLegs)).toEqual([[{ itemIndex: 0, legIndex: 0 }], [{ itemIndex: 0, legIndex: 1 }]]);
    // Each part's fare for both travellers; the shop's part carries the add-ons (500).
    expect(rows.map((r) => r.totalMinor)).toEqual([(legs[0]?.unitPriceMinor ?? 0) * 2 + 500, (legs[1]?.unitPriceMinor ?? 0) * 2]);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['reserved']));
    expect(new Set(rows.map((r) => r.holdExpiresAt.getTime()))).toEqual(new Set([NOW + 20 * MINUTE]));
  });

  it('the split calls answer per payment part: before reserve the parts to come, after it each part with its booking', async () => {
    const date = '2025-06-07';
    const hash = await cart(BUS_THEN_BOAT.replaceAll('2025-06-04', date), 2);
    const checkout = createCheckoutApi({ db, now: () => NOW, holdMinutes: 20 });
    interface Parts {
      parts: {
        key: string;
        collector: string | null;
        legs: unknown[];
        total: { amount: number };
        booking: { id: string; status: string } | null;
      }[];
    }
    const before = (await (await checkout.totalSplit(travellerApiContext('/x', {}, { hash }))).json()) as Parts;
    expect(before.parts.map((p) => [p.key, p.collector, p.legs.length, p.booking])).toEqual([
      ['shop', null, 1, null],
      ['operator:2', 'Island Boats', 1, null],
    ]);
    const result = await reserveCart(db, { hash, index, now: NOW, holdMinutes: 20, ctx: GUEST });
    if (!result.ok) throw new Error(result.code);
    const after = (await (await api.paySplit(travellerApiContext('/x', {}, { hash }))).json()) as Parts & { booking_id: string };
    expect(after.parts.map((p) => p.booking?.id)).toEqual(result.bookings.map((b) => b.publicId));
    expect(after.parts.map((p) => p.total)).toEqual(before.parts.map((p) => p.total));
    expect(after.booking_id).toBe(result.bookings[0]?.publicId);
    const gates = (await (await checkout.paygatesSplit(travellerApiContext('/x', {}, { hash }))).json()) as {
      parts: { paygates: { code: string }[] }[];
    };
    expect(gates.parts).toHaveLength(2);
    for (const part of gates.parts) expect(part.paygates.map((g) => g.code)).toContain('finapi');
  });

  it('each paid part refunds by its own leg’s terms on cancelling, not the whole cart’s', async () => {
    const hash = await cart(BUS_THEN_BOAT.replaceAll('2025-06-04', '2025-06-08'), 1);
    const result = await reserveCart(db, { hash, index, now: NOW, holdMinutes: 20, ctx: GUEST });
    if (!result.ok) throw new Error(result.code);
    for (const [i, part] of result.bookings.entries()) {
      const order = await api.placeOrder(
        travellerApiContext('/api/nuxt/en/pay/place-order', {
          method: 'POST',
          body: JSON.stringify({ booking_id: part.publicId, paygate: 'counter' }),
          headers: { 'idempotency-key': `split-refund-${String(i)}` },
        }),
      );
      const { reference } = (await order.json()) as { reference: string };
      expect((await markCounterPaid(db, reference, NOW + MINUTE, staff(1))).result).toBe('confirmed');
      // The bus part is within its free cancellation; the boat's fare has none (no money back).
      expect(await cancellationPreview(db, part.id, new Date(NOW + 2 * MINUTE))).toMatchObject(
        i === 0 ? { cancellable: true, full: true, refundMinor: part.totalMinor } : { cancellable: true, full: false, refundMinor: 0 },
      );
    }
  });

  it('going back to change passengers keeps each held part on its own total', async () => {
    const hash = await cart(BUS_THEN_BOAT.replaceAll('2025-06-04', '2025-06-09'), 1);
    const checkout = createCheckoutApi({ db, now: () => NOW, holdMinutes: 20 });
    const reserve = (name: string) =>
      checkout.reserve(
        travellerApiContext(
          `/api/nuxt/en/checkout/reserve/${hash}`,
          {
            method: 'POST',
            body: JSON.stringify({
              form: {
                email: 'a@example.com',
                phone: '+66812345678',
                passengers: [{ full_name: name, nationality: 'TH', document_number: 'X1' }],
              },
            }),
          },
          { hash },
        ),
      );
    expect((await reserve('First Name')).status).toBe(201);
    const loaded = await loadCart(db, hash);
    const before = await bookingsOfCart(db, loaded?.cart.id ?? 0, new Date(NOW));
    expect((await reserve('Second Name')).status).toBe(200);
    const after = await bookingsOfCart(db, loaded?.cart.id ?? 0, new Date(NOW));
    expect(after.map((b) => [b.id, b.totalMinor])).toEqual(before.map((b) => [b.id, b.totalMinor]));
    expect(after.map((b) => (b.passengers[0] as { full_name: string }).full_name)).toEqual(['Second Name', 'Second Name']);
  });

  it('a cart of one operator stays one booking with no part, as before', async () => {
    const hash = await cart(BUS, 1);
    const result = await reserveCart(db, { hash, index, now: NOW, holdMinutes: 20, ctx: GUEST });
    if (!result.ok) throw new Error(result.code);
    expect(result.bookings).toHaveLength(1);
    const loaded = await loadCart(db, hash);
    const rows = await bookingsOfCart(db, loaded?.cart.id ?? 0, new Date(NOW));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.paymentPart).toBeNull();
    expect(rows[0]?.id).toBe((await currentBookingForCart(db, loaded?.cart.id ?? 0, new Date(NOW)))?.id);
  });

  it('holds every part or none: a full boat leaves the bus part unheld too', async () => {
    const date = '2025-06-05';
    const hash = await cart(BUS_THEN_BOAT.replaceAll('2025-06-04', date), 4); // the boat has 3 seats
    const result = await reserveCart(db, { hash, index, now: NOW, holdMinutes: 20, ctx: GUEST });
    expect(result.ok ? 'held' : result.code).toBe('sold_out');
    const loaded = await loadCart(db, hash);
    expect(
      await db
        .select()
        .from(bookings)
        .where(eq(bookings.cartId, loaded?.cart.id ?? 0)),
    ).toEqual([]);
    expect((await rowOf(date, 1))?.seatsHeld ?? 0).toBe(0);
    expect((await rowOf(date, 2))?.seatsHeld ?? 0).toBe(0);
  });

  it('a paid part is kept when the unpaid part lapses; the lapsed part shows as released and its seats go back', async () => {
    const date = '2025-06-06';
    const hash = await cart(BUS_THEN_BOAT.replaceAll('2025-06-04', date), 1);
    const result = await reserveCart(db, { hash, index, now: NOW, holdMinutes: 20, ctx: GUEST });
    if (!result.ok) throw new Error(result.code);
    const [shop, boat] = result.bookings;
    const order = await api.placeOrder(
      travellerApiContext('/api/nuxt/en/pay/place-order', {
        method: 'POST',
        body: JSON.stringify({ booking_id: shop?.publicId, paygate: 'counter' }),
        headers: { 'idempotency-key': 'split-counter-1' },
      }),
    );
    expect(order.status).toBe(201);
    const { reference } = (await order.json()) as { reference: string };
    expect((await markCounterPaid(db, reference, NOW + MINUTE, staff(1))).result).toBe('confirmed');

    const later = NOW + 30 * MINUTE;
    await releaseExpiredHolds(db, new Date(later));
    const loaded = await loadCart(db, hash);
    const rows = await bookingsOfCart(db, loaded?.cart.id ?? 0, new Date(later));
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      [shop?.id, 'confirmed'],
      [boat?.id, 'expired'],
    ]);
    expect((await rowOf(date, 1))?.seatsSold).toBe(1);
    expect((await rowOf(date, 2))?.seatsHeld).toBe(0);

    // Cancelling the paid part refunds its own fare by its own leg's terms (free cancellation still open).
    const preview = await cancellationPreview(db, shop?.id ?? 0, new Date(later));
    expect(preview).toMatchObject({ cancellable: true, full: true, refundMinor: shop?.totalMinor });
  });
});
