/**
 * The `pay` (and `mark_counter_paid`) transition: the money for a booking arrived, its seats turn
 * from held into sold and its status follows its operators' confirmation mode (every leg instant
 * → confirmed, else pending_confirmation). When the seats are gone meanwhile (the hold lapsed and
 * someone else bought them), `refuse` is the `pay_refused` transition: the booking is refunded.
 *
 * The caller has locked, in the one order (locks.ts), the booking, its payments and then the
 * booking's inventory rows, and passes the booking as read under that lock.
 */
import { dropSeatsTakenSince } from '../../seats/assign.ts';
import { eq, inArray, sql } from 'drizzle-orm';
import { isPaid, type TransitionName } from '../../../domain/booking/lifecycle.ts';
import type { ChangeContext } from '../../../domain/booking/actor.ts';
import { bookingAudit, bookings, cartItems, cartLegs, departureInventory, seatHolds, travelOptions } from '../../db/schema.ts';
import { confirmationOfCart } from '../../products/lines.ts';
import { hasProductHolds, releaseProductStock, sellProductStock } from './productStock.ts';
import { releaseLapsedOnLockedRows } from './lapse.ts';
import type { BookingRow, InventoryRow, Tx } from './locks.ts';
import { applyTransition, AUDIT_COLUMNS, auditRowSql } from './transition.ts';

export type SaleResult = { kind: 'sold'; status: 'confirmed' | 'pending_confirmation' } | { kind: 'already_paid' } | { kind: 'sold_out' };

type SaleTransition = Extract<TransitionName, 'pay' | 'mark_counter_paid'>;

/**
 * The usual payment: every hold of the booking still live, so its seats only move from held to
 * sold. With the inventory rows locked, one statement moves the seats, marks the holds sold, sets
 * the booking's status and writes its audit row; the rows stay locked for three round trips
 * (this, the payment's update, the commit) instead of eight. Undefined when a hold lapsed or was
 * released: the stepwise path re-checks the seats.
 */
async function sellLiveHolds(
  tx: Tx,
  booking: BookingRow,
  now: Date,
  ctx: ChangeContext,
  transition: SaleTransition,
  amountMinor: number,
): Promise<SaleResult | undefined> {
  const at = now.toISOString();
  const bookingId = booking.id;
  const result = await tx.execute(sql`
    with live as (
      select h.departure_inventory_id, sum(h.seats)::int as seats, count(*) as holds from ${seatHolds} h
      where h.booking_id = ${bookingId} and h.status = 'held' and h.expires_at > ${at}::timestamptz
      group by h.departure_inventory_id
    ),
    verdict as (
      select coalesce((select sum(holds) from live), 0) = (select count(*) from ${seatHolds} h where h.booking_id = ${bookingId})
        and exists (select 1 from live) and not ${hasProductHolds(bookingId)} as ok
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
      where i.cart_id = ${booking.cartId}
      ${
        // A payment part (issue 26) confirms by its own legs: the departures its holds are on.
        booking.partLegs
          ? sql`and l.travel_option_id in (select d.travel_option_id from ${seatHolds} h
              join ${departureInventory} d on d.id = h.departure_inventory_id where h.booking_id = ${bookingId})`
          : sql``
      }
    ),
    booked as (
      update ${bookings}
      set status = (case when (select every from instant) then 'confirmed' else 'pending_confirmation' end)::booking_status,
        updated_at = ${at}::timestamptz
      where id = ${bookingId} and status = ${booking.status}::booking_status and (select ok from verdict)
      returning id, status
    ),
    audit as (
      insert into ${bookingAudit} ${AUDIT_COLUMNS}
      select ${auditRowSql({
        bookingId: sql`booked.id`,
        transition,
        from: sql`${booking.status}::booking_status`,
        to: sql`booked.status`,
        ctx,
        now,
        amountMinor: sql`${amountMinor}`,
        currency: sql`${booking.currency}`,
      })}
      from booked
    )
    select (select ok from verdict) as ok, (select status::text from booked) as status`);
  // Both drivers (node-postgres and PGlite) answer a raw statement with `{ rows }`.
  const [row] = (result as { rows: { ok: boolean; status: string | null }[] }).rows;
  if (!row?.ok || (row.status !== 'confirmed' && row.status !== 'pending_confirmation')) return undefined;
  return { kind: 'sold', status: row.status };
}

/**
 * Sells the booking's seats (held, or re-taken when its hold lapsed and they are still free).
 * `booking` and `inventory` were locked by the caller in the one lock order.
 */
export async function sell(
  tx: Tx,
  input: {
    booking: BookingRow;
    inventory: InventoryRow[];
    now: Date;
    ctx: ChangeContext;
    transition: SaleTransition;
    amountMinor: number;
  },
): Promise<SaleResult> {
  const { booking, now, ctx, transition } = input;
  if (isPaid(booking.status)) return { kind: 'already_paid' };
  const fast = await sellLiveHolds(tx, booking, now, ctx, transition, input.amountMinor);
  if (fast) return fast;
  let rows = input.inventory;
  const ids = rows.map((r) => r.id);
  // Lapsed holds (ours included) go back first, so the re-check below sees the real seats left.
  const released = await releaseLapsedOnLockedRows(tx, ids, now, ctx);
  if (released.size > 0) rows = await tx.select().from(departureInventory).where(inArray(departureInventory.id, ids));
  const holds = await tx.select().from(seatHolds).where(eq(seatHolds.bookingId, booking.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const hold of holds) {
    const row = byId.get(hold.departureInventoryId);
    if (!row) return { kind: 'sold_out' };
    if (hold.status === 'released' && row.seatsTotal - row.seatsHeld - row.seatsSold < hold.seats) return { kind: 'sold_out' };
  }
  // The other products' stock (locked after inventory, the lock order); nothing written when a unit is gone.
  if (!(await sellProductStock(tx, booking.id, now))) return { kind: 'sold_out' };
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
  // A re-taken lapsed hold keeps only the chosen places nobody took meanwhile.
  await dropSeatsTakenSince(tx, booking.id);
  await tx.update(seatHolds).set({ status: 'sold' }).where(eq(seatHolds.bookingId, booking.id));
  // Instant operators confirm at once; a leg with a manual operator (or a product waiting for its
  // issuer) leaves the booking pending.
  const status = (await confirmationOfCart(tx, booking)) === 'instant' ? 'confirmed' : 'pending_confirmation';
  // The lapse above may have moved this booking to expired: the transition starts from the status now.
  const [current] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id));
  await applyTransition(tx, {
    booking: { ...booking, status: current?.status ?? booking.status },
    transition,
    to: status,
    ctx,
    now,
    amountMinor: input.amountMinor,
  });
  return { kind: 'sold', status };
}

/** The money arrived for seats that are gone: `pay_refused`, the booking is refunded. */
export async function refuseSale(
  tx: Tx,
  input: { booking: BookingRow; now: Date; ctx: ChangeContext; amountMinor: number },
): Promise<void> {
  const [current] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, input.booking.id));
  // A refused sale keeps nothing: product units still held go back (the seats are gone already).
  await releaseProductStock(tx, [input.booking.id], input.now);
  await applyTransition(tx, {
    booking: { ...input.booking, status: current?.status ?? input.booking.status },
    transition: 'pay_refused',
    to: 'refunded',
    ctx: input.ctx,
    now: input.now,
    amountMinor: input.amountMinor,
  });
}
