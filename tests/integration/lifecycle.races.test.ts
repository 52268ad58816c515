/**
 * Booking changes that can meet, raced on PostgreSQL (PGlite has one connection and serialises
 * everything, so a race there proves nothing). Each race pauses the first change right after it
 * took its locks (`lockProbe`), starts the second, and lets the first finish only once the second
 * has run as far as it can. With the one lock order the second waits (or, for the sweep, skips
 * the booking being paid) and the ledger is right. Each negative control runs the same race with
 * the locks (and the status check) switched off and asserts the damage they prevent.
 *
 * Ledger: every departure's seats_held equals its live holds and seats_sold its sold holds, and
 * held + sold never exceeds the seats.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { refundBooking, reissueTicket } from '../../src/server/booking/lifecycle/changes.ts';
import { releaseExpiredHolds } from '../../src/server/booking/lifecycle/lapse.ts';
import { BookingBusy, lockProbe, type LockRequest } from '../../src/server/booking/lifecycle/locks.ts';
import { reserveCart } from '../../src/server/booking/reserve.ts';
import { createCart } from '../../src/server/cart/cart.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { bookingAudit, bookings, departureInventory, payments } from '../../src/server/db/schema.ts';
import { applyPaymentEvent, type EventOutcome } from '../../src/server/payment/confirm.ts';
import { placeOrder } from '../../src/server/payment/place.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { GUEST, staff } from '../support/actors.ts';
import { insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { DATABASES, postgresUrl } from './databases.ts';

const postgres = DATABASES.find((d) => d.name === 'postgres');
if (!postgres) console.log('Booking lifecycle race tests SKIPPED: they need PostgreSQL (set TEST_DATABASE_URL).');

const MINUTE = 60_000;
/** The boat's operator confirms by hand: a paid boat booking waits for its confirmation. */
const PAID = 'pending_confirmation';
/** How long the second change gets to run into the first one's locks. */
const SECOND_CHANGE_WINDOW_MS = 600;

describe.skipIf(!postgres)('booking changes that meet (PostgreSQL)', () => {
  let handle: DbHandle;
  let index: TimetableIndex;
  let nextDay = 10;

  beforeAll(async () => {
    if (!postgres) return;
    handle = await postgres.open();
    await insertCheckoutNetwork(handle.db, { bus: 500, boat: 10 });
    index = await loadIndex(handle.db, NOW);
  });

  afterEach(() => {
    lockProbe.afterLock = undefined;
  });

  afterAll(async () => {
    await handle.close();
  });

  /** A departure of its own per race: the boat on a fresh date. */
  function freshDate(): string {
    nextDay++;
    return `2025-06-${String(nextDay).padStart(2, '0')}`;
  }

  async function hold(date: string, at: number): Promise<number> {
    const selections = parseAddToCartSlug(`2.20.30.${date}/2`) ?? [];
    const quoted = quoteSelections(index, selections, { currency: 'THB', now: at });
    if (typeof quoted === 'string') throw new Error(quoted);
    const hash = await createCart(handle.db, { lang: 'en', currency: 'THB', people: 1, selections, quoted });
    const reserved = await reserveCart(handle.db, { hash, index, now: at, holdMinutes: 20, ctx: GUEST });
    if (!reserved.ok) throw new Error(reserved.code);
    return reserved.booking.id;
  }

  /** Opens a counter payment for the booking; returns the event its money would send. */
  async function order(bookingId: number, at: number) {
    const placed = await placeOrder(handle.db, { bookingId, paygate: 'counter', origin: 'http://shop.test', now: at, ctx: GUEST });
    if (!placed.ok) throw new Error(placed.code);
    const [row] = await handle.db.select().from(payments).where(eq(payments.id, placed.paymentId));
    if (!row) throw new Error('no payment');
    return {
      id: `evt_${randomUUID()}`,
      type: 'payment.succeeded' as const,
      reference: row.providerRef,
      amountMinor: row.amountMinor,
      currency: row.currency,
    };
  }

  async function pay(bookingId: number, at: number): Promise<EventOutcome> {
    return applyPaymentEvent(handle.db, await order(bookingId, at), at);
  }

  async function status(bookingId: number) {
    const [row] = await handle.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
    return row?.status;
  }

  /** The departure's counts and what its holds add up to. */
  async function ledger(date: string) {
    const result = await handle.db.execute(sql`
      select d.seats_total, d.seats_held, d.seats_sold,
        coalesce((select sum(h.seats) from seat_holds h where h.departure_inventory_id = d.id and h.status = 'held'), 0)::int as live,
        coalesce((select sum(h.seats) from seat_holds h where h.departure_inventory_id = d.id and h.status = 'sold'), 0)::int as sold
      from ${departureInventory} d where d.service_date = ${date}::date and d.schedule_id = 2`);
    const [row] = (result as { rows: { seats_total: number; seats_held: number; seats_sold: number; live: number; sold: number }[] }).rows;
    if (!row) throw new Error('no departure');
    return row;
  }

  /**
   * Runs `first` until it has taken the locks `isFirst` recognises, then `second`; the first
   * resumes once the second finished or waited SECOND_CHANGE_WINDOW_MS. Says whether the second
   * finished while the first still held its locks.
   */
  async function interleave<A, B>(first: () => Promise<A>, isFirst: (request: LockRequest) => boolean, second: () => Promise<B>) {
    let resume!: () => void;
    const gate = new Promise<void>((r) => (resume = r));
    let reached!: () => void;
    const atLock = new Promise<void>((r) => (reached = r));
    let paused = false;
    lockProbe.afterLock = async (request) => {
      if (paused || !isFirst(request)) return;
      paused = true;
      reached();
      await gate;
    };
    const a = first();
    await atLock;
    const b = second();
    const secondRanThrough = await Promise.race([
      b.then(
        () => true,
        () => true,
      ),
      new Promise<boolean>((r) =>
        setTimeout(() => {
          r(false);
        }, SECOND_CHANGE_WINDOW_MS),
      ),
    ]);
    resume();
    const [firstResult, secondResult] = await Promise.allSettled([a, b]);
    lockProbe.afterLock = undefined;
    return { firstResult, secondResult, secondRanThrough };
  }

  /** The payment event's inventory lock: the moment it has read the seats it will decide on. */
  const paymentSeatsOf = (bookingId: number) => (r: LockRequest) => r.inventoryOfLockedBookings?.includes(bookingId) === true;
  const changeOf = (bookingId: number) => (r: LockRequest) => r.bookings?.includes(bookingId) === true;

  async function latePaymentVersusSweep(unsafeNoLocks: boolean) {
    const date = freshDate();
    const late = await hold(date, NOW);
    const event = await order(late, NOW);
    const after = NOW + 21 * MINUTE;
    const race = await interleave(
      () => applyPaymentEvent(handle.db, event, after, { unsafeNoLocks }),
      paymentSeatsOf(late),
      () => releaseExpiredHolds(handle.db, new Date(after), undefined, { unsafeNoLocks }),
    );
    return { race, late, date };
  }

  it('a late payment and the sweep of its lapsed hold: the seat still free is sold to the payer', async () => {
    const { race, late, date } = await latePaymentVersusSweep(false);
    expect(race.firstResult).toMatchObject({ status: 'fulfilled', value: { result: 'confirmed' } });
    expect(await status(late)).toBe(PAID);
    expect(await ledger(date)).toMatchObject({ seats_held: 0, seats_sold: 1, live: 0, sold: 1 });
  });

  it('NEGATIVE CONTROL: without the locks the sweep frees the seat under the payment, which writes back a stale count: a seat is lost for good', async () => {
    const { race, date } = await latePaymentVersusSweep(true);
    expect(race.secondRanThrough).toBe(true);
    expect(race.firstResult).toMatchObject({ status: 'fulfilled', value: { result: 'confirmed' } });
    // The departure says one seat is held, but no hold holds it: nobody can ever buy it again.
    expect(await ledger(date)).toMatchObject({ seats_held: 1, live: 0, seats_sold: 1, sold: 1 });
  });

  async function cancelVersusPay(unsafeNoLocks: boolean) {
    const date = freshDate();
    const paid = await hold(date, NOW);
    expect((await pay(paid, NOW)).result).toBe('confirmed');
    const lapsed = await hold(date, NOW);
    const event = await order(lapsed, NOW);
    const after = NOW + 21 * MINUTE;
    const race = await interleave(
      () => refundBooking(handle.db, paid, new Date(after), staff(7), { unsafeNoLocks }),
      changeOf(paid),
      () => applyPaymentEvent(handle.db, event, after, { unsafeNoLocks }),
    );
    return { race, paid, lapsed, date };
  }

  it('a cancellation and a payment on the same departure: the payment waits, both counts survive', async () => {
    const { race, paid, lapsed, date } = await cancelVersusPay(false);
    expect(race.secondRanThrough).toBe(false);
    expect(race.secondResult).toMatchObject({ status: 'fulfilled', value: { result: 'confirmed' } });
    expect([await status(paid), await status(lapsed)]).toEqual(['refunded', PAID]);
    expect(await ledger(date)).toMatchObject({ seats_held: 0, seats_sold: 1, live: 0, sold: 1 });
  });

  it('NEGATIVE CONTROL: without the locks the cancellation writes back a stale count and loses the sale', async () => {
    const { race, date } = await cancelVersusPay(true);
    expect(race.secondRanThrough).toBe(true);
    const after = await ledger(date);
    expect(after.sold).toBe(1);
    expect(after.seats_sold).toBe(0);
  });

  async function twoLapsedForTheLastSeat(unsafeNoLocks: boolean) {
    const date = freshDate();
    const first = await hold(date, NOW);
    // The departure is down to its last seat.
    await handle.db.execute(sql`update departure_inventory set seats_total = 1 where service_date = ${date}::date and schedule_id = 2`);
    const firstEvent = await order(first, NOW);
    await releaseExpiredHolds(handle.db, new Date(NOW + 21 * MINUTE));
    const second = await hold(date, NOW + 21 * MINUTE);
    const secondEvent = await order(second, NOW + 21 * MINUTE);
    const after = NOW + 45 * MINUTE;
    await releaseExpiredHolds(handle.db, new Date(after));
    expect([await status(first), await status(second)]).toEqual(['expired', 'expired']);
    const race = await interleave(
      () => applyPaymentEvent(handle.db, firstEvent, after, { unsafeNoLocks }),
      paymentSeatsOf(first),
      () => applyPaymentEvent(handle.db, secondEvent, after, { unsafeNoLocks }),
    );
    return { race, first, second, date };
  }

  it('two lapsed bookings paid at once for the last seat: one gets it, the other is refunded', async () => {
    const { race, first, second, date } = await twoLapsedForTheLastSeat(false);
    expect(race.secondRanThrough).toBe(false);
    expect(race.firstResult).toMatchObject({ status: 'fulfilled', value: { result: 'confirmed' } });
    expect(race.secondResult).toMatchObject({ status: 'fulfilled', value: { result: 'refunded', reason: 'sold_out' } });
    expect([await status(first), await status(second)]).toEqual([PAID, 'refunded']);
    expect(await ledger(date)).toMatchObject({ seats_total: 1, seats_held: 0, seats_sold: 1, sold: 1 });
  });

  it('NEGATIVE CONTROL: without the locks both payments take the last seat', async () => {
    const { race, first, second, date } = await twoLapsedForTheLastSeat(true);
    expect(race.secondRanThrough).toBe(true);
    expect([await status(first), await status(second)]).toEqual([PAID, PAID]);
    expect((await ledger(date)).sold).toBe(2);
  });

  async function reissueVersusRefund(unsafeNoLocks: boolean) {
    const date = freshDate();
    const booking = await hold(date, NOW);
    expect((await pay(booking, NOW)).result).toBe('confirmed');
    const at = new Date(NOW + MINUTE);
    const race = await interleave(
      () => reissueTicket(handle.db, booking, at, staff(3), { unsafeNoLocks }),
      changeOf(booking),
      () => refundBooking(handle.db, booking, at, staff(4), { unsafeNoLocks }),
    );
    return { race, booking, date };
  }

  it('a re-issue and a refund at once: the refund waits for the re-issue, and the booking ends refunded', async () => {
    const { race, booking, date } = await reissueVersusRefund(false);
    expect(race.secondRanThrough).toBe(false);
    expect(race.secondResult).toMatchObject({ status: 'fulfilled', value: { ok: true } });
    expect(await status(booking)).toBe('refunded');
    expect(await ledger(date)).toMatchObject({ seats_sold: 0, sold: 0 });
    const audit = await handle.db.select().from(bookingAudit).where(eq(bookingAudit.bookingId, booking)).orderBy(bookingAudit.id);
    expect(audit.map((a) => [a.transition, a.actorKind, a.actorId])).toEqual([
      ['hold', 'traveller', null],
      ['place_order', 'traveller', null],
      ['pay', 'system', 'paygate-webhook'],
      ['reissue_ticket', 'staff', '3'],
      ['refund', 'staff', '4'],
    ]);
  });

  it('NEGATIVE CONTROL: without the lock and the status check the re-issue writes "confirmed" back over the refund', async () => {
    const { booking, date } = await reissueVersusRefund(true);
    expect(await status(booking)).toBe(PAID);
    // …while the seat went back on sale and the money back to the traveller.
    expect(await ledger(date)).toMatchObject({ seats_sold: 0, sold: 0 });
  });

  it('a change stuck behind another one longer than LOCK_TIMEOUT_MS gives up as busy and changes nothing', async () => {
    const date = freshDate();
    const booking = await hold(date, NOW);
    expect((await pay(booking, NOW)).result).toBe('confirmed');
    const previous = process.env.LOCK_TIMEOUT_MS;
    process.env.LOCK_TIMEOUT_MS = '200';
    // Another session (a long staff change, a stuck connection) holds the booking's row.
    const other = new pg.Client({ connectionString: postgresUrl(handle) });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select id from bookings where id = $1 for update', [booking]);
      const started = Date.now();
      await expect(refundBooking(handle.db, booking, new Date(NOW + MINUTE), staff(5))).rejects.toBeInstanceOf(BookingBusy);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await other.query('rollback');
      await other.end();
      process.env.LOCK_TIMEOUT_MS = previous;
    }
    expect(await status(booking)).toBe(PAID);
    expect(await ledger(date)).toMatchObject({ seats_sold: 1, sold: 1 });
  });
});
