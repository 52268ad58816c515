/**
 * Recording a domain event inside the transaction that makes the change: the event and one
 * delivery row per subscriber are written by one statement, so the hot paths (the payment
 * webhook) pay one extra round trip, and a change that rolls back leaves no event behind.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { eventPayloads, SUBSCRIPTIONS, type DomainEvent } from './kinds.ts';

/** A transaction (or the database itself, for a change that is one statement). */
type Executor = Pick<Db, 'execute'>;

export async function recordEvent(tx: Executor, event: DomainEvent, now: Date): Promise<void> {
  // Checked here, at the boundary, so a wrong payload fails the change that tried to write it.
  const payload = eventPayloads[event.kind].parse(event.payload);
  const subscribers = SUBSCRIPTIONS[event.kind];
  const at = now.toISOString();
  await tx.execute(sql`
    with recorded as (
      insert into domain_events (kind, booking_id, payload, created_at)
      values (${event.kind}, ${event.bookingId}, ${JSON.stringify(payload)}::jsonb, ${at}::timestamptz)
      returning id
    )
    insert into event_deliveries (event_id, subscriber, next_attempt_at)
    select recorded.id, s.name, ${at}::timestamptz
    from recorded, unnest(array[${sql.join(
      subscribers.map((s) => sql`${s}`),
      sql`, `,
    )}]::text[]) as s(name)`);
}
