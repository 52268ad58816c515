/**
 * Pay at counter for managers (issue 22): the counter payments awaiting the traveller's visit and
 * the ones that lapsed, and marking one paid — `markCounterPaid` with the manager as actor, which
 * sells the seats (`mark_counter_paid` in booking_audit) and records `booking.paid`, whose
 * subscriber mails the ticket (src/server/events).
 */
import { and, desc, eq, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { bookings, payments } from '../db/schema.ts';
import { markCounterPaid, type CounterResult } from '../payment/counter.ts';
import { assertMay, staffContext, type StaffMember } from './access.ts';

export const markPaidInput = z.object({
  reference: z
    .string()
    .trim()
    .regex(/^CTR-[A-Z0-9]{8}$/),
});

export async function markPaidAsStaff(
  db: Db,
  staff: StaffMember,
  providerRef: string,
  nowMs: number,
  requestId: string | null,
): Promise<CounterResult> {
  assertMay(staff, 'counter.markPaid');
  return markCounterPaid(db, providerRef, nowMs, staffContext(staff, requestId, 'paid at the counter'));
}

/** Pending and lapsed pay-at-counter payments for the manager's list, newest first. */
export async function counterPayments(db: Db, nowMs: number): Promise<{ awaiting: CounterRow[]; expired: CounterRow[] }> {
  const rows = await db
    .select({
      providerRef: payments.providerRef,
      status: payments.status,
      failureCode: payments.failureCode,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      expiresAt: payments.expiresAt,
      bookingId: bookings.id,
      reference: bookings.reference,
      email: bookings.email,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(
      and(
        eq(payments.paygate, 'counter'),
        or(eq(payments.status, 'pending'), and(eq(payments.status, 'failed'), eq(payments.failureCode, 'expired'))),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(200);
  const expired = (r: CounterRow) => r.status === 'failed' || (r.expiresAt !== null && r.expiresAt.getTime() < nowMs);
  return { awaiting: rows.filter((r) => !expired(r)), expired: rows.filter(expired) };
}

export interface CounterRow {
  providerRef: string;
  status: string;
  failureCode: string | null;
  amountMinor: number;
  currency: string;
  expiresAt: Date | null;
  bookingId: number;
  reference: string;
  email: string | null;
}
