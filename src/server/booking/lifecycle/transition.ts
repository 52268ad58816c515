/**
 * Writing one transition: checked against the lifecycle table (src/domain/booking/lifecycle.ts),
 * the status written only if the row still has the status the caller read under its lock, and an
 * audit row in the same transaction. Every status a booking gets is written here or by one of the
 * two single-statement hot paths (hold.ts, sell.ts), which write their audit row in the same
 * statement with `auditRowSql`.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { transitionAllowed, type BookingStatus, type TransitionName } from '../../../domain/booking/lifecycle.ts';
import { actorId, type ChangeContext } from '../../../domain/booking/actor.ts';
import { bookingAudit, bookings } from '../../db/schema.ts';
import { ApiError } from '../../api/errors.ts';
import type { BookingRow, Tx } from './locks.ts';

/** A change the lifecycle table does not allow from the booking's status: refused, nothing written. */
export class TransitionRefused extends ApiError {
  readonly transition: TransitionName;
  readonly from: BookingStatus | null;
  readonly to: BookingStatus;
  constructor(transition: TransitionName, from: BookingStatus | null, to: BookingStatus) {
    super('transition_not_allowed');
    this.message = `${transition}: ${String(from)} → ${to} is not allowed`;
    this.transition = transition;
    this.from = from;
    this.to = to;
  }
}

export interface TransitionInput {
  /** The booking as read under its row lock. */
  booking: Pick<BookingRow, 'id' | 'status' | 'currency'>;
  transition: TransitionName;
  to: BookingStatus;
  ctx: ChangeContext;
  now: Date;
  /** Money that moved with the change (paid, refunded), in the booking's currency. */
  amountMinor?: number | null;
  /**
   * Test-only: write even if the status moved since the caller read it (with `unsafeNoLocks`, the
   * race tests' negative control shows what the lock and this check prevent).
   */
  unsafeNoGuard?: boolean;
  /** Other columns the transition changes with the status (refund amount, passengers, total). */
  set?: Partial<Omit<typeof bookings.$inferInsert, 'id' | 'status' | 'updatedAt'>>;
}

/** Applies one transition to a booking locked by the caller; returns the updated row. */
export async function applyTransition(tx: Tx, input: TransitionInput): Promise<BookingRow> {
  const { booking, transition, to, now } = input;
  if (!transitionAllowed(transition, booking.status, to)) throw new TransitionRefused(transition, booking.status, to);
  const [row] = await tx
    .update(bookings)
    .set({ ...input.set, status: to, updatedAt: now })
    .where(and(eq(bookings.id, booking.id), input.unsafeNoGuard ? undefined : eq(bookings.status, booking.status)))
    .returning();
  // The caller read the status under the row lock, so this only happens if it did not lock.
  if (!row) throw new TransitionRefused(transition, booking.status, to);
  await tx.insert(bookingAudit).values(auditValues(input));
  return row;
}

function auditValues(input: TransitionInput): typeof bookingAudit.$inferInsert {
  return {
    bookingId: input.booking.id,
    transition: input.transition,
    fromStatus: input.booking.status,
    toStatus: input.to,
    actorKind: input.ctx.actor.kind,
    actorId: actorId(input.ctx.actor),
    requestId: input.ctx.requestId ?? null,
    reason: input.ctx.reason ?? null,
    amountMinor: input.amountMinor ?? null,
    currency: input.amountMinor == null ? null : input.booking.currency,
    at: input.now,
  };
}

/**
 * The audit row's values for a single-statement transition, as SQL: the booking id, statuses and
 * amount are SQL expressions over the statement's own CTEs.
 */
export function auditRowSql(input: {
  bookingId: SQL;
  transition: TransitionName;
  from: SQL;
  to: SQL;
  ctx: ChangeContext;
  now: Date;
  amountMinor?: SQL;
  currency?: SQL;
}): SQL {
  return sql`${input.bookingId}, ${input.transition}::text, ${input.from}, ${input.to}, ${input.ctx.actor.kind}::text,
    ${actorId(input.ctx.actor)}::text, ${input.ctx.requestId ?? null}::text, ${input.ctx.reason ?? null}::text,
    ${input.amountMinor ?? sql`null`}::integer, ${input.currency ?? sql`null`}::text, ${input.now.toISOString()}::timestamptz`;
}

/** The column list matching `auditRowSql`. */
export const AUDIT_COLUMNS = sql.raw(
  '(booking_id, transition, from_status, to_status, actor_kind, actor_id, request_id, reason, amount_minor, currency, at)',
);

/** The audit row of a booking's birth (the `hold` transition, from nothing to reserved). */
export async function auditBirth(
  tx: Tx,
  booking: Pick<BookingRow, 'id' | 'totalMinor' | 'currency' | 'createdAt'>,
  ctx: ChangeContext,
): Promise<void> {
  await tx.insert(bookingAudit).values({
    bookingId: booking.id,
    transition: 'hold',
    fromStatus: null,
    toStatus: 'reserved',
    actorKind: ctx.actor.kind,
    actorId: actorId(ctx.actor),
    requestId: ctx.requestId ?? null,
    reason: ctx.reason ?? null,
    amountMinor: booking.totalMinor,
    currency: booking.currency,
    at: booking.createdAt,
  });
}
