/**
 * Returning lapsed holds to sale. Two ways in: `releaseExpiredHolds` sweeps everything due
 * (run by the server on a timer), and `releaseIfExpired` frees one booking's seats the
 * moment someone reads it, so a stale hold never outlives its expiry by a sweep interval.
 * Both lock the inventory rows first, in the same order as reserving, then re-check the holds
 * under the lock (a payment may have turned them into sold seats meanwhile).
 */
import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bookings, departureInventory, seatHolds } from '../db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Locks inventory rows by id in the global lock order (schedule, option, date). */
export async function lockInventoryRows(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return lockRowsWhere(tx, inArray(departureInventory.id, [...ids]));
}

/** Locks the inventory rows a booking holds seats on (its departures never change, only its holds' states). */
export function lockBookingInventoryRows(tx: Tx, bookingId: number) {
  const held = tx.select({ id: seatHolds.departureInventoryId }).from(seatHolds).where(eq(seatHolds.bookingId, bookingId));
  return lockRowsWhere(tx, inArray(departureInventory.id, held));
}

function lockRowsWhere(tx: Tx, where: SQL) {
  return tx
    .select()
    .from(departureInventory)
    .where(where)
    .orderBy(asc(departureInventory.scheduleId), asc(departureInventory.travelOptionId), asc(departureInventory.serviceDate))
    .for('update');
}

/**
 * Inside a transaction that already locked the rows: frees lapsed holds on them. Returns the
 * seats given back per inventory row id.
 */
export async function releaseLapsedOnLockedRows(tx: Tx, inventoryIds: readonly number[], now: Date): Promise<Map<number, number>> {
  const perRow = new Map<number, number>();
  if (inventoryIds.length === 0) return perRow;
  const released = await tx
    .update(seatHolds)
    .set({ status: 'released' })
    .where(and(inArray(seatHolds.departureInventoryId, [...inventoryIds]), eq(seatHolds.status, 'held'), lte(seatHolds.expiresAt, now)))
    .returning({ inventoryId: seatHolds.departureInventoryId, seats: seatHolds.seats, bookingId: seatHolds.bookingId });
  if (released.length === 0) return perRow;
  for (const r of released) perRow.set(r.inventoryId, (perRow.get(r.inventoryId) ?? 0) + r.seats);
  for (const [id, seats] of perRow)
    await tx
      .update(departureInventory)
      .set({ seatsHeld: sql`${departureInventory.seatsHeld} - ${seats}`, updatedAt: now })
      .where(eq(departureInventory.id, id));
  await tx
    .update(bookings)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(inArray(bookings.id, [...new Set(released.map((r) => r.bookingId))]), inArray(bookings.status, ['reserved', 'awaiting_payment'])),
    );
  return perRow;
}

async function releaseWhere(db: Db, now: Date, bookingId?: number): Promise<number> {
  const due = await db
    .select({ inventoryId: seatHolds.departureInventoryId })
    .from(seatHolds)
    .where(
      and(
        eq(seatHolds.status, 'held'),
        lte(seatHolds.expiresAt, now),
        bookingId === undefined ? undefined : eq(seatHolds.bookingId, bookingId),
      ),
    )
    .limit(1000);
  if (due.length === 0) return 0;
  const ids = [...new Set(due.map((d) => d.inventoryId))];
  await db.transaction(async (tx) => {
    await lockInventoryRows(tx, ids);
    await releaseLapsedOnLockedRows(tx, ids, now);
  });
  return due.length;
}

/** Frees every lapsed hold; returns how many holds were due. */
export function releaseExpiredHolds(db: Db, now: Date): Promise<number> {
  return releaseWhere(db, now);
}

/** Frees one booking's lapsed holds (release on read). */
export async function releaseIfExpired(db: Db, bookingId: number, now: Date): Promise<void> {
  await releaseWhere(db, now, bookingId);
}
