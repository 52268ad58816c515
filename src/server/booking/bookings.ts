/**
 * Reading bookings. Every read of a reserved booking first frees its seats if the hold has
 * lapsed (release on read), so what the traveller sees is never a hold that no longer holds.
 */
import { isRowId } from '../../domain/ids.ts';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bookings, carts } from '../db/schema.ts';
import { HOLDING_STATUSES, isHolding, isPaid, PAID_STATUSES } from '../../domain/booking/lifecycle.ts';
import { releaseIfExpired } from './lifecycle/lapse.ts';

export type BookingRow = typeof bookings.$inferSelect;

const OPEN = HOLDING_STATUSES;
const PAID = PAID_STATUSES;

export async function getBooking(db: Db, id: number, now: Date): Promise<BookingRow | undefined> {
  // An id the integer column cannot hold names no booking (and would be an int4 overflow).
  if (!isRowId(id)) return undefined;
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return row && freshBooking(db, row, now);
}

/** The row as it stands after release on read: re-read only when its hold has just lapsed. */
async function freshBooking(db: Db, row: BookingRow, now: Date): Promise<BookingRow | undefined> {
  if (!isHolding(row.status) || row.holdExpiresAt > now) return row;
  await releaseIfExpired(db, row.id, now);
  const [fresh] = await db.select().from(bookings).where(eq(bookings.id, row.id)).limit(1);
  return fresh;
}

/** The cart's newest booking that still matters: paid, or holding seats. */
export async function currentBookingForCart(db: Db, cartId: number, now: Date): Promise<BookingRow | undefined> {
  return currentBookingWhere(db, eq(bookings.cartId, cartId), now);
}

/** The same, for a cart known by its hash (one round trip instead of reading the cart first). */
export async function currentBookingForCartHash(db: Db, hash: string, now: Date): Promise<BookingRow | undefined> {
  return currentBookingWhere(db, inArray(bookings.cartId, db.select({ id: carts.id }).from(carts).where(eq(carts.hash, hash))), now);
}

async function currentBookingWhere(db: Db, cart: SQL, now: Date): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(cart, inArray(bookings.status, [...OPEN, ...PAID])))
    .orderBy(desc(bookings.id))
    .limit(1);
  if (!row) return undefined;
  const fresh = await freshBooking(db, row, now);
  return fresh && (isHolding(fresh.status) || isPaid(fresh.status)) ? fresh : undefined;
}
