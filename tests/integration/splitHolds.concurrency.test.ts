/**
 * Split payment under contention, on PostgreSQL only (PGlite serialises everything, so a race
 * there proves nothing). A bus-then-boat cart whose boat operator collects its own payment is
 * reserved as two bookings (one per payment part) in one transaction. 120 buyers race for the
 * boat's last 8 seats: exactly 8 carts get both parts, the rest a clear sold-out and no part at
 * all — the bus (plenty of seats) is held exactly 8 times, never for a cart whose boat failed.
 * The negative control runs the same race without the row locks and observes the oversell.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { heldSeatsByRow, reserveCart, type ReserveResult } from '../../src/server/booking/reserve.ts';
import { createCart } from '../../src/server/cart/cart.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { bookings, departureInventory, operators } from '../../src/server/db/schema.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { GUEST } from '../support/actors.ts';
import { BUS_THEN_BOAT, insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';

const postgres = DATABASES.find((d) => d.name === 'postgres');
if (!postgres) console.log('Split hold concurrency tests SKIPPED: they need PostgreSQL (set TEST_DATABASE_URL).');

const BUYERS = 120;
const SEATS = 8;

describe.skipIf(!postgres)('split payment holds under contention (PostgreSQL)', () => {
  let handle: DbHandle;
  let index: TimetableIndex;

  beforeAll(async () => {
    if (!postgres) return;
    handle = await postgres.open();
    await insertCheckoutNetwork(handle.db, { bus: 500, boat: SEATS });
    await handle.db.update(operators).set({ collectsOwnPayment: true }).where(eq(operators.id, 2));
    index = await loadIndex(handle.db, NOW);
  });

  afterAll(async () => {
    await handle.close();
  });

  async function race(date: string, lockInventory: boolean): Promise<ReserveResult[]> {
    const selections = parseAddToCartSlug(BUS_THEN_BOAT.replaceAll('2025-06-04', date)) ?? [];
    const quoted = quoteSelections(index, selections, { currency: 'THB', now: NOW });
    if (typeof quoted === 'string') throw new Error(quoted);
    const hashes = [];
    for (let i = 0; i < BUYERS; i++)
      hashes.push(await createCart(handle.db, { lang: 'en', currency: 'THB', people: 1, selections, quoted }));
    return Promise.all(hashes.map((hash) => reserveCart(handle.db, { hash, index, now: NOW, holdMinutes: 20, ctx: GUEST, lockInventory })));
  }

  const rowOf = async (scheduleId: number, date: string) =>
    (await handle.db.select().from(departureInventory).where(eq(departureInventory.scheduleId, scheduleId))).find(
      (r) => r.serviceDate === date,
    );

  it(`${BUYERS} buyers for the boat's last ${SEATS} seats: ${SEATS} carts get both parts, the rest none`, async () => {
    const results = await race('2025-06-04', true);
    const held = results.filter((r) => r.ok);
    expect(held).toHaveLength(SEATS);
    expect(results.filter((r) => !r.ok && r.code === 'sold_out')).toHaveLength(BUYERS - SEATS);
    for (const r of held) expect(r.bookings).toHaveLength(2);
    const parts = await handle.db.select({ part: bookings.paymentPart }).from(bookings);
    expect(parts.filter((p) => p.part === 'shop')).toHaveLength(SEATS);
    expect(parts.filter((p) => p.part === 'operator:2')).toHaveLength(SEATS);
    // All or nothing: the bus holds exactly as many seats as the boat, not one per buyer.
    expect((await rowOf(1, '2025-06-04'))?.seatsHeld).toBe(SEATS);
    expect((await rowOf(2, '2025-06-04'))?.seatsHeld).toBe(SEATS);
    const holds = await heldSeatsByRow(handle.db);
    for (const row of await handle.db.select().from(departureInventory)) {
      expect(row.seatsHeld + row.seatsSold).toBeLessThanOrEqual(row.seatsTotal);
      expect(holds.get(row.id) ?? 0).toBe(row.seatsHeld);
    }
  });

  it('NEGATIVE CONTROL: without the row locks the same race oversells the boat', async () => {
    const results = await race('2025-06-05', false);
    const held = results.filter((r) => r.ok).length;
    const boat = await rowOf(2, '2025-06-05');
    const live = (await heldSeatsByRow(handle.db)).get(boat?.id ?? -1) ?? 0;
    console.log(
      `split negative control: ${String(held)} carts held on ${String(SEATS)} boat seats; row says ${String(boat?.seatsHeld ?? 0)} held`,
    );
    expect(held).toBeGreaterThan(SEATS);
    expect(live).toBeGreaterThan(boat?.seatsHeld ?? 0);
  });
});
