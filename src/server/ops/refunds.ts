/**
 * Managers' view of the money given back (issue 22, /{lang}/op/refunds): the refunds recorded in
 * `payment_refunds`, filtered by state, paygate and day, with the booking, the provider's reference
 * and who asked for it (the booking change that owed it); and the retry of a failed one through the
 * same paygate (src/server/payment/refunds.ts `retryRefund`, which keeps every attempt with the
 * staff member and the request in `payment_refund_attempts` — the refund's own history, shown here
 * and on the booking's op page).
 */
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { bookings, paymentRefundAttempts, paymentRefunds, payments, users } from '../db/schema.ts';
import { PAYGATE_CODES, type Paygate, type PaygateCode } from '../payment/paygates.ts';
import { retryRefund, type RetryOutcome } from '../payment/refunds.ts';
import { assertMay, type StaffMember } from './access.ts';

export const REFUND_STATES = ['requested', 'pending', 'succeeded', 'failed'] as const;
export type RefundStateName = (typeof REFUND_STATES)[number];

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)));
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The page's filters (query string): every one optional; days are UTC days, `to` included. */
export const refundFilters = z.object({
  state: z.preprocess(blankToUndefined, z.enum(REFUND_STATES).optional()),
  paygate: z.preprocess(blankToUndefined, z.enum(PAYGATE_CODES as [PaygateCode, ...PaygateCode[]]).optional()),
  from: z.preprocess(blankToUndefined, day.optional()),
  to: z.preprocess(blankToUndefined, day.optional()),
});
export type RefundFilters = z.infer<typeof refundFilters>;

export const retryInput = z.object({ refund: z.coerce.number().int().positive() });

export interface RefundRow {
  id: number;
  bookingId: number;
  reference: string;
  amountMinor: number;
  currency: string;
  paygate: string;
  providerRefundRef: string | null;
  state: RefundStateName;
  failureCode: string | null;
  attempt: number;
  createdAt: Date;
  updatedAt: Date;
  /** The booking change that owed the refund: its actor (traveller, staff, partner, system) and id. */
  askedBy: { kind: string; id: string | null } | null;
}

export interface RefundAttemptRow {
  refundId: number;
  attempt: number;
  outcome: string;
  providerRefundRef: string | null;
  failureCode: string | null;
  staffEmail: string | null;
  requestId: string | null;
  at: Date;
}

const LIST_LIMIT = 200;
const DAY_MS = 86_400_000;

const stateOf = (s: string): RefundStateName => ((REFUND_STATES as readonly string[]).includes(s) ? (s as RefundStateName) : 'requested');

// The latest audit row of the booking written before the refund: the change that owed it.
const askedBySql = sql<string | null>`(select concat(a.actor_kind, ':', coalesce(a.actor_id, '')) from booking_audit a
  where a.booking_id = ${payments.bookingId} and a.at <= ${paymentRefunds.createdAt} order by a.at desc, a.id desc limit 1)`;

function askedByOf(value: string | null): RefundRow['askedBy'] {
  if (!value) return null;
  const at = value.indexOf(':');
  return { kind: value.slice(0, at), id: value.slice(at + 1) || null };
}

async function refundRows(db: Db, where: SQL | undefined, limit: number): Promise<RefundRow[]> {
  const rows = await db
    .select({
      id: paymentRefunds.id,
      bookingId: payments.bookingId,
      reference: bookings.reference,
      amountMinor: paymentRefunds.amountMinor,
      currency: paymentRefunds.currency,
      paygate: paymentRefunds.paygate,
      providerRefundRef: paymentRefunds.providerRefundRef,
      state: paymentRefunds.state,
      failureCode: paymentRefunds.failureCode,
      attempt: paymentRefunds.attempt,
      createdAt: paymentRefunds.createdAt,
      updatedAt: paymentRefunds.updatedAt,
      askedBy: askedBySql,
    })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(where)
    .orderBy(desc(paymentRefunds.createdAt), desc(paymentRefunds.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, state: stateOf(r.state), askedBy: askedByOf(r.askedBy) }));
}

/** The refunds the filters select, newest first (at most 200). */
export async function listRefunds(db: Db, filters: RefundFilters): Promise<RefundRow[]> {
  const conditions: SQL[] = [];
  if (filters.state) conditions.push(eq(paymentRefunds.state, filters.state));
  if (filters.paygate) conditions.push(eq(paymentRefunds.paygate, filters.paygate));
  if (filters.from) conditions.push(gte(paymentRefunds.createdAt, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) conditions.push(lt(paymentRefunds.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS)));
  return refundRows(db, conditions.length ? and(...conditions) : undefined, LIST_LIMIT);
}

/** Every attempt of the given refunds, oldest first, with the staff member who started a retry. */
export async function refundAttempts(db: Db, refundIds: readonly number[]): Promise<RefundAttemptRow[]> {
  if (refundIds.length === 0) return [];
  return db
    .select({
      refundId: paymentRefundAttempts.refundId,
      attempt: paymentRefundAttempts.attempt,
      outcome: paymentRefundAttempts.outcome,
      providerRefundRef: paymentRefundAttempts.providerRefundRef,
      failureCode: paymentRefundAttempts.failureCode,
      staffEmail: users.email,
      requestId: paymentRefundAttempts.requestId,
      at: paymentRefundAttempts.at,
    })
    .from(paymentRefundAttempts)
    .leftJoin(users, eq(users.id, paymentRefundAttempts.staffUserId))
    .where(inArray(paymentRefundAttempts.refundId, [...refundIds]))
    .orderBy(asc(paymentRefundAttempts.refundId), asc(paymentRefundAttempts.id));
}

/** One booking's refunds and their attempts, for the booking's op page. */
export async function refundsOfBookingForStaff(db: Db, bookingId: number): Promise<{ refunds: RefundRow[]; attempts: RefundAttemptRow[] }> {
  const refunds = await refundRows(db, eq(payments.bookingId, bookingId), LIST_LIMIT);
  return {
    refunds,
    attempts: await refundAttempts(
      db,
      refunds.map((r) => r.id),
    ),
  };
}

/** A manager retries a failed refund through the paygate that took the money (role backstop here). */
export async function retryRefundAsStaff(
  db: Db,
  staff: StaffMember,
  refundId: number,
  requestId: string | null,
  options: { gateways?: Record<PaygateCode, Paygate>; unsafeNoClaim?: boolean | { afterRead: () => Promise<void> } } = {},
): Promise<RetryOutcome> {
  assertMay(staff, 'refunds.retry');
  return retryRefund(db, refundId, { staffUserId: staff.userId, requestId }, options);
}
