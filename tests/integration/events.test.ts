/**
 * Domain events on PGlite and (with TEST_DATABASE_URL) PostgreSQL: what a payment, a refund, a
 * counter expiry and a cancellation record in their own transaction, and how the dispatcher
 * delivers it — once per subscriber however many dispatchers race, retried with backoff after a
 * failure, again after a dead dispatcher's claim lapses. The race is also run on PostgreSQL with
 * the claim switched off (negative control): the same event then reaches a subscriber twice.
 */
import { GUEST, staff } from '../support/actors.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { createCart } from '../../src/server/cart/cart.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { bookings, domainEvents, eventDeliveries, payments } from '../../src/server/db/schema.ts';
import { reserveCart } from '../../src/server/booking/reserve.ts';
import { CLAIM_MS, createEventDispatcher, type EventHandler, type StoredEvent } from '../../src/server/events/dispatch.ts';
import type { SubscriberName } from '../../src/server/events/kinds.ts';
import { recordEvent } from '../../src/server/events/record.ts';
import { applyPaymentEvent } from '../../src/server/payment/confirm.ts';
import { markCounterPaid } from '../../src/server/payment/counter.ts';
import { expireCounterPayments } from '../../src/server/payment/counterExpiry.ts';
import { placeOrder } from '../../src/server/payment/place.ts';
import { cancelBooking } from '../../src/server/tickets/cancel.ts';
import { deliverOwedConfirmationMails } from '../../src/server/tickets/confirmationMail.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { BUS, insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';

const HOUR = 3_600_000;

/** Subscribers that write down what they were given; `fail` makes one throw its next N deliveries. */
function recordingSubscribers() {
  const seen: { subscriber: SubscriberName; event: StoredEvent }[] = [];
  const failures = new Map<SubscriberName, number>();
  const handler =
    (subscriber: SubscriberName): EventHandler =>
    async (_db, event) => {
      const left = failures.get(subscriber) ?? 0;
      if (left > 0) {
        failures.set(subscriber, left - 1);
        throw new Error(`${subscriber} is down`);
      }
      // A little work, so racing dispatchers overlap.
      await new Promise((resolve) => setTimeout(resolve, 2));
      seen.push({ subscriber, event });
    };
  const handlers = {
    'mail.confirmation': handler('mail.confirmation'),
    'mail.cancellation': handler('mail.cancellation'),
    'payment.refund': handler('payment.refund'),
    'reseller.commission': handler('reseller.commission'),
    analytics: handler('analytics'),
  };
  return { seen, handlers, fail: (s: SubscriberName, times: number) => failures.set(s, times) };
}

describe.each(DATABASES)('domain events on $name', ({ name, open }) => {
  let handle: DbHandle;
  let db: Db;
  let index: TimetableIndex;

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    await insertCheckoutNetwork(db, { bus: 400, boat: 4 });
    index = await loadIndex(db, NOW);
  });

  afterAll(async () => {
    await handle.close();
  });

  async function reserved() {
    const selections = parseAddToCartSlug(BUS) ?? [];
    const quoted = quoteSelections(index, selections, { currency: 'THB', now: NOW });
    if (typeof quoted === 'string') throw new Error(quoted);
    const hash = await createCart(db, { lang: 'en', currency: 'THB', people: 1, selections, quoted });
    const result = await reserveCart(db, { hash, index, now: NOW, holdMinutes: 20, ctx: GUEST, email: 'anna@example.com' });
    if (!result.ok) throw new Error(result.code);
    return result.booking;
  }

  async function order(bookingId: number, paygate: 'counter' | 'sandbox-card') {
    const placed = await placeOrder(db, { bookingId, paygate, origin: 'http://shop.test', now: NOW, ctx: GUEST });
    if (!placed.ok) throw new Error(placed.code);
    const [payment] = await db.select().from(payments).where(eq(payments.id, placed.paymentId));
    if (!payment) throw new Error('no payment');
    return payment;
  }

  const pay = (payment: typeof payments.$inferSelect, id: string) =>
    applyPaymentEvent(
      db,
      { id, type: 'payment.succeeded', reference: payment.providerRef, amountMinor: payment.amountMinor, currency: payment.currency },
      NOW,
    );

  const eventsOf = (bookingId: number) =>
    db.select().from(domainEvents).where(eq(domainEvents.bookingId, bookingId)).orderBy(domainEvents.id);

  it('records booking.paid with the payment, and each subscriber gets it once however many dispatchers race', async () => {
    const booking = await reserved();
    const payment = await order(booking.id, 'counter');
    expect(await pay(payment, `evt_paid_${name}`)).toMatchObject({ result: 'confirmed' });
    const [paid] = await eventsOf(booking.id);
    expect(paid).toMatchObject({
      kind: 'booking.paid',
      payload: { paymentId: payment.id, paygate: 'counter', amountMinor: payment.amountMinor, currency: 'THB', status: 'confirmed' },
    });
    const deliveries = await db
      .select()
      .from(eventDeliveries)
      .where(eq(eventDeliveries.eventId, paid?.id ?? -1));
    expect(deliveries.map((d) => d.subscriber).sort()).toEqual(['analytics', 'mail.confirmation', 'reseller.commission']);

    const { seen, handlers } = recordingSubscribers();
    const dispatcher = createEventDispatcher(handlers);
    await Promise.all(Array.from({ length: 6 }, () => dispatcher.deliverDue(db, new Date(NOW + 1000))));
    const mine = seen.filter((s) => s.event.bookingId === booking.id);
    expect(mine.map((s) => s.subscriber).sort()).toEqual(['analytics', 'mail.confirmation', 'reseller.commission']);
    expect(await dispatcher.deliverDue(db, new Date(NOW + 10 * HOUR))).toBe(0);
  });

  it('refunds the second payment of a paid booking through an event that names the money', async () => {
    const booking = await reserved();
    const first = await order(booking.id, 'counter');
    const second = await order(booking.id, 'sandbox-card');
    await pay(first, `evt_first_${name}`);
    expect(await pay(second, `evt_second_${name}`)).toMatchObject({ result: 'refunded', reason: 'already_paid' });
    const kinds = (await eventsOf(booking.id)).map((e) => [e.kind, e.payload]);
    expect(kinds).toEqual([
      ['booking.paid', expect.objectContaining({ paymentId: first.id })],
      [
        'payment.refund_due',
        {
          paymentId: second.id,
          paygate: 'sandbox-card',
          providerRef: second.providerRef,
          amountMinor: second.amountMinor,
          currency: 'THB',
          reason: 'already_paid',
        },
      ],
    ]);
    const { seen, handlers } = recordingSubscribers();
    const dispatcher = createEventDispatcher(handlers);
    await dispatcher.deliverDue(db, new Date(NOW + 1000));
    await dispatcher.deliverDue(db, new Date(NOW + 2000));
    const refunds = seen.filter((s) => s.subscriber === 'payment.refund' && s.event.bookingId === booking.id);
    expect(refunds).toHaveLength(1);
  });

  it('keeps a failing subscriber owed with its error, backs off, and delivers it later without holding the others', async () => {
    const booking = await reserved();
    await pay(await order(booking.id, 'counter'), `evt_retry_${name}`);
    const { seen, handlers, fail } = recordingSubscribers();
    fail('mail.confirmation', 1);
    const dispatcher = createEventDispatcher(handlers);
    const at = NOW + 1000;
    await dispatcher.deliverDue(db, new Date(at));
    const [event] = await eventsOf(booking.id);
    const rows = await db
      .select()
      .from(eventDeliveries)
      .where(eq(eventDeliveries.eventId, event?.id ?? -1));
    expect(rows.find((r) => r.subscriber === 'analytics')?.deliveredAt).not.toBeNull();
    const mail = rows.find((r) => r.subscriber === 'mail.confirmation');
    expect(mail).toMatchObject({ deliveredAt: null, attempts: 1, lastError: 'mail.confirmation is down', claimedUntil: null });
    expect(mail?.nextAttemptAt.getTime()).toBe(at + 10_000);
    // Not before its backoff…
    await dispatcher.deliverDue(db, new Date(at + 5_000));
    expect(seen.filter((s) => s.subscriber === 'mail.confirmation' && s.event.bookingId === booking.id)).toHaveLength(0);
    // …then once.
    await dispatcher.deliverDue(db, new Date(at + 11_000));
    await dispatcher.deliverDue(db, new Date(at + 60_000));
    expect(seen.filter((s) => s.subscriber === 'mail.confirmation' && s.event.bookingId === booking.id)).toHaveLength(1);
  });

  it('delivers again once the claim of a dispatcher that died has lapsed', async () => {
    const booking = await reserved();
    await pay(await order(booking.id, 'counter'), `evt_dead_${name}`);
    const [event] = await eventsOf(booking.id);
    // A dispatcher claimed both deliveries, then its process was killed before finishing.
    const claimedAt = NOW + 1000;
    await db
      .update(eventDeliveries)
      .set({ claimedUntil: new Date(claimedAt + CLAIM_MS), attempts: 1 })
      .where(eq(eventDeliveries.eventId, event?.id ?? -1));
    const { seen, handlers } = recordingSubscribers();
    const dispatcher = createEventDispatcher(handlers);
    await dispatcher.deliverDue(db, new Date(claimedAt + CLAIM_MS - 1000));
    expect(seen.filter((s) => s.event.bookingId === booking.id)).toHaveLength(0);
    await dispatcher.deliverDue(db, new Date(claimedAt + CLAIM_MS + 1000));
    expect(
      seen
        .filter((s) => s.event.bookingId === booking.id)
        .map((s) => s.subscriber)
        .sort(),
    ).toEqual(['analytics', 'mail.confirmation', 'reseller.commission']);
  });

  it('records nothing for a change that rolls back, and refuses a payload its schema does not allow', async () => {
    const booking = await reserved();
    await expect(
      db.transaction(async (tx) => {
        await recordEvent(
          tx,
          { kind: 'payment.failed', bookingId: booking.id, payload: { paymentId: 1, paygate: 'counter', failureCode: 'x' } },
          new Date(NOW),
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await eventsOf(booking.id)).toHaveLength(0);
    await expect(
      recordEvent(
        db,
        { kind: 'booking.cancelled', bookingId: booking.id, payload: { refundMinor: -5, currency: 'THB', refunds: [] } },
        new Date(NOW),
      ),
    ).rejects.toThrow();
    expect(await eventsOf(booking.id)).toHaveLength(0);
  });

  it('expires a counter payment past its time as a failed payment with its event, and staff can no longer mark it paid', async () => {
    const booking = await reserved();
    const payment = await order(booking.id, 'counter');
    const expiry = payment.expiresAt?.getTime() ?? 0;
    expect(await expireCounterPayments(db, new Date(expiry - 1000))).toBe(0);
    expect(await expireCounterPayments(db, new Date(expiry + 1000))).toBe(1);
    const [row] = await db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'failed', failureCode: 'expired' });
    expect((await eventsOf(booking.id)).map((e) => [e.kind, e.payload])).toEqual([
      ['payment.failed', { paymentId: payment.id, paygate: 'counter', failureCode: 'expired' }],
    ]);
    expect(await markCounterPaid(db, payment.providerRef, NOW, staff(1))).toEqual({ result: 'expired' });
    expect(await expireCounterPayments(db, new Date(expiry + 2000))).toBe(0);
  });

  it('records a cancellation with the refund it owes, delivered once to the refunder and the mail', async () => {
    const booking = await reserved();
    const payment = await order(booking.id, 'counter');
    await pay(payment, `evt_cancel_${name}`);
    const cancelled = await cancelBooking(db, booking.id, new Date(NOW), GUEST);
    expect(cancelled).toMatchObject({ ok: true });
    const refundMinor = cancelled.ok ? cancelled.refundMinor : -1;
    const last = (await eventsOf(booking.id)).at(-1);
    expect(last).toMatchObject({ kind: 'booking.cancelled', payload: { refundMinor, currency: 'THB' } });
    const refunds = (last?.payload as { refunds: unknown[] }).refunds;
    expect(refunds).toEqual(
      refundMinor > 0
        ? [{ paymentId: payment.id, paygate: 'counter', providerRef: payment.providerRef, amountMinor: refundMinor, currency: 'THB' }]
        : [],
    );
    const { seen, handlers } = recordingSubscribers();
    const dispatcher = createEventDispatcher(handlers);
    await Promise.all([dispatcher.deliverDue(db, new Date(NOW + 1000)), dispatcher.deliverDue(db, new Date(NOW + 1000))]);
    const forCancel = seen.filter((s) => s.event.kind === 'booking.cancelled' && s.event.bookingId === booking.id);
    expect(forCancel.map((s) => s.subscriber).sort()).toEqual(['analytics', 'mail.cancellation', 'payment.refund', 'reseller.commission']);
  });

  it('leaves mails carried by an event to the events job: the backstop sends only those of bookings paid before the outbox', async () => {
    const withEvent = await reserved();
    await pay(await order(withEvent.id, 'counter'), `evt_backstop_${name}`);
    // Paid before events existed: the status is there, the event is not.
    const before = await reserved();
    await db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, before.id));
    const mailed: number[] = [];
    const send = (_d: Db, id: number) => Promise.resolve(mailed.push(id) > 0);
    await deliverOwedConfirmationMails(db, new Date(NOW), send, 100, { withoutEvent: true });
    expect(mailed).toContain(before.id);
    expect(mailed).not.toContain(withEvent.id);
  });

  // A race on PGlite proves nothing (one connection): this one is declared for PostgreSQL only.
  if (name === 'postgres')
    it('delivers 200 events once each to 4 racing dispatchers; without the claim they deliver twice (negative control)', async () => {
      const booking = await reserved();
      await db.execute(sql`update event_deliveries set delivered_at = now() where delivered_at is null`);
      const record = async () => {
        for (let i = 0; i < 200; i++)
          await recordEvent(
            db,
            { kind: 'payment.failed', bookingId: booking.id, payload: { paymentId: i + 1, paygate: 'counter', failureCode: 'declined' } },
            new Date(NOW),
          );
      };
      const race = async (claim: boolean) => {
        const { seen, handlers } = recordingSubscribers();
        const dispatchers = Array.from({ length: 4 }, () => createEventDispatcher(handlers, { claim }));
        await Promise.all(
          dispatchers.map(async (d) => {
            for (let round = 0; round < 10; round++) await d.deliverDue(db, new Date(NOW + 1000), 50);
          }),
        );
        return seen.map((s) => s.event.id);
      };
      await record();
      const claimed = await race(true);
      expect(claimed).toHaveLength(200);
      expect(new Set(claimed).size).toBe(200);
      await record();
      const unclaimed = await race(false);
      console.log(
        `without the claim: ${String(unclaimed.length)} deliveries of 200 events (${String(unclaimed.length - new Set(unclaimed).size)} twice)`,
      );
      expect(new Set(unclaimed).size).toBe(200);
      expect(unclaimed.length).toBeGreaterThan(200);
    });
});
