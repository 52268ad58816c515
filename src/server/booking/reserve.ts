/**
 * Reserving a cart: one transaction that takes a time-limited hold on every leg's seats.
 *
 * The inventory rows are created if missing (insert … on conflict do nothing), then locked with
 * SELECT … FOR UPDATE in the global lock order, and only then checked and changed. Every leg is
 * held or none is (a connection is all or nothing): a sold-out leg aborts the transaction.
 * New seat counts are computed from the locked row, which is exactly what makes the lock
 * necessary — `lockInventory: false` exists only so the concurrency test can show the lost
 * update that happens without it.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { holdExpiresAt, lockOrder, priceChange, type PriceChange } from '../../domain/cart/holds.ts';
import { quoteSelections, unitTotal, type QuotedLeg, type QuoteProblem } from '../../domain/cart/quote.ts';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import type { Db } from '../db/client.ts';
import { bookings, departureInventory, seatHolds } from '../db/schema.ts';
import { cartSelections, cartUnitTotal, loadCart, requoteCart, type LoadedCart } from '../cart/cart.ts';
import { releaseLapsedOnLockedRows } from './holds.ts';

export interface ReserveInput {
  hash: string;
  index: TimetableIndex;
  now: number;
  holdMinutes: number;
  /** Passengers travelling; the cart's count when absent. */
  people?: number;
  email?: string | null;
  userId?: number | null;
  passengers?: Record<string, unknown>[];
  addons?: Record<string, unknown>;
  /** Add-ons on top of the fare (they may depend on it, like insurance). */
  extraMinor?: (fareMinor: number) => number;
  /** The cart when the caller has just read it (saves reading it again). */
  loaded?: LoadedCart;
  /** Test-only: skip the row locks to demonstrate the race they prevent. */
  lockInventory?: boolean;
}

export interface ReservedBooking {
  id: number;
  reference: string;
  totalMinor: number;
  currency: string;
  holdExpiresAt: Date;
}

export type ReserveResult =
  | { ok: true; booking: ReservedBooking }
  | { ok: false; code: 'cart_not_found' | QuoteProblem }
  | { ok: false; code: 'price_changed'; change: PriceChange }
  | { ok: false; code: 'sold_out'; legs: { scheduleId: number; travelOptionId: number; serviceDate: string; seatsLeft: number }[] };

class SoldOut extends Error {
  readonly legs: { scheduleId: number; travelOptionId: number; serviceDate: string; seatsLeft: number }[];
  constructor(legs: SoldOut['legs']) {
    super('sold out');
    this.legs = legs;
  }
}

/** Booking reference: 8 characters without look-alikes (no 0/O, 1/I/L), easy to read out. */
export function newBookingReference(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length] ?? 'X';
  return out;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The legs' inventory rows in the global lock order, each with the seats of its holds that have
 * lapsed; with `lock`, locked FOR UPDATE. The count is read in the same statement; when the lock
 * had to be waited for it can be stale, which errs on the safe side (a lapsed hold not yet
 * counted is freed by the next reserve or the sweeper; a counted one is re-checked by the release).
 */
async function legRows(tx: Tx | Db, legs: readonly QuotedLeg[], now: Date, lock: boolean) {
  const match = or(
    ...legs.map((leg) =>
      and(
        eq(departureInventory.scheduleId, leg.scheduleId),
        eq(departureInventory.travelOptionId, leg.travelOptionId),
        eq(departureInventory.serviceDate, leg.serviceDate),
      ),
    ),
  );
  // Spelled out with table names: in a one-table select Drizzle leaves columns unqualified, and an
  // unqualified "id" inside this subquery would be the hold's id, not the departure's.
  const lapsedSeats = sql<number>`(select coalesce(sum(h.seats), 0)::int from ${seatHolds} h
    where h.departure_inventory_id = ${sql.identifier('departure_inventory')}.id and h.status = 'held' and h.expires_at <= ${now})`;
  const select = tx
    .select({
      id: departureInventory.id,
      scheduleId: departureInventory.scheduleId,
      travelOptionId: departureInventory.travelOptionId,
      serviceDate: departureInventory.serviceDate,
      seatsTotal: departureInventory.seatsTotal,
      seatsHeld: departureInventory.seatsHeld,
      seatsSold: departureInventory.seatsSold,
      lapsedSeats,
    })
    .from(departureInventory)
    .where(match)
    .orderBy(departureInventory.scheduleId, departureInventory.travelOptionId, departureInventory.serviceDate);
  return lock ? select.for('update', { of: departureInventory }) : select;
}

function keyOf(leg: { scheduleId: number; travelOptionId: number; serviceDate: string }) {
  return `${leg.scheduleId}:${leg.travelOptionId}:${leg.serviceDate}`;
}

export async function reserveCart(db: Db, input: ReserveInput): Promise<ReserveResult> {
  const loaded = input.loaded ?? (await loadCart(db, input.hash));
  if (!loaded) return { ok: false, code: 'cart_not_found' };
  const quoted = quoteSelections(input.index, cartSelections(loaded), { currency: loaded.cart.currency, now: input.now });
  if (typeof quoted === 'string') return { ok: false, code: quoted };
  const people = input.people ?? loaded.cart.people;

  // A frozen cart keeps its quoted prices; an open one must show a moved price before holding seats.
  const unitMinor = cartUnitTotal(loaded);
  if (loaded.cart.frozenAt === null) {
    const change = priceChange(unitMinor, unitTotal(quoted.flat()));
    if (change) {
      // The traveller sees the new price and continues with it (the next reserve finds no change).
      await requoteCart(db, loaded, quoted);
      return { ok: false, code: 'price_changed', change };
    }
  }

  const legs = lockOrder(quoted.flat());
  const now = new Date(input.now);
  const expiresAt = holdExpiresAt(input.now, input.holdMinutes);
  // A departure that is already full answers "sold out" without queueing for its row lock, so
  // the lock is held and waited for only by buyers who can still get seats. This read takes no
  // lock and can only be a moment old: it may turn a buyer away just before a seat comes free,
  // never let one through (seats are counted again under the lock below).
  const seen = await legRows(db, legs, now, false);
  const full = seen.filter((r) => r.seatsTotal - r.seatsHeld - r.seatsSold + r.lapsedSeats < people);
  if (full.length > 0)
    return {
      ok: false,
      code: 'sold_out',
      legs: full.map((r) => ({
        scheduleId: r.scheduleId,
        travelOptionId: r.travelOptionId,
        serviceDate: r.serviceDate,
        seatsLeft: Math.max(0, r.seatsTotal - r.seatsHeld - r.seatsSold + r.lapsedSeats),
      })),
    };
  try {
    const booking = await db.transaction(async (tx) => {
      // Every statement here runs while other buyers of the same departure wait for the lock,
      // so the common case is kept to few round trips: the rows usually exist already, and
      // the lapsed-hold count comes with the locking read.
      let rows = await legRows(tx, legs, now, input.lockInventory !== false);
      if (rows.length !== legs.length) {
        await tx
          .insert(departureInventory)
          .values(
            legs.map((leg: QuotedLeg) => ({
              scheduleId: leg.scheduleId,
              travelOptionId: leg.travelOptionId,
              serviceDate: leg.serviceDate,
              departureAt: leg.departureAt,
              seatsTotal: leg.seatsPerDeparture,
            })),
          )
          .onConflictDoNothing({
            target: [departureInventory.scheduleId, departureInventory.travelOptionId, departureInventory.serviceDate],
          });
        rows = await legRows(tx, legs, now, input.lockInventory !== false);
      }
      if (rows.some((r) => r.lapsedSeats > 0)) {
        const released = await releaseLapsedOnLockedRows(
          tx,
          rows.map((r) => r.id),
          now,
        );
        rows = rows.map((r) => ({ ...r, seatsHeld: r.seatsHeld - (released.get(r.id) ?? 0) }));
      }
      const short = rows
        .filter((r) => r.seatsTotal - r.seatsHeld - r.seatsSold < people)
        .map((r) => ({ ...r, seatsLeft: Math.max(0, r.seatsTotal - r.seatsHeld - r.seatsSold) }));
      if (short.length > 0 || rows.length !== legs.length)
        throw new SoldOut(
          short.map((r) => ({
            scheduleId: r.scheduleId,
            travelOptionId: r.travelOptionId,
            serviceDate: r.serviceDate,
            seatsLeft: r.seatsLeft,
          })),
        );
      for (const row of rows)
        await tx
          .update(departureInventory)
          .set({ seatsHeld: row.seatsHeld + people, updatedAt: now })
          .where(eq(departureInventory.id, row.id));
      const [created] = await tx
        .insert(bookings)
        .values({
          reference: newBookingReference(),
          cartId: loaded.cart.id,
          status: 'reserved',
          userId: input.userId ?? null,
          email: input.email ?? null,
          lang: loaded.cart.lang,
          currency: loaded.cart.currency,
          people,
          totalMinor: unitMinor * people + (input.extraMinor?.(unitMinor * people) ?? 0),
          passengers: input.passengers ?? [],
          addons: input.addons ?? {},
          holdExpiresAt: expiresAt,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new Error('booking insert returned nothing');
      const byKey = new Map(rows.map((r) => [keyOf(r), r.id]));
      await tx.insert(seatHolds).values(
        legs.map((leg) => ({
          bookingId: created.id,
          departureInventoryId: byKey.get(keyOf(leg)) ?? 0,
          seats: people,
          status: 'held' as const,
          expiresAt,
          createdAt: now,
        })),
      );
      return created;
    });
    return {
      ok: true,
      booking: {
        id: booking.id,
        reference: booking.reference,
        totalMinor: booking.totalMinor,
        currency: booking.currency,
        holdExpiresAt: booking.holdExpiresAt,
      },
    };
  } catch (error) {
    if (error instanceof SoldOut) return { ok: false, code: 'sold_out', legs: error.legs };
    throw error;
  }
}

/** Sum of live holds per inventory row — must always equal seats_held. */
export async function heldSeatsByRow(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: seatHolds.departureInventoryId, seats: sql<number>`sum(${seatHolds.seats})::int` })
    .from(seatHolds)
    .where(eq(seatHolds.status, 'held'))
    .groupBy(seatHolds.departureInventoryId);
  return new Map(rows.map((r) => [r.id, r.seats]));
}
