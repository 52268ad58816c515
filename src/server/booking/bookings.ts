/**
 * Reading bookings. Every read of a reserved booking first frees its seats if the hold has
 * lapsed (release on read), so what the traveller sees is never a hold that no longer holds.
 */
import { isRowId } from '../../domain/ids.ts';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
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

/**
 * The bookings of a cart that still matter, one per payment part (issue 26 split payment) in part
 * order, each as it stands after release on read. A part whose hold lapsed while another part of
 * the same reservation is kept (holding or paid) is listed too, as released, so the pay page can
 * say so; a reservation whose every part lapsed is over and the list is empty, as for a single
 * booking. A cart paid as one gives exactly currentBookingForCart's booking.
 */
export async function bookingsOfCart(db: Db, cartId: number, now: Date): Promise<BookingRow[]> {
  const current = await currentBookingForCart(db, cartId, now);
  if (!current) return [];
  if (current.paymentPart === null) return [current];
  // The parts of one reservation are written in one transaction at one instant with one hold.
  const rows = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.cartId, cartId), eq(bookings.createdAt, current.createdAt)))
    .orderBy(asc(bookings.id));
  const fresh = await Promise.all(rows.map((row) => freshBooking(db, row, now)));
  return fresh.filter((row): row is BookingRow => row !== undefined && row.paymentPart !== null);
}

/**
 * The booking a checkout step acts on among a cart's bookings: the first part still holding seats
 * (it is paid next), else the first paid one. For a cart paid as one, its only booking.
 */
export function leadBooking(parts: readonly BookingRow[]): BookingRow | undefined {
  return parts.find((b) => isHolding(b.status)) ?? parts.find((b) => isPaid(b.status));
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
