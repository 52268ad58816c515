/**
 * Writing chosen places with a new booking's holds (issue 27), inside the booking core's hold
 * transaction (src/server/booking/lifecycle/hold.ts). The caller has locked the departures'
 * inventory rows FOR UPDATE (the one lock order) and released lapsed holds on them, so the check
 * below sees every place another booking still holds or bought, and no one can take one between
 * the check and the insert: the same lock that keeps the counts right keeps a place to one
 * booking. Without it (the race test's negative control) two buyers both see a place free.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import { seatAssignments, seatHolds } from '../db/schema.ts';
import type { Tx } from '../booking/lifecycle/locks.ts';

export interface ChosenSeats {
  departureInventoryId: number;
  seats: readonly string[];
}

/**
 * The chosen places another booking holds or bought (sorted; empty: all free). Must run after the
 * rows are locked and before anything is written, like the check of the counts: a check made
 * before the lock could be overtaken by another buyer's insert.
 */
export async function seatsTakenAmong(tx: Tx, chosen: readonly ChosenSeats[]): Promise<string[]> {
  const wanted = chosen.filter((c) => c.seats.length > 0);
  if (wanted.length === 0) return [];
  const clash = await tx
    .select({ seat: seatAssignments.seatCode })
    .from(seatAssignments)
    .innerJoin(seatHolds, eq(seatHolds.id, seatAssignments.seatHoldId))
    .where(
      and(
        or(
          ...wanted.map((c) =>
            and(eq(seatAssignments.departureInventoryId, c.departureInventoryId), inArray(seatAssignments.seatCode, [...c.seats])),
          ),
        ),
        inArray(seatHolds.status, ['held', 'sold']),
      ),
    );
  return [...new Set(clash.map((c) => c.seat))].sort();
}

/** Gives the places to the new booking's holds (one hold per departure). */
export async function writeChosenSeats(tx: Tx, chosen: readonly (ChosenSeats & { holdId: number })[]): Promise<void> {
  const rows = chosen.flatMap((c) =>
    c.seats.map((seat) => ({ seatHoldId: c.holdId, departureInventoryId: c.departureInventoryId, seatCode: seat })),
  );
  if (rows.length > 0) await tx.insert(seatAssignments).values(rows);
}

/**
 * A payment that re-takes a lapsed hold (sell.ts) gets its seats back only where nobody chose
 * the same places meanwhile; a place taken since is dropped (the operator seats that traveller).
 */
export async function dropSeatsTakenSince(tx: Tx, bookingId: number): Promise<void> {
  const ours = await tx
    .select({ id: seatAssignments.id, inventoryId: seatAssignments.departureInventoryId, seat: seatAssignments.seatCode })
    .from(seatAssignments)
    .innerJoin(seatHolds, eq(seatHolds.id, seatAssignments.seatHoldId))
    .where(and(eq(seatHolds.bookingId, bookingId), eq(seatHolds.status, 'released')));
  if (ours.length === 0) return;
  const others = await tx
    .select({ inventoryId: seatAssignments.departureInventoryId, seat: seatAssignments.seatCode })
    .from(seatAssignments)
    .innerJoin(seatHolds, eq(seatHolds.id, seatAssignments.seatHoldId))
    .where(
      and(
        inArray(seatAssignments.departureInventoryId, [...new Set(ours.map((o) => o.inventoryId))]),
        inArray(seatHolds.status, ['held', 'sold']),
      ),
    );
  const takenNow = new Set(others.map((o) => `${String(o.inventoryId)}:${o.seat}`));
  const lost = ours.filter((o) => takenNow.has(`${String(o.inventoryId)}:${o.seat}`)).map((o) => o.id);
  if (lost.length > 0) await tx.delete(seatAssignments).where(inArray(seatAssignments.id, lost));
}
