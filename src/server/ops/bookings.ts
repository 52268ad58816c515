/**
 * Support's work on a booking (issue 22, operators area): finding it, reading everything about it
 * and the changes staff make for a traveller. Every change is a lifecycle transition
 * (src/server/booking/lifecycle/) with the staff member as actor and a reason, so booking_audit
 * keeps who, when, from → to, why, the request and the amount. Nothing here writes a status.
 */
import { asc, desc, eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isPaid } from '../../domain/booking/lifecycle.ts';
import { currencyInfo, resolveCurrency } from '../../domain/currencyCodes.ts';
import type { Db } from '../db/client.ts';
import { bookingAudit, bookings, passengerChangeRequests, payments } from '../db/schema.ts';
import { changesCloseAt } from '../booking/changesClose.ts';
import { BookingBusy } from '../booking/lifecycle/locks.ts';
import { cancelPaidBooking } from '../booking/lifecycle/cancel.ts';
import { changePassengers, reissueTicket } from '../booking/lifecycle/changes.ts';
import { TransitionRefused } from '../booking/lifecycle/transition.ts';
import { cancelBooking } from '../tickets/cancel.ts';
import { passengerName } from '../tickets/data.ts';
import { assertMay, staffContext, type StaffMember } from './access.ts';

export const bookingSearchQuery = z.object({ q: z.string().trim().min(2).max(120) });

export interface BookingHit {
  id: number;
  reference: string;
  status: string;
  email: string | null;
  passengers: string[];
  totalMinor: number;
  currency: string;
  createdAt: Date;
}

const SEARCH_LIMIT = 50;

/** `_` and `%` typed by staff are letters, not patterns. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A booking by its reference (exact), the contact e-mail (exact, any case), a passenger's name
 * (part of it, any case) or the contact phone (its digits). Newest first, at most 50.
 */
export async function findBookings(db: Db, query: string): Promise<BookingHit[]> {
  const text = query.trim();
  const digits = text.replace(/\D/g, '');
  const name = `%${likeLiteral(text)}%`;
  const conditions = [
    eq(bookings.reference, text.toUpperCase()),
    sql`lower(${bookings.email}) = ${text.toLowerCase()}`,
    sql`exists (select 1 from jsonb_array_elements(${bookings.passengers}) p
      where concat_ws(' ', p->>'full_name', p->>'first_name', p->>'middle_name', p->>'last_name') ilike ${name})`,
  ];
  // Seven digits at least: fewer would match half the phone book.
  if (digits.length >= 7)
    conditions.push(sql`regexp_replace(coalesce(${bookings.addons}->>'phone', ''), '\\D', '', 'g') like ${`%${digits}`}`);
  const rows = await db
    .select()
    .from(bookings)
    .where(or(...conditions))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(SEARCH_LIMIT);
  return rows.map((b) => ({
    id: b.id,
    reference: b.reference,
    status: b.status,
    email: b.email,
    passengers: b.passengers.map(passengerName),
    totalMinor: b.totalMinor,
    currency: b.currency,
    createdAt: b.createdAt,
  }));
}

export interface BookingFile {
  booking: typeof bookings.$inferSelect;
  phone: string;
  payments: (typeof payments.$inferSelect)[];
  audit: (typeof bookingAudit.$inferSelect)[];
  /** The first leg's departure minus its operator's booking cut-off: changes stop then. */
  changesCloseAt: Date | null;
  /** Corrections the traveller asked for after the cut-off (src/server/selfservice/), newest first: Support settles them. */
  changeRequests: (typeof passengerChangeRequests.$inferSelect)[];
}

/** Everything support needs to see about one booking, or undefined for an unknown id. */
export async function bookingFile(db: Db, bookingId: number): Promise<BookingFile | undefined> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking) return undefined;
  const [paid, audit, closeAt, changeRequests] = await Promise.all([
    db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.id)),
    db.select().from(bookingAudit).where(eq(bookingAudit.bookingId, bookingId)).orderBy(asc(bookingAudit.id)),
    changesCloseAt(db, booking),
    db
      .select()
      .from(passengerChangeRequests)
      .where(eq(passengerChangeRequests.bookingId, bookingId))
      .orderBy(desc(passengerChangeRequests.createdAt), desc(passengerChangeRequests.id)),
  ]);
  const phone = typeof booking.addons.phone === 'string' ? booking.addons.phone : '';
  return { booking, phone, payments: paid, audit, changesCloseAt: closeAt, changeRequests };
}

export type StaffChangeResult =
  { ok: true } | { ok: false; code: 'booking_not_found' | 'not_allowed' | 'after_cutoff' | 'passenger_count' | 'busy' };

/** Lifecycle refusals as the page's stable codes; anything else is a real fault and goes on. */
function refusal(error: unknown): StaffChangeResult {
  if (error instanceof BookingBusy) return { ok: false, code: 'busy' };
  if (error instanceof TransitionRefused) return { ok: false, code: 'not_allowed' };
  throw error;
}

const passengerInput = z.object({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
});

export const changePassengersInput = z.object({
  reason: z.string().trim().min(3).max(500),
  passengers: z.array(passengerInput).min(1).max(20),
});

/**
 * Corrects the passengers' names (staff, for the traveller). Refused after the operator's
 * booking cut-off before the first departure: the operator's manifest is final then.
 * Other passenger details (documents, dates) are kept as they were.
 */
export async function changePassengersAsStaff(
  db: Db,
  staff: StaffMember,
  bookingId: number,
  input: z.infer<typeof changePassengersInput>,
  now: Date,
  requestId: string | null,
): Promise<StaffChangeResult> {
  assertMay(staff, 'booking.changePassengers');
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking) return { ok: false, code: 'booking_not_found' };
  if (!isPaid(booking.status)) return { ok: false, code: 'not_allowed' };
  const closeAt = await changesCloseAt(db, booking);
  if (closeAt && now.getTime() >= closeAt.getTime()) return { ok: false, code: 'after_cutoff' };
  if (input.passengers.length !== booking.people) return { ok: false, code: 'passenger_count' };
  const passengers = input.passengers.map((p, i) => {
    const before = booking.passengers[i] ?? {};
    // An operator that asks for one full name keeps getting one, made of the corrected parts.
    const fullName = typeof before.full_name === 'string' ? { full_name: `${p.first_name} ${p.last_name}` } : {};
    return { ...before, first_name: p.first_name, last_name: p.last_name, ...fullName };
  });
  try {
    await changePassengers(db, bookingId, passengers, now, staffContext(staff, requestId, input.reason));
    return { ok: true };
  } catch (error) {
    return refusal(error);
  }
}

export const reasonInput = z.object({ reason: z.string().trim().min(3).max(500) });

/** A new ticket, mailed again through the events job (`ticket.reissued`). */
export async function resendTicket(
  db: Db,
  staff: StaffMember,
  bookingId: number,
  reason: string,
  now: Date,
  requestId: string | null,
): Promise<StaffChangeResult> {
  assertMay(staff, 'booking.resendTicket');
  try {
    await reissueTicket(db, bookingId, now, staffContext(staff, requestId, reason));
    return { ok: true };
  } catch (error) {
    return refusal(error);
  }
}

/** Cancels by the fare rules, as the traveller could, with staff as actor and their reason. */
export async function cancelByPolicy(
  db: Db,
  staff: StaffMember,
  bookingId: number,
  reason: string,
  now: Date,
  requestId: string | null,
): Promise<StaffChangeResult> {
  assertMay(staff, 'booking.cancel');
  try {
    const result = await cancelBooking(db, bookingId, now, staffContext(staff, requestId, reason));
    return result.ok ? { ok: true } : { ok: false, code: result.code === 'booking_not_found' ? 'booking_not_found' : 'not_allowed' };
  } catch (error) {
    return refusal(error);
  }
}

export const goodwillForm = z.object({
  reason: z.string().trim().min(3).max(500),
  /** In the booking's currency, major units as staff type them ("12.50" or "12,50"). */
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,9}([.,]\d{1,3})?$/),
});

/** "12.50" EUR → 1250; undefined when the amount has more decimals than the currency has minor units. */
export function toMinorUnits(amount: string, currency: string): number | undefined {
  // A plain decimal only ("450", "12.50", "12,5"): anything else would come out as NaN.
  const text = amount.trim();
  if (!/^\d{1,9}(?:[.,]\d+)?$/.test(text)) return undefined;
  const code = resolveCurrency(currency);
  const { minorUnits } = currencyInfo(code);
  const [whole = '0', fraction = ''] = text.replace(',', '.').split('.');
  if (fraction.length > minorUnits) return undefined;
  return Number(whole) * 10 ** minorUnits + Number(fraction.padEnd(minorUnits, '0') || '0');
}

/**
 * Cancels whatever the fare rules say and gives back the amount staff decide (a goodwill gesture),
 * capped at what was paid. The `cancel` transition records the amount and the reason.
 */
export async function cancelWithGoodwill(
  db: Db,
  staff: StaffMember,
  bookingId: number,
  input: { reason: string; amountMinor: number },
  now: Date,
  requestId: string | null,
): Promise<StaffChangeResult> {
  assertMay(staff, 'booking.goodwillRefund');
  try {
    const result = await cancelPaidBooking(db, {
      bookingId,
      now,
      ctx: staffContext(staff, requestId, input.reason),
      mode: { transition: 'cancel', refundFor: (_tx, booking) => Promise.resolve(Math.min(input.amountMinor, booking.totalMinor)) },
    });
    return result.ok ? { ok: true } : { ok: false, code: result.code === 'booking_not_found' ? 'booking_not_found' : 'not_allowed' };
  } catch (error) {
    return refusal(error);
  }
}
