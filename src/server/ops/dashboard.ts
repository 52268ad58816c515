/**
 * The manager's day at a glance (issue 22): bookings made today, paid revenue per currency, holds
 * still running, holds that lapsed today and payments that failed today. "Today" is the UTC day:
 * one network spans many time zones, and the page says which day it counts.
 */
import { and, count, eq, gt, gte, inArray, lt, sql, sum } from 'drizzle-orm';
import { HOLDING_STATUSES, PAID_STATUSES } from '../../domain/booking/lifecycle.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { bookingAudit, bookings, payments } from '../db/schema.ts';

export interface Dashboard {
  dayStart: Date;
  bookingsToday: number;
  revenue: { currency: string; minor: number }[];
  liveHolds: number;
  lapsedHoldsToday: number;
  failedPaymentsToday: number;
}

export function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export async function dashboard(db: Db, now: Date): Promise<Dashboard> {
  const dayStart = utcDayStart(now);
  const dayEnd = new Date(dayStart.getTime() + 86_400_000);
  const today = (column: AnyPgColumn) => and(gte(column, dayStart), lt(column, dayEnd));
  const [made, revenue, live, lapsed, failed] = await Promise.all([
    db.select({ n: count() }).from(bookings).where(today(bookings.createdAt)),
    // Money kept: paid bookings made today, by their currency (cancelled and refunded ones left out).
    db
      .select({ currency: bookings.currency, minor: sum(bookings.totalMinor).mapWith(Number) })
      .from(bookings)
      .where(and(today(bookings.createdAt), inArray(bookings.status, [...PAID_STATUSES])))
      .groupBy(bookings.currency)
      .orderBy(bookings.currency),
    db
      .select({ n: count() })
      .from(bookings)
      .where(and(inArray(bookings.status, [...HOLDING_STATUSES]), gt(bookings.holdExpiresAt, now))),
    db
      .select({ n: sql<number>`count(distinct ${bookingAudit.bookingId})`.mapWith(Number) })
      .from(bookingAudit)
      .where(and(eq(bookingAudit.toStatus, 'expired'), today(bookingAudit.at))),
    db
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.status, 'failed'), today(payments.updatedAt))),
  ]);
  return {
    dayStart,
    bookingsToday: made[0]?.n ?? 0,
    revenue: revenue.map((r) => ({ currency: r.currency, minor: r.minor })),
    liveHolds: live[0]?.n ?? 0,
    lapsedHoldsToday: lapsed[0]?.n ?? 0,
    failedPaymentsToday: failed[0]?.n ?? 0,
  };
}
