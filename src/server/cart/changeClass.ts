/**
 * Changing the class of one leg of a cart in checkout, without going back to the results
 * (issue 17). The leg is quoted again as the cart charges it; the traveller's `expected` price
 * (what the class list showed) must still hold, else the change is refused with both prices.
 * When a reservation already holds the leg's seats, the hold moves to the new class in the same
 * transaction that changes the cart: both inventory rows locked in the global lock order, the
 * old class's seats given back, the new class's taken, the booking's total updated — or nothing
 * changes at all.
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { quoteSelections, type QuotedLeg, type QuoteProblem } from '../../domain/cart/quote.ts';
import { MAX_CART_TRIPS } from '../../domain/cart/slug.ts';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import type { Db } from '../db/client.ts';
import type { ChangeContext } from '../../domain/booking/actor.ts';
import { cartItems, cartLegs, departureInventory, seatHolds } from '../db/schema.ts';
import type { BookingRow } from '../booking/bookings.ts';
import { changeClassTotal } from '../booking/lifecycle/changes.ts';
import { releaseLapsedOnLockedRows } from '../booking/lifecycle/lapse.ts';
import { changeInTransaction, lockForChange, type Tx } from '../booking/lifecycle/locks.ts';
import { cartSelections, type LoadedCart } from './cart.ts';

/** The request: which trip of the cart, which leg of it, which class; and the price the traveller saw. */
export const changeClassBody = z.object({
  item: z
    .number()
    .int()
    .min(0)
    .max(MAX_CART_TRIPS - 1),
  leg: z.number().int().min(0).max(3),
  option: z.number().int().positive(),
  /** Per passenger, in the cart currency's minor units: what the class list showed. */
  expected: z.number().int().min(0).optional(),
});

export type ChangeClassInput = z.infer<typeof changeClassBody>;

export type ChangeClassResult =
  | { ok: true; unitPriceMinor: number; previousUnitMinor: number }
  | { ok: false; code: 'invalid_class' | 'class_locked' | 'sold_out' | QuoteProblem }
  | { ok: false; code: 'price_changed'; expectedMinor: number; currentMinor: number };

class Refused extends Error {
  readonly code: 'sold_out' | 'class_locked';
  constructor(code: 'sold_out' | 'class_locked') {
    super(code);
    this.code = code;
  }
}

function inventoryKey(leg: QuotedLeg) {
  return and(
    eq(departureInventory.scheduleId, leg.scheduleId),
    eq(departureInventory.travelOptionId, leg.travelOptionId),
    eq(departureInventory.serviceDate, leg.serviceDate),
  );
}

/** Moves a reservation's hold on one leg from the old class's seats to the new class's, under row locks. */
async function moveHold(
  tx: Tx,
  booking: BookingRow,
  from: { scheduleId: number; travelOptionId: number; serviceDate: string },
  to: QuotedLeg,
  now: Date,
  ctx: ChangeContext,
): Promise<BookingRow> {
  const [oldRow] = await tx
    .select({ id: departureInventory.id })
    .from(departureInventory)
    .where(
      and(
        eq(departureInventory.scheduleId, from.scheduleId),
        eq(departureInventory.travelOptionId, from.travelOptionId),
        eq(departureInventory.serviceDate, from.serviceDate),
      ),
    );
  const [newRow] = await tx.select({ id: departureInventory.id }).from(departureInventory).where(inventoryKey(to));
  if (!oldRow || !newRow) throw new Refused('class_locked');
  // The one lock order: the booking, then both departures' rows.
  const locked = await lockForChange(tx, { bookings: [booking.id], inventory: [oldRow.id, newRow.id] });
  const current = locked.bookings[0];
  // Paid or lapsed meanwhile: its seats are no longer the cart's to move.
  if (current?.status !== 'reserved') throw new Refused('class_locked');
  await releaseLapsedOnLockedRows(tx, [oldRow.id, newRow.id], now, ctx);
  const [hold] = await tx
    .select()
    .from(seatHolds)
    .where(and(eq(seatHolds.bookingId, booking.id), eq(seatHolds.departureInventoryId, oldRow.id), eq(seatHolds.status, 'held')));
  // The hold lapsed (released just above, or by the sweeper): nothing to move; reserving again will hold.
  if (!hold) throw new Refused('class_locked');
  const [target] = await tx.select().from(departureInventory).where(eq(departureInventory.id, newRow.id));
  if (!target || target.seatsTotal - target.seatsHeld - target.seatsSold < hold.seats) throw new Refused('sold_out');
  await tx.update(seatHolds).set({ status: 'released' }).where(eq(seatHolds.id, hold.id));
  await tx
    .update(departureInventory)
    .set({ seatsHeld: sql`${departureInventory.seatsHeld} - ${hold.seats}`, updatedAt: now })
    .where(eq(departureInventory.id, oldRow.id));
  await tx
    .update(departureInventory)
    .set({ seatsHeld: sql`${departureInventory.seatsHeld} + ${hold.seats}`, updatedAt: now })
    .where(eq(departureInventory.id, newRow.id));
  await tx.insert(seatHolds).values({
    bookingId: booking.id,
    departureInventoryId: newRow.id,
    seats: hold.seats,
    status: 'held',
    expiresAt: hold.expiresAt,
    createdAt: now,
  });
  return current;
}

export async function changeCartClass(
  db: Db,
  index: TimetableIndex,
  input: ChangeClassInput & {
    loaded: LoadedCart;
    /** The reservation holding this cart's seats, if any. */
    booking: BookingRow | undefined;
    now: number;
    /** Add-ons on top of the fare (insurance depends on it), for the reservation's new total. */
    extraMinor?: (fareMinor: number) => number;
    /** Who changes the class (the audit log of the reservation keeps it). */
    ctx: ChangeContext;
  },
): Promise<ChangeClassResult> {
  const { loaded, booking } = input;
  const item = loaded.items[input.item];
  const current = item?.legs[input.leg];
  if (!item || !current) return { ok: false, code: 'invalid_class' };
  // A frozen cart keeps its prices and a booking being paid keeps its seats: the class is fixed.
  if (loaded.cart.frozenAt !== null || (booking && booking.status !== 'reserved')) return { ok: false, code: 'class_locked' };
  const selections = cartSelections(loaded).map((s, i) =>
    i === input.item ? { ...s, optionIds: s.optionIds.map((id, l) => (l === input.leg ? input.option : id)) } : s,
  );
  const quoted = quoteSelections(index, selections, { currency: loaded.cart.currency, now: input.now });
  if (typeof quoted === 'string') return { ok: false, code: quoted === 'unknown_option' ? 'invalid_class' : quoted };
  const fresh = quoted[input.item]?.[input.leg];
  if (!fresh) return { ok: false, code: 'invalid_class' };
  if (input.expected !== undefined && input.expected !== fresh.unitPriceMinor)
    return { ok: false, code: 'price_changed', expectedMinor: input.expected, currentMinor: fresh.unitPriceMinor };
  if (fresh.travelOptionId === current.travelOptionId && fresh.unitPriceMinor === current.unitPriceMinor)
    return { ok: true, unitPriceMinor: fresh.unitPriceMinor, previousUnitMinor: current.unitPriceMinor };

  const now = new Date(input.now);
  const held = booking !== undefined;
  if (held)
    // The first buyer of a departure creates its inventory row (a concurrent creator is harmless).
    await db
      .insert(departureInventory)
      .values({
        scheduleId: fresh.scheduleId,
        travelOptionId: fresh.travelOptionId,
        serviceDate: fresh.serviceDate,
        departureAt: fresh.departureAt,
        seatsTotal: fresh.seatsPerDeparture,
      })
      .onConflictDoNothing({ target: [departureInventory.scheduleId, departureInventory.travelOptionId, departureInventory.serviceDate] });
  const unitBefore = loaded.items.reduce((sum, i) => sum + i.legs.reduce((s, l) => s + l.unitPriceMinor, 0), 0);
  const unitAfter = unitBefore - current.unitPriceMinor + fresh.unitPriceMinor;
  try {
    await changeInTransaction(db, async (tx) => {
      if (booking) {
        const from = { scheduleId: current.scheduleId, travelOptionId: current.travelOptionId, serviceDate: current.serviceDate };
        const locked = await moveHold(tx, booking, from, fresh, now, input.ctx);
        const fare = unitAfter * booking.people;
        await changeClassTotal(tx, locked, fare + (input.extraMinor?.(fare) ?? 0), now, input.ctx);
      }
      await tx
        .update(cartItems)
        .set({ optionIds: selections[input.item]?.optionIds.join('+') ?? '' })
        .where(eq(cartItems.id, item.id));
      await tx
        .update(cartLegs)
        .set({ travelOptionId: fresh.travelOptionId, unitPriceMinor: fresh.unitPriceMinor, currency: fresh.currency })
        .where(eq(cartLegs.id, current.id));
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, code: error.code };
    throw error;
  }
  return { ok: true, unitPriceMinor: fresh.unitPriceMinor, previousUnitMinor: current.unitPriceMinor };
}
