/**
 * Cart and seat holds on PGlite and (with TEST_DATABASE_URL) PostgreSQL: what a traveller
 * notices — a connection is held as a whole or not at all, a lapsed hold gives its seats back,
 * a fare change is announced before seats are held, a frozen cart keeps its price.
 */
import { GUEST } from '../support/actors.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { createCart, freezeCart, loadCart } from '../../src/server/cart/cart.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { bookings, departureInventory, travelOptions } from '../../src/server/db/schema.ts';
import { releaseExpiredHolds, releaseIfExpired } from '../../src/server/booking/lifecycle/lapse.ts';
import { reserveCart } from '../../src/server/booking/reserve.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { BOAT, BUS, BUS_THEN_BOAT, insertCheckoutNetwork, NOW, RETURN_BUS } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';

const MINUTE = 60_000;

describe.each(DATABASES)('cart and seat holds on $name', ({ open }) => {
  let handle: DbHandle;
  let index: TimetableIndex;

  beforeAll(async () => {
    handle = await open();
    await insertCheckoutNetwork(handle.db, { bus: 40, boat: 3 });
    index = await loadIndex(handle.db, NOW);
  });

  afterAll(async () => {
    await handle.close();
  });

  async function cartFor(slug: string, people: number, idx = index, now = NOW) {
    const selections = parseAddToCartSlug(slug) ?? [];
    const quoted = quoteSelections(idx, selections, { currency: 'THB', now });
    if (typeof quoted === 'string') throw new Error(quoted);
    return createCart(handle.db, { lang: 'en', currency: 'THB', people, selections, quoted });
  }

  const seatsLeft = async (scheduleId: number, date = '2025-06-04') => {
    const [row] = await handle.db.select().from(departureInventory).where(eq(departureInventory.scheduleId, scheduleId));
    return row?.serviceDate === date ? row.seatsTotal - row.seatsHeld - row.seatsSold : undefined;
  };

  it('stores a round trip as two items with every leg priced', async () => {
    const hash = await cartFor(`${BUS}/${RETURN_BUS}`, 2);
    const cart = await loadCart(handle.db, hash);
    expect(cart?.items.map((i) => i.legs.length)).toEqual([1, 1]);
    expect(cart?.items.every((i) => i.legs.every((l) => l.unitPriceMinor > 0 && l.currency === 'THB'))).toBe(true);
  });

  it('holds a connection as a whole, and refuses it whole when one leg lacks seats', async () => {
    const first = await reserveCart(handle.db, { hash: await cartFor(BUS_THEN_BOAT, 2), index, now: NOW, holdMinutes: 20, ctx: GUEST });
    expect(first.ok).toBe(true);
    expect(await seatsLeft(1)).toBe(38);
    expect(await seatsLeft(2)).toBe(1);

    const second = await reserveCart(handle.db, { hash: await cartFor(BUS_THEN_BOAT, 2), index, now: NOW, holdMinutes: 20, ctx: GUEST });
    expect(second).toMatchObject({ ok: false, code: 'sold_out', legs: [{ scheduleId: 2, seatsLeft: 1 }] });
    // Nothing of the failed connection was kept: the bus still has 38 seats, not 36.
    expect(await seatsLeft(1)).toBe(38);
  });

  it('gives lapsed seats back: on the next reservation, on read, and by the sweep', async () => {
    // The boat has 1 seat left; hold it for 20 minutes.
    const holder = await reserveCart(handle.db, { hash: await cartFor(BOAT, 1), index, now: NOW, holdMinutes: 20, ctx: GUEST });
    expect(holder.ok).toBe(true);
    expect(await seatsLeft(2)).toBe(0);
    const tooEarly = await reserveCart(handle.db, {
      hash: await cartFor(BOAT, 1),
      index,
      now: NOW + 19 * MINUTE,
      holdMinutes: 20,
      ctx: GUEST,
    });
    expect(tooEarly).toMatchObject({ ok: false, code: 'sold_out' });

    // 21 minutes later both earlier holds on the boat have lapsed (the connection's 2 and this 1).
    const later = NOW + 21 * MINUTE;
    const next = await reserveCart(handle.db, { hash: await cartFor(BOAT, 3), index, now: later, holdMinutes: 20, ctx: GUEST });
    expect(next.ok).toBe(true);
    const [expired] = await handle.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, holder.ok ? holder.booking.id : -1));
    expect(expired?.status).toBe('expired');

    // Release on read: the bus hold of the connection lapsed too and is freed when read.
    if (first(next)) await releaseIfExpired(handle.db, next.booking.id, new Date(later + 21 * MINUTE));
    expect(await seatsLeft(2)).toBe(3);
    expect(await releaseExpiredHolds(handle.db, new Date(later + 21 * MINUTE))).toBeGreaterThan(0);
    expect(await seatsLeft(1)).toBe(40);
  });

  it('announces a changed fare before holding seats, then continues at the new price', async () => {
    const hash = await cartFor(BUS, 1);
    await handle.db.update(travelOptions).set({ priceMinor: 99_000 }).where(eq(travelOptions.id, 1));
    const repriced = await loadIndex(handle.db, NOW);
    const changed = await reserveCart(handle.db, { hash, index: repriced, now: NOW, holdMinutes: 20, ctx: GUEST });
    expect(changed).toMatchObject({ ok: false, code: 'price_changed', change: { quotedMinor: 90_000, currentMinor: 99_000 } });
    const retried = await reserveCart(handle.db, { hash, index: repriced, now: NOW, holdMinutes: 20, ctx: GUEST });
    expect(retried).toMatchObject({ ok: true, booking: { totalMinor: 99_000 } });
  });

  it('keeps the quoted price of a frozen cart', async () => {
    const hash = await cartFor(BUS, 2, await loadIndex(handle.db, NOW));
    expect(await freezeCart(handle.db, hash, new Date(NOW))).toBe(true);
    await handle.db.update(travelOptions).set({ priceMinor: 120_000 }).where(eq(travelOptions.id, 1));
    const result = await reserveCart(handle.db, { hash, index: await loadIndex(handle.db, NOW), now: NOW, holdMinutes: 20, ctx: GUEST });
    expect(result).toMatchObject({ ok: true, booking: { totalMinor: 2 * 99_000 } });
  });

  it('refuses a departure whose sales have closed', async () => {
    const hash = await cartFor(BUS, 1);
    const lastMinute = Date.UTC(2025, 5, 4, 13, 30); // 20:30 in Bangkok, 30 minutes before the 21:00 bus
    expect(await reserveCart(handle.db, { hash, index, now: lastMinute, holdMinutes: 20, ctx: GUEST })).toEqual({
      ok: false,
      code: 'sales_closed',
    });
  });
});

function first<T extends { ok: boolean }>(r: T): r is T & { ok: true } {
  return r.ok;
}
