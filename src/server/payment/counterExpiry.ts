/**
 * Pay-at-counter references that ran out: a pending counter payment past its `expires_at`
 * becomes failed with the code `expired`, and records `payment.failed` in the same transaction.
 * Only the payment changes here — what becomes of the booking is the booking lifecycle's.
 * `skip locked` lets a staff member's "mark paid" that holds the row finish first (and a second
 * runner, were there one, take other rows).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { recordEvent } from '../events/record.ts';

export const EXPIRED = 'expired';

export async function expireCounterPayments(db: Db, now: Date, limit = 200): Promise<number> {
  return db.transaction(async (tx) => {
    const at = now.toISOString();
    const result = await tx.execute(sql`
      update payments set status = 'failed', failure_code = ${EXPIRED}, updated_at = ${at}::timestamptz
      where id in (
        select id from payments
        where paygate = 'counter' and status = 'pending' and expires_at <= ${at}::timestamptz
        order by id limit ${limit}
        for update skip locked
      )
      returning id, booking_id, paygate`);
    const rows = (result as { rows: { id: number; booking_id: number; paygate: string }[] }).rows;
    for (const row of rows)
      await recordEvent(
        tx,
        { kind: 'payment.failed', bookingId: row.booking_id, payload: { paymentId: row.id, paygate: row.paygate, failureCode: EXPIRED } },
        now,
      );
    return rows.length;
  });
}
