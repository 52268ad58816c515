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
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { bookings, departureInventory, operators } from '../../src/server/db/schema.ts';
import { boatOversell, expectRowsMatchHolds, race, raceNetwork, racePostgres } from './holdRace.ts';

if (!racePostgres) console.log('Split hold concurrency tests SKIPPED: they need PostgreSQL (set TEST_DATABASE_URL).');

const BUYERS = 120;
const SEATS = 8;

describe.skipIf(!racePostgres)('split payment holds under contention (PostgreSQL)', () => {
  let handle: DbHandle;
  let index: TimetableIndex;

  beforeAll(async () => {
    if (!racePostgres) return;
    // The boat's operator collects its own payment: the cart is two payment parts.
    ({ handle, index } = await raceNetwork(SEATS, (db) =>
      db.update(operators).set({ collectsOwnPayment: true }).where(eq(operators.id, 2)),
    ));
  });

  afterAll(async () => {
    await handle.close();
  });

  const rowOf = async (scheduleId: number, date: string) =>
    (await handle.db.select().from(departureInventory).where(eq(departureInventory.scheduleId, scheduleId))).find(
      (r) => r.serviceDate === date,
    );

  it(`${BUYERS} buyers for the boat's last ${SEATS} seats: ${SEATS} carts get both parts, the rest none`, async () => {
    const results = await race(handle.db, index, '2025-06-04', BUYERS, true);
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
    await expectRowsMatchHolds(handle.db);
  });

  it('NEGATIVE CONTROL: without the row locks the same race oversells the boat', async () => {
    const results = await race(handle.db, index, '2025-06-05', BUYERS, false);
    const held = results.filter((r) => r.ok).length;
    const { rowSaysHeld, liveHolds } = await boatOversell(handle.db, '2025-06-05');
    console.log(`split negative control: ${String(held)} carts held on ${String(SEATS)} boat seats; row says ${String(rowSaysHeld)} held`);
    expect(held).toBeGreaterThan(SEATS);
    expect(liveHolds).toBeGreaterThan(rowSaysHeld);
  });
});
