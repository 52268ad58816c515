/**
 * The confirmation mail is owed by every paid booking until it has gone out, and it goes out
 * once. It is sent on the `booking.paid` domain event (tickets/onEvents.ts), right after the
 * payment commits; if that fails (SMTP down, a crash between the payment and the mail) the
 * `events` job delivers the event again later, instead of the mail being lost because the
 * payment itself is never applied twice. `deliverOwedConfirmationMails` is the backstop for
 * bookings paid before the events outbox existed (the `mail-backstop` job).
 *
 * A sender first claims the booking (a conditional update), so two server processes — or a
 * repeated event delivery and the backstop — never both send. A claim left by a sender that died
 * goes stale after MAIL_CLAIM_STALE_SECONDS (5 minutes by default) and the mail is tried again.
 */
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { PAID_STATUSES } from '../../domain/booking/lifecycle.ts';
import type { Db } from '../db/client.ts';
import { ENVIRONMENT } from '../../config/environment.ts';
import { createEnvParser } from '../envParser.ts';
import { bookings, domainEvents } from '../db/schema.ts';
import { checkoutLogger } from '../booking/log.ts';
import { crashPoint } from '../crashPoints.ts';

/** The default: long enough for a slow SMTP server, short enough that a crashed sender's mail is not late by much. */
export const CLAIM_STALE_MS = 5 * 60_000;

const mailEnv = createEnvParser(ENVIRONMENT.pick({ MAIL_CLAIM_STALE_SECONDS: true }), 'See the configuration table in README.md.');

function claimStaleMs(): number {
  return mailEnv().MAIL_CLAIM_STALE_SECONDS * 1000;
}

export type SendConfirmation = (db: Db, bookingId: number) => Promise<boolean>;

function owed(now: Date) {
  return and(
    isNull(bookings.confirmationMailedAt),
    inArray(bookings.status, [...PAID_STATUSES]),
    or(isNull(bookings.confirmationMailClaimedAt), lt(bookings.confirmationMailClaimedAt, new Date(now.getTime() - claimStaleMs()))),
  );
}

/** Sends one booking's confirmation if it is still owed; true when this call sent it. */
export async function deliverConfirmationMail(db: Db, bookingId: number, now: Date, send: SendConfirmation): Promise<boolean> {
  const claimed = await db
    .update(bookings)
    .set({ confirmationMailClaimedAt: now })
    .where(and(eq(bookings.id, bookingId), owed(now)))
    .returning({ id: bookings.id });
  if (claimed.length === 0) return false;
  crashPoint('mid-mail');
  try {
    // A booking without an email address has nobody to mail: it counts as done.
    await send(db, bookingId);
  } catch (error) {
    // The claim stays: the mail is tried again once it is stale, not in a tight loop.
    checkoutLogger().error({ booking: bookingId, err: error instanceof Error ? error.message : String(error) }, 'confirmation mail failed');
    return false;
  }
  await db.update(bookings).set({ confirmationMailedAt: new Date() }).where(eq(bookings.id, bookingId));
  return true;
}

/** The background sender: every paid booking whose mail is owed; returns how many went out. */
export async function deliverOwedConfirmationMails(
  db: Db,
  now: Date,
  send: SendConfirmation,
  limit = 20,
  /** Only bookings with no `booking.paid` event (paid before the outbox): the rest are the events job's. */
  options: { withoutEvent?: boolean } = {},
): Promise<number> {
  const noEvent = sql`not exists (select 1 from ${domainEvents} e where e.booking_id = ${bookings.id} and e.kind = 'booking.paid')`;
  const due = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(options.withoutEvent ? and(owed(now), noEvent) : owed(now))
    .orderBy(asc(bookings.id))
    .limit(limit);
  let sent = 0;
  for (const { id } of due) if (await deliverConfirmationMail(db, id, now, send)) sent++;
  return sent;
}
