/**
 * What the seat hold races share (holds.concurrency and splitHolds.concurrency, PostgreSQL only:
 * PGlite has one connection and serialises everything, so a race there proves nothing): the
 * checkout network with a scarce boat behind a plentiful bus, buyers who all reserve the
 * bus-then-boat connection at once, and the checks that the inventory rows agree with the holds.
 */
import { expect } from 'vitest';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { heldSeatsByRow, reserveCart, type ReserveResult } from '../../src/server/booking/reserve.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { departureInventory } from '../../src/server/db/schema.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { GUEST } from '../support/actors.ts';
import { cartsFor } from './bookingFixtures.ts';
import { BUS_THEN_BOAT, insertCheckoutNetwork, NOW, TRAVEL_DATE } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';

export const racePostgres = DATABASES.find((d) => d.name === 'postgres');

/** A fresh PostgreSQL database with a 500-seat bus and a boat of `boatSeats`, and its index. */
export async function raceNetwork(
  boatSeats: number,
  adjust: (db: Db) => Promise<unknown> = () => Promise.resolve(),
): Promise<{ handle: DbHandle; index: TimetableIndex }> {
  if (!racePostgres) throw new Error('the hold races need PostgreSQL (TEST_DATABASE_URL)');
  const handle = await racePostgres.open();
  await insertCheckoutNetwork(handle.db, { bus: 500, boat: boatSeats });
  await adjust(handle.db);
  return { handle, index: await loadIndex(handle.db, NOW) };
}

/** One cart per buyer for the bus then the boat on `date`. */
export function connectionCarts(db: Db, index: TimetableIndex, date: string, buyers: number): Promise<string[]> {
  return cartsFor(db, index, { slug: BUS_THEN_BOAT.replaceAll(TRAVEL_DATE, date), count: buyers });
}

/** Every buyer reserves their cart at the same moment; `lockInventory: false` is the negative control. */
export async function race(db: Db, index: TimetableIndex, date: string, buyers: number, lockInventory: boolean): Promise<ReserveResult[]> {
  const hashes = await connectionCarts(db, index, date, buyers);
  return Promise.all(hashes.map((hash) => reserveCart(db, { hash, index, now: NOW, holdMinutes: 20, ctx: GUEST, lockInventory })));
}

/** No row oversold, and every seat a row says is held belongs to a live hold (no update lost). */
export async function expectRowsMatchHolds(db: Db): Promise<void> {
  const holds = await heldSeatsByRow(db);
  for (const row of await db.select().from(departureInventory)) {
    expect(row.seatsHeld + row.seatsSold).toBeLessThanOrEqual(row.seatsTotal);
    expect(holds.get(row.id) ?? 0).toBe(row.seatsHeld);
  }
}

/** The boat's row on `date` and the seats its live holds really take (more than the row says once updates were lost). */
export async function boatOversell(db: Db, date: string): Promise<{ rowSaysHeld: number; liveHolds: number }> {
  const boat = (await db.select().from(departureInventory)).find((r) => r.scheduleId === 2 && r.serviceDate === date);
  const liveHolds = (await heldSeatsByRow(db)).get(boat?.id ?? -1) ?? 0;
  return { rowSaysHeld: boat?.seatsHeld ?? 0, liveHolds };
}
