/**
 * The transitions that change a booking's details, not its seats: details typed again before
 * paying, a class change's new total, the operator's confirmation, passengers corrected after
 * paying, a ticket issued again. Each locks the booking, asks the lifecycle table and writes its
 * audit row; a refused one throws `TransitionRefused` (409 `transition_not_allowed`).
 */
import type { ChangeContext } from '../../../domain/booking/actor.ts';
import type { Db } from '../../db/client.ts';
import { changeInTransaction, lockForChange, type BookingRow, type Tx } from './locks.ts';
import { applyTransition, TransitionRefused } from './transition.ts';
import { cancelPaidBooking, type CancelOutcome } from './cancel.ts';
import { recordEvent } from '../../events/record.ts';

async function lockedBooking(tx: Tx, bookingId: number): Promise<BookingRow | undefined> {
  const { bookings } = await lockForChange(tx, { bookings: [bookingId] });
  return bookings[0];
}

/** New traveller details for a booking still waiting for payment (its seats stay held); undefined when it no longer waits. */
export function changeDetails(
  db: Db,
  bookingId: number,
  details: { email: string; passengers: Record<string, unknown>[]; addons: Record<string, unknown>; totalMinor: number; now: Date },
  ctx: ChangeContext,
): Promise<BookingRow | undefined> {
  return changeInTransaction(db, async (tx) => {
    const booking = await lockedBooking(tx, bookingId);
    if (!booking || (booking.status !== 'reserved' && booking.status !== 'awaiting_payment')) return undefined;
    return applyTransition(tx, {
      booking,
      transition: 'change_details',
      to: booking.status,
      ctx,
      now: details.now,
      set: { email: details.email, passengers: details.passengers, addons: details.addons, totalMinor: details.totalMinor },
    });
  });
}

/** A reserved booking's new total after a class change, inside the class change's transaction (booking already locked). */
export async function changeClassTotal(tx: Tx, booking: BookingRow, totalMinor: number, now: Date, ctx: ChangeContext): Promise<void> {
  await applyTransition(tx, {
    booking,
    transition: 'change_class',
    to: booking.status,
    ctx,
    now,
    amountMinor: totalMinor,
    set: { totalMinor },
  });
}

/** The operator confirmed a manual booking (pending_confirmation → confirmed). */
export function confirmBooking(db: Db, bookingId: number, now: Date, ctx: ChangeContext): Promise<BookingRow> {
  return changeInTransaction(db, async (tx) => {
    const booking = await lockedBooking(tx, bookingId);
    if (!booking) throw new TransitionRefused('confirm', null, 'confirmed');
    return applyTransition(tx, { booking, transition: 'confirm', to: 'confirmed', ctx, now });
  });
}

/** Names or documents corrected after paying; the seats and the price do not change. */
export function changePassengers(
  db: Db,
  bookingId: number,
  passengers: Record<string, unknown>[],
  now: Date,
  ctx: ChangeContext,
): Promise<BookingRow> {
  return changeInTransaction(db, async (tx) => {
    const booking = await lockedBooking(tx, bookingId);
    if (!booking) throw new TransitionRefused('change_passengers', null, 'confirmed');
    if (passengers.length !== booking.people) throw new TransitionRefused('change_passengers', booking.status, booking.status);
    return applyTransition(tx, { booking, transition: 'change_passengers', to: booking.status, ctx, now, set: { passengers } });
  });
}

/**
 * A new ticket for an unchanged paid booking: the confirmation mail with the ticket is owed again
 * and goes out once more. The `ticket.reissued` event recorded with the change is what sends it
 * (the booking's `booking.paid` event was delivered long ago, and the mail backstop only takes
 * bookings paid before the events outbox).
 */
export function reissueTicket(
  db: Db,
  bookingId: number,
  now: Date,
  ctx: ChangeContext,
  options: { unsafeNoLocks?: boolean } = {},
): Promise<BookingRow> {
  return changeInTransaction(db, async (tx) => {
    const { bookings } = await lockForChange(tx, { bookings: [bookingId], unsafeNoLocks: options.unsafeNoLocks === true });
    const booking = bookings[0];
    if (!booking) throw new TransitionRefused('reissue_ticket', null, 'confirmed');
    const changed = await applyTransition(tx, {
      booking,
      transition: 'reissue_ticket',
      to: booking.status,
      ctx,
      now,
      set: { confirmationMailedAt: null, confirmationMailClaimedAt: null },
      unsafeNoGuard: options.unsafeNoLocks === true,
    });
    await recordEvent(tx, { kind: 'ticket.reissued', bookingId, payload: { reason: ctx.reason ?? null } }, now);
    return changed;
  });
}

/**
 * The traveller's own correction (issue 24, support/change-passengers-details): the passengers
 * changed and a new ticket issued in one transaction, so the audit shows both or neither and the
 * `ticket.reissued` event mails the corrected ticket.
 */
export function correctPassengersAndReissue(
  db: Db,
  bookingId: number,
  passengers: Record<string, unknown>[],
  now: Date,
  ctx: ChangeContext,
): Promise<BookingRow> {
  return changeInTransaction(db, async (tx) => {
    const booking = await lockedBooking(tx, bookingId);
    if (!booking) throw new TransitionRefused('change_passengers', null, 'confirmed');
    if (passengers.length !== booking.people) throw new TransitionRefused('change_passengers', booking.status, booking.status);
    const changed = await applyTransition(tx, {
      booking,
      transition: 'change_passengers',
      to: booking.status,
      ctx,
      now,
      set: { passengers },
    });
    const reissued = await applyTransition(tx, {
      booking: changed,
      transition: 'reissue_ticket',
      to: changed.status,
      ctx,
      now,
      set: { confirmationMailedAt: null, confirmationMailClaimedAt: null },
    });
    await recordEvent(tx, { kind: 'ticket.reissued', bookingId, payload: { reason: ctx.reason ?? null } }, now);
    return reissued;
  });
}

/** Staff give everything back, whatever the fare rules say; the seats go back on sale. */
export function refundBooking(
  db: Db,
  bookingId: number,
  now: Date,
  ctx: ChangeContext,
  options: { unsafeNoLocks?: boolean } = {},
): Promise<CancelOutcome> {
  return cancelPaidBooking(db, { bookingId, now, ctx, mode: { transition: 'refund' }, ...options });
}
