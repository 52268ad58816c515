/**
 * Delivering recorded events to their subscribers, at least once each and never twice at the
 * same time. A dispatcher claims due delivery rows with one statement (`for update skip
 * locked`: two processes claiming at once take different rows), runs each subscriber, then
 * marks the row delivered — or, on a failure, logs it, keeps the error and backs off. A claim
 * left by a process that died lapses after EVENT_CLAIM_SECONDS (CLAIM_MS by default) and the row is claimed again, so a
 * subscriber must tolerate a repeat after a crash (the mail senders and the refunder do: the
 * mails have their own once-only claim, and the refund passes the event as idempotency key).
 *
 * Two ways in: the background job (`deliverDue`, every second, the guarantee) and the fast path
 * right after a change commits (`deliverSoon(bookingId)`, so the traveller's mail does not wait
 * for the next tick). The fast path runs one booking at a time behind the requests, like the
 * mail queue it reuses: a burst of payments is answered first.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ENVIRONMENT } from '../../config/environment.ts';
import { createEnvParser } from '../envParser.ts';
import { createMailQueue, type MailQueue } from '../tickets/mailQueue.ts';
import { parseEvent, type DomainEvent, type SubscriberName } from './kinds.ts';
import { eventsLogger } from './log.ts';

/** How long a claim keeps other dispatchers away; longer than any subscriber's work (a mail with a PDF). */
export const CLAIM_MS = 5 * 60_000;

const eventEnv = createEnvParser(ENVIRONMENT.pick({ EVENT_CLAIM_SECONDS: true }), 'See the configuration table in README.md.');

function claimMs(): number {
  return eventEnv().EVENT_CLAIM_SECONDS * 1000;
}
/** After this many failed attempts a delivery stays failed (visible in event_deliveries.last_error). */
export const MAX_ATTEMPTS = 20;

export type StoredEvent = DomainEvent & { id: number; createdAt: Date };
export type EventHandler = (db: Db, event: StoredEvent) => Promise<void>;
export type EventHandlers = Readonly<Record<SubscriberName, EventHandler>>;

/** 10 s, 20 s, 40 s … capped at 30 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);
}

interface ClaimedRow extends Record<string, unknown> {
  event_id: string | number;
  subscriber: string;
  attempts: number;
  kind: string;
  booking_id: number;
  payload: unknown;
  created_at: string | Date;
  claimed_until: string | Date | null;
}

export interface EventDispatcher {
  /** Delivers due events (all bookings, oldest first); how many deliveries succeeded. */
  deliverDue(db: Db, now: Date, limit?: number): Promise<number>;
  /** Delivers one booking's due events now, queued behind the current requests. */
  deliverSoon(db: Db, bookingId: number): Promise<void>;
}

export interface DispatcherOptions {
  /**
   * Test-only: `false` reads due rows without claiming them, the negative control of the
   * concurrency test (two dispatchers then deliver the same event twice).
   */
  claim?: boolean;
}

export function createEventDispatcher(handlers: EventHandlers, options: DispatcherOptions = {}): EventDispatcher {
  async function claim(db: Db, now: Date, limit: number, bookingId?: number): Promise<ClaimedRow[]> {
    const at = now.toISOString();
    const until = new Date(now.getTime() + claimMs()).toISOString();
    const forBooking = bookingId === undefined ? sql`true` : sql`e.booking_id = ${bookingId}`;
    if (options.claim === false) {
      const unclaimed = await db.execute(sql`
        select d.event_id, d.subscriber, d.attempts, d.claimed_until, e.kind, e.booking_id, e.payload, e.created_at
        from event_deliveries d join domain_events e on e.id = d.event_id
        where d.delivered_at is null and d.next_attempt_at <= ${at}::timestamptz and ${forBooking}
        order by d.event_id, d.subscriber limit ${limit}`);
      return (unclaimed as { rows: ClaimedRow[] }).rows;
    }
    const result = await db.execute(sql`
      with due as (
        select d.event_id, d.subscriber from event_deliveries d
        join domain_events e on e.id = d.event_id
        where d.delivered_at is null and d.next_attempt_at <= ${at}::timestamptz
          and (d.claimed_until is null or d.claimed_until <= ${at}::timestamptz)
          and d.attempts < ${MAX_ATTEMPTS} and ${forBooking}
        order by d.event_id, d.subscriber
        limit ${limit}
        for update of d skip locked
      )
      update event_deliveries d set claimed_until = ${until}::timestamptz, attempts = d.attempts + 1
      from due, domain_events e
      where d.event_id = due.event_id and d.subscriber = due.subscriber and e.id = d.event_id
      returning d.event_id, d.subscriber, d.attempts, d.claimed_until, e.kind, e.booking_id, e.payload, e.created_at`);
    return (result as { rows: ClaimedRow[] }).rows.sort(
      (a, b) => Number(a.event_id) - Number(b.event_id) || a.subscriber.localeCompare(b.subscriber),
    );
  }

  async function deliver(db: Db, row: ClaimedRow, now: Date): Promise<boolean> {
    const eventId = Number(row.event_id);
    // Only the claim this dispatcher holds is settled: a claim that lapsed and was taken over is the new holder's.
    const mine = sql`event_id = ${eventId} and subscriber = ${row.subscriber} and claimed_until is not distinct from ${row.claimed_until === null ? null : new Date(row.claimed_until).toISOString()}::timestamptz`;
    try {
      const handler = (handlers as Record<string, EventHandler | undefined>)[row.subscriber];
      if (!handler) throw new Error(`no handler for subscriber "${row.subscriber}"`);
      const event = { ...parseEvent(row.kind, row.booking_id, row.payload), id: eventId, createdAt: new Date(row.created_at) };
      await handler(db, event);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      eventsLogger().error(
        { subscriber: row.subscriber, event: eventId, kind: row.kind, booking: row.booking_id, attempt: row.attempts, err: message },
        'event delivery failed',
      );
      const next = new Date(now.getTime() + retryDelayMs(row.attempts)).toISOString();
      await db.execute(
        sql`update event_deliveries set claimed_until = null, last_error = ${message.slice(0, 500)}, next_attempt_at = ${next}::timestamptz where ${mine}`,
      );
      return false;
    }
    await db.execute(
      sql`update event_deliveries set claimed_until = null, last_error = null, delivered_at = ${new Date().toISOString()}::timestamptz where ${mine}`,
    );
    return true;
  }

  async function deliverClaimed(db: Db, rows: ClaimedRow[], now: Date): Promise<number> {
    let delivered = 0;
    for (const row of rows) if (await deliver(db, row, now)) delivered++;
    return delivered;
  }

  let queue: { db: Db; work: MailQueue } | undefined;

  return {
    async deliverDue(db, now, limit = 50) {
      return deliverClaimed(db, await claim(db, now, limit), now);
    },
    deliverSoon(db, bookingId) {
      if (queue?.db !== db)
        queue = {
          db,
          work: createMailQueue(async (id) => {
            const now = new Date();
            try {
              await deliverClaimed(db, await claim(db, now, 20, id), now);
            } catch (error) {
              // The queue moves on regardless; the background job delivers what this missed.
              eventsLogger().error(
                { booking: id, err: error instanceof Error ? error.message : String(error) },
                'fast event delivery failed',
              );
            }
          }),
        };
      return queue.work.enqueue(bookingId);
    },
  };
}
