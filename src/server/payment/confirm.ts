/**
 * Applying a payment result exactly once. Every gateway event goes through `applyPaymentEvent`:
 * the payment row is locked, the event id is recorded (a redelivery finds it and changes
 * nothing), the amount must match, and the booking's seats turn from held into sold under the
 * inventory row locks. A hold that lapsed before the money arrived is re-checked: the seats are
 * sold if still free, otherwise the payment is refunded. A booking paid twice (two tabs) keeps
 * the first payment and refunds the second.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bookings, cartItems, cartLegs, departureInventory, paymentEvents, payments, seatHolds, travelOptions } from '../db/schema.ts';
import { isPaidStatus } from '../booking/bookings.ts';
import { lockBookingInventoryRows, releaseLapsedOnLockedRows } from '../booking/holds.ts';
import { SUPERSEDED } from './paygates.ts';
import { crashPoint } from '../crashPoints.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface PaymentEvent {
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  reference: string;
  amountMinor: number;
  currency: string;
  failureCode?: string | undefined;
}

export type EventOutcome =
  | { result: 'confirmed'; bookingId: number; status: 'confirmed' | 'pending_confirmation' }
  | { result: 'refunded'; bookingId: number; reason: 'sold_out' | 'already_paid' | 'superseded'; providerRef: string; paygate: string }
  | { result: 'failed' | 'duplicate' | 'ignored'; bookingId: number }
  | { result: 'unknown_payment' | 'amount_mismatch' };

class AmountMismatch extends Error {}

type ConfirmResult = { kind: 'sold'; status: 'confirmed' | 'pending_confirmation' } | { kind: 'already_paid' } | { kind: 'sold_out' };

/**
 * The usual payment: every hold of the booking still live, so its seats only move from held to
 * sold. With the inventory rows already locked by the caller (so no one can release these holds
 * meanwhile, and this statement reads them as they are now), one statement moves the seats,
 * marks the holds sold and sets the booking's status from its operators' confirmation mode (the
 * same rule as the stepwise path below: every leg instant → confirmed, else pending). After the
 * locking read the rows stay locked for three round trips (this, the payment's update, the
 * commit) instead of eight, which buyers reserving the same departure would wait behind.
 * Undefined when a hold lapsed or was released: the stepwise path re-checks the seats.
 */
async function sellLiveHolds(tx: Tx, bookingId: number, cartId: number, now: Date): Promise<ConfirmResult | undefined> {
  const at = now.toISOString();
  const result = await tx.execute(sql`
    with live as (
      select h.departure_inventory_id, sum(h.seats)::int as seats, count(*) as holds from ${seatHolds} h
      where h.booking_id = ${bookingId} and h.status = 'held' and h.expires_at > ${at}::timestamptz
      group by h.departure_inventory_id
    ),
    verdict as (
      select coalesce((select sum(holds) from live), 0) = (select count(*) from ${seatHolds} h where h.booking_id = ${bookingId})
        and exists (select 1 from live) as ok
    ),
    moved as (
      update ${departureInventory} d
      set seats_held = d.seats_held - live.seats, seats_sold = d.seats_sold + live.seats, updated_at = ${at}::timestamptz
      from live, verdict where verdict.ok and d.id = live.departure_inventory_id
    ),
    sold as (
      update ${seatHolds} set status = 'sold' where booking_id = ${bookingId} and (select ok from verdict)
    ),
    instant as (
      select coalesce(bool_and(o.confirmation = 'instant'), true) as every
      from ${cartLegs} l join ${cartItems} i on i.id = l.cart_item_id join ${travelOptions} o on o.id = l.travel_option_id
      where i.cart_id = ${cartId}
    ),
    booked as (
      update ${bookings}
      set status = (case when (select every from instant) then 'confirmed' else 'pending_confirmation' end)::booking_status,
        updated_at = ${at}::timestamptz
      where id = ${bookingId} and (select ok from verdict)
      returning status::text
    )
    select (select ok from verdict) as ok, (select status from booked) as status`);
  // Both drivers (node-postgres and PGlite) answer a raw statement with `{ rows }`.
  const [row] = (result as { rows: { ok: boolean; status: string | null }[] }).rows;
  if (!row?.ok || (row.status !== 'confirmed' && row.status !== 'pending_confirmation')) return undefined;
  return { kind: 'sold', status: row.status };
}

/** Held (or re-taken) seats become sold; inside the caller's transaction. */
async function sellSeats(tx: Tx, bookingId: number, now: Date): Promise<ConfirmResult> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!booking) return { kind: 'sold_out' };
  if (isPaidStatus(booking.status)) return { kind: 'already_paid' };
  // Lock the rows first, then read the holds under the lock: another buyer's reserve may have
  // released ours a moment ago.
  let rows = await lockBookingInventoryRows(tx, bookingId);
  const fast = await sellLiveHolds(tx, bookingId, booking.cartId, now);
  if (fast) return fast;
  const ids = rows.map((r) => r.id);
  // Lapsed holds (ours included) go back first, so the re-check below sees the real seats left.
  const released = await releaseLapsedOnLockedRows(tx, ids, now);
  if (released.size > 0) rows = await tx.select().from(departureInventory).where(inArray(departureInventory.id, ids));
  const holds = await tx.select().from(seatHolds).where(eq(seatHolds.bookingId, bookingId));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const hold of holds) {
    const row = byId.get(hold.departureInventoryId);
    if (!row) return { kind: 'sold_out' };
    if (hold.status === 'released' && row.seatsTotal - row.seatsHeld - row.seatsSold < hold.seats) return { kind: 'sold_out' };
  }
  for (const hold of holds) {
    const row = byId.get(hold.departureInventoryId);
    if (!row || hold.status === 'sold') continue;
    const fromHeld = hold.status === 'held' ? hold.seats : 0;
    await tx
      .update(departureInventory)
      .set({ seatsHeld: row.seatsHeld - fromHeld, seatsSold: row.seatsSold + hold.seats, updatedAt: now })
      .where(eq(departureInventory.id, row.id));
    row.seatsHeld -= fromHeld;
    row.seatsSold += hold.seats;
  }
  await tx.update(seatHolds).set({ status: 'sold' }).where(eq(seatHolds.bookingId, bookingId));
  // Instant operators confirm at once; a leg with a manual operator leaves the booking pending.
  const modes = await tx
    .select({ mode: travelOptions.confirmation })
    .from(cartLegs)
    .innerJoin(cartItems, eq(cartItems.id, cartLegs.cartItemId))
    .innerJoin(travelOptions, eq(travelOptions.id, cartLegs.travelOptionId))
    .where(eq(cartItems.cartId, booking.cartId));
  const status = modes.every((m) => m.mode === 'instant') ? 'confirmed' : 'pending_confirmation';
  await tx.update(bookings).set({ status, updatedAt: now }).where(eq(bookings.id, bookingId));
  return { kind: 'sold', status };
}

export async function applyPaymentEvent(db: Db, event: PaymentEvent, nowMs: number): Promise<EventOutcome> {
  const now = new Date(nowMs);
  try {
    return await db.transaction(async (tx): Promise<EventOutcome> => {
      const [payment] = await tx.select().from(payments).where(eq(payments.providerRef, event.reference)).for('update');
      if (!payment) return { result: 'unknown_payment' };
      const recorded = await tx
        .insert(paymentEvents)
        .values({ eventId: event.id, paymentId: payment.id, type: event.type, receivedAt: now })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.eventId });
      if (recorded.length === 0) return { result: 'duplicate', bookingId: payment.bookingId };
      // Final states never move back: a late "failed" after a success is history, not news.
      if (payment.status === 'succeeded' || payment.status === 'refunded') return { result: 'ignored', bookingId: payment.bookingId };
      if (event.type === 'payment.failed') {
        await tx
          .update(payments)
          .set({ status: 'failed', failureCode: event.failureCode ?? 'declined', updatedAt: now })
          .where(eq(payments.id, payment.id));
        return { result: 'failed', bookingId: payment.bookingId };
      }
      if (event.amountMinor !== payment.amountMinor || event.currency !== payment.currency) throw new AmountMismatch();
      // A session that a newer one replaced is over: money that still arrives for it goes back.
      if (payment.status === 'failed' && payment.failureCode === SUPERSEDED) {
        await tx.update(payments).set({ status: 'refunded', updatedAt: now }).where(eq(payments.id, payment.id));
        return {
          result: 'refunded',
          bookingId: payment.bookingId,
          reason: 'superseded',
          providerRef: payment.providerRef,
          paygate: payment.paygate,
        };
      }
      const sold = await sellSeats(tx, payment.bookingId, now);
      if (sold.kind === 'sold') {
        await tx.update(payments).set({ status: 'succeeded', failureCode: null, updatedAt: now }).where(eq(payments.id, payment.id));
        crashPoint('mid-webhook');
        return { result: 'confirmed', bookingId: payment.bookingId, status: sold.status };
      }
      await tx.update(payments).set({ status: 'refunded', failureCode: sold.kind, updatedAt: now }).where(eq(payments.id, payment.id));
      if (sold.kind === 'sold_out')
        await tx
          .update(bookings)
          .set({ status: 'refunded', updatedAt: now })
          .where(and(eq(bookings.id, payment.bookingId)));
      return {
        result: 'refunded',
        bookingId: payment.bookingId,
        reason: sold.kind,
        providerRef: payment.providerRef,
        paygate: payment.paygate,
      };
    });
  } catch (error) {
    if (error instanceof AmountMismatch) return { result: 'amount_mismatch' };
    throw error;
  }
}
