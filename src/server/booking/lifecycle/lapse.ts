/**
 * Returning lapsed holds to sale, and the `lapse` transition of their bookings.
 *
 * Three ways in: `releaseExpiredHolds` sweeps every due booking (a background job),
 * `releaseIfExpired` frees one booking's seats the moment someone reads it, and
 * `releaseLapsedOnLockedRows` frees lapsed holds found on inventory rows a change has already
 * locked (a new hold or a payment that needs those seats). The first two lock in the one order
 * (booking → its inventory rows); the third runs with inventory already locked, so it takes the
 * lapsed bookings with SKIP LOCKED and leaves one that a payment is deciding right now.
 * Either way a booking is only ever lapsed while this transaction holds its row lock.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { HOLDING_STATUSES } from '../../../domain/booking/lifecycle.ts';
import { actorId, SYSTEM, type ChangeContext } from '../../../domain/booking/actor.ts';
import type { Db } from '../../db/client.ts';
import { bookingAudit, bookings, departureInventory, seatHolds } from '../../db/schema.ts';
import { changeInTransaction, lockForChange, type BookingRow, type Tx } from './locks.ts';
import { bookingsWithLapsedProductHolds, lapsedOwnersOnStock, releaseProductStock } from './productStock.ts';

/**
 * Frees the lapsed holds of `locked` bookings on `inventoryIds` (both already locked by this
 * transaction), lowers seats_held, and lapses those bookings that were still holding.
 * Returns the seats given back per inventory row id.
 */
async function releaseHoldsOf(
  tx: Tx,
  locked: readonly BookingRow[],
  inventoryIds: readonly number[],
  now: Date,
  ctx: ChangeContext,
): Promise<Map<number, number>> {
  const perRow = new Map<number, number>();
  if (locked.length === 0) return perRow;
  // Product stock comes after departure inventory in the lock order: seats first, then products.
  const released =
    inventoryIds.length === 0
      ? []
      : await tx
          .update(seatHolds)
          .set({ status: 'released' })
          .where(
            and(
              inArray(
                seatHolds.bookingId,
                locked.map((b) => b.id),
              ),
              inArray(seatHolds.departureInventoryId, [...inventoryIds]),
              eq(seatHolds.status, 'held'),
              lte(seatHolds.expiresAt, now),
            ),
          )
          .returning({ inventoryId: seatHolds.departureInventoryId, seats: seatHolds.seats, bookingId: seatHolds.bookingId });
  const releasedProducts = await releaseProductStock(
    tx,
    locked.map((b) => b.id),
    now,
    { lapsedAt: now },
  );
  for (const r of released) perRow.set(r.inventoryId, (perRow.get(r.inventoryId) ?? 0) + r.seats);
  for (const [id, seats] of perRow)
    await tx
      .update(departureInventory)
      .set({ seatsHeld: sql`${departureInventory.seatsHeld} - ${seats}`, updatedAt: now })
      .where(eq(departureInventory.id, id));
  const releasedBookings = new Set([...released.map((r) => r.bookingId), ...releasedProducts]);
  await lapseBookings(
    tx,
    locked.filter((b) => releasedBookings.has(b.id)),
    now,
    ctx,
  );
  return perRow;
}

/**
 * The `lapse` transition for many locked bookings at once (one update, one audit insert): the
 * sweep may lapse hundreds. Bookings no longer holding (paid, already expired) are left alone.
 */
async function lapseBookings(tx: Tx, locked: readonly BookingRow[], now: Date, ctx: ChangeContext): Promise<void> {
  const holding = locked.filter((b) => (HOLDING_STATUSES as readonly string[]).includes(b.status));
  if (holding.length === 0) return;
  const lapsed = await tx
    .update(bookings)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        inArray(
          bookings.id,
          holding.map((b) => b.id),
        ),
        inArray(bookings.status, [...HOLDING_STATUSES]),
      ),
    )
    .returning({ id: bookings.id });
  const lapsedIds = new Set(lapsed.map((r) => r.id));
  const rows = holding.filter((b) => lapsedIds.has(b.id));
  if (rows.length === 0) return;
  await tx.insert(bookingAudit).values(
    rows.map((b) => ({
      bookingId: b.id,
      transition: 'lapse',
      fromStatus: b.status,
      toStatus: 'expired' as const,
      actorKind: ctx.actor.kind,
      actorId: actorId(ctx.actor),
      requestId: ctx.requestId ?? null,
      reason: ctx.reason ?? 'hold expired',
      at: now,
    })),
  );
}

/**
 * Inside a change that already locked these inventory rows: frees the lapsed holds on them whose
 * bookings can be locked without waiting. Returns the seats given back per inventory row id.
 */
export async function releaseLapsedOnLockedRows(
  tx: Tx,
  inventoryIds: readonly number[],
  now: Date,
  ctx: ChangeContext,
): Promise<Map<number, number>> {
  if (inventoryIds.length === 0) return new Map();
  const lapsedOwners = await tx
    .selectDistinct({ id: seatHolds.bookingId })
    .from(seatHolds)
    .where(and(inArray(seatHolds.departureInventoryId, [...inventoryIds]), eq(seatHolds.status, 'held'), lte(seatHolds.expiresAt, now)));
  if (lapsedOwners.length === 0) return new Map();
  // Against the lock order (inventory is locked already), so never waiting: SKIP LOCKED.
  const { bookings: locked } = await lockForChange(tx, { bookings: lapsedOwners.map((o) => o.id), skipLockedBookings: true });
  return releaseHoldsOf(tx, locked, inventoryIds, now, ctx);
}

/**
 * Inside a change that is about to count these product stock rows: frees the lapsed product holds
 * on them whose bookings can be locked without waiting, and lapses those bookings. Their seat holds
 * (inventory comes earlier in the lock order) are left to the sweep.
 */
export async function releaseLapsedOnStockRows(tx: Tx, stockIds: readonly number[], now: Date, ctx: ChangeContext): Promise<void> {
  const owners = await lapsedOwnersOnStock(tx, stockIds, now);
  if (owners.length === 0) return;
  const { bookings: locked } = await lockForChange(tx, { bookings: owners, skipLockedBookings: true });
  const released = await releaseProductStock(
    tx,
    locked.map((b) => b.id),
    now,
    { lapsedAt: now },
  );
  await lapseBookings(
    tx,
    locked.filter((b) => released.has(b.id)),
    now,
    ctx,
  );
}

/** Releases the lapsed holds of these bookings, locking each booking and then its inventory rows. */
async function releaseForBookings(
  db: Db,
  bookingIds: readonly number[],
  now: Date,
  ctx: ChangeContext,
  unsafeNoLocks = false,
): Promise<void> {
  await changeInTransaction(db, async (tx) => {
    // A booking being paid right now is skipped: its payment decides, the next sweep sees the result.
    const locked = await lockForChange(tx, { bookings: bookingIds, skipLockedBookings: true, inventoryOfBookings: true, unsafeNoLocks });
    await releaseHoldsOf(
      tx,
      locked.bookings,
      locked.inventory.map((r) => r.id),
      now,
      ctx,
    );
  });
}

async function dueBookings(db: Db, now: Date, bookingId?: number, limit = 500): Promise<number[]> {
  const due = await db
    .selectDistinct({ id: seatHolds.bookingId })
    .from(seatHolds)
    .where(
      and(
        eq(seatHolds.status, 'held'),
        lte(seatHolds.expiresAt, now),
        bookingId === undefined ? undefined : eq(seatHolds.bookingId, bookingId),
      ),
    )
    .limit(limit);
  const products = await bookingsWithLapsedProductHolds(db, now, bookingId, limit);
  return [...new Set([...due.map((d) => d.id), ...products])];
}

/** The sweep: frees every lapsed hold (up to a batch); returns how many bookings were due. */
export async function releaseExpiredHolds(
  db: Db,
  now: Date,
  ctx: ChangeContext = SYSTEM.holdSweep,
  /** Test-only: take no row locks, to show in the race tests what they prevent. */
  options: { unsafeNoLocks?: boolean } = {},
): Promise<number> {
  const due = await dueBookings(db, now);
  if (due.length > 0) await releaseForBookings(db, due, now, ctx, options.unsafeNoLocks === true);
  return due.length;
}

/** Release on read: frees one booking's lapsed holds before it is shown. */
export async function releaseIfExpired(db: Db, bookingId: number, now: Date, ctx: ChangeContext = SYSTEM.releaseOnRead): Promise<void> {
  const due = await dueBookings(db, now, bookingId);
  if (due.length > 0) await releaseForBookings(db, due, now, ctx);
}
