/**
 * A reseller's (agent's) commission (issue 25 item 2, SPEC §6 balance): when a booking a reseller
 * made is paid, their balance is credited their share of what was paid, in the balance's own
 * currency; when that booking is cancelled, the share of what goes back to the traveller is taken
 * back. Driven by the booking's domain events (src/server/events), so the money path never calls
 * this: one balance row per event (`event_id` is unique), written in the same transaction as the
 * balance itself — an event delivered twice moves the balance once.
 */
import { and, eq, sql } from 'drizzle-orm';
import { convertMinor } from '../../domain/search/money.ts';
import type { FxRate } from '../../domain/search/timetable.ts';
import { ENVIRONMENT } from '../../config/environment.ts';
import type { Db } from '../db/client.ts';
import { balanceTransactions, bookings, fxRates, users } from '../db/schema.ts';
import { createEnvParser } from '../envParser.ts';

const parseCommissionEnv = createEnvParser(ENVIRONMENT.pick({ RESELLER_COMMISSION_BASIS_POINTS: true }));

export const COMMISSION = 'commission';
export const COMMISSION_REVERSAL = 'commission_reversal';

async function fxTable(db: Db): Promise<Map<string, FxRate>> {
  const rows = await db.select().from(fxRates);
  return new Map(rows.map((r) => [r.currency, { perUsd: r.perUsd, minorUnits: r.minorUnits }]));
}

/** The reseller of a booking and their balance currency, or null for a traveller's own booking. */
async function resellerOf(db: Db, bookingId: number) {
  const [row] = await db
    .select({
      resellerId: users.id,
      balanceCurrency: users.balanceCurrency,
      commissionBasisPoints: users.commissionBasisPoints,
      reference: bookings.reference,
    })
    .from(bookings)
    .innerJoin(users, and(eq(users.id, bookings.resellerUserId), eq(users.role, 'reseller')))
    .where(eq(bookings.id, bookingId));
  return row ?? null;
}

/** Writes one balance movement for an event and moves the balance by it, once. */
async function move(
  db: Db,
  entry: { userId: number; bookingId: number; eventId: number; kind: string; amountMinor: number; currency: string; description: string },
): Promise<boolean> {
  if (entry.amountMinor === 0) return false;
  return db.transaction(async (tx) => {
    const written = await tx
      .insert(balanceTransactions)
      .values(entry)
      .onConflictDoNothing({ target: balanceTransactions.eventId })
      .returning({ id: balanceTransactions.id });
    if (written.length === 0) return false;
    await tx
      .update(users)
      .set({ balanceMinor: sql`${users.balanceMinor} + ${entry.amountMinor}` })
      .where(eq(users.id, entry.userId));
    return true;
  });
}

/**
 * `booking.paid`: the reseller's share of what was paid, converted to their balance currency. The
 * share is the reseller's own (set by an admin on /{lang}/op/resellers) or else the site's.
 */
export async function creditCommission(
  db: Db,
  event: { id: number; bookingId: number; paidMinor: number; currency: string },
  siteBasisPoints = parseCommissionEnv().RESELLER_COMMISSION_BASIS_POINTS,
): Promise<boolean> {
  const reseller = await resellerOf(db, event.bookingId);
  if (!reseller) return false;
  const basisPoints = reseller.commissionBasisPoints ?? siteBasisPoints;
  const share = Math.round((event.paidMinor * basisPoints) / 10_000);
  const amountMinor = convertMinor(share, event.currency, reseller.balanceCurrency, await fxTable(db));
  if (amountMinor === undefined) throw new Error(`no FX rate between ${event.currency} and ${reseller.balanceCurrency}`);
  return move(db, {
    userId: reseller.resellerId,
    bookingId: event.bookingId,
    eventId: event.id,
    kind: COMMISSION,
    amountMinor,
    currency: reseller.balanceCurrency,
    description: reseller.reference,
  });
}

/**
 * `booking.cancelled`: the part of the credited commission that matches what goes back to the
 * traveller (all of it for a full refund, none when nothing is refunded), never more than was
 * credited — computed from the credit itself, so a changed FX rate takes back what was given.
 */
export async function reverseCommission(db: Db, event: { id: number; bookingId: number; refundMinor: number }): Promise<boolean> {
  const reseller = await resellerOf(db, event.bookingId);
  if (!reseller || event.refundMinor === 0) return false;
  const [credited] = await db
    .select({ amountMinor: sql<number>`coalesce(sum(${balanceTransactions.amountMinor}), 0)::int` })
    .from(balanceTransactions)
    .where(and(eq(balanceTransactions.bookingId, event.bookingId), eq(balanceTransactions.kind, COMMISSION)));
  const [booking] = await db.select({ totalMinor: bookings.totalMinor }).from(bookings).where(eq(bookings.id, event.bookingId));
  const credit = credited?.amountMinor ?? 0;
  if (credit <= 0 || !booking || booking.totalMinor <= 0) return false;
  const back = Math.min(credit, Math.round((credit * event.refundMinor) / booking.totalMinor));
  return move(db, {
    userId: reseller.resellerId,
    bookingId: event.bookingId,
    eventId: event.id,
    kind: COMMISSION_REVERSAL,
    amountMinor: -back,
    currency: reseller.balanceCurrency,
    description: reseller.reference,
  });
}
