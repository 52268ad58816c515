/**
 * What a load balancer asks before sending traffic (issue 25 item 6, `GET /api/health`): the
 * database answers, this process's search index is loaded (and how old it is), the background
 * jobs' last runs (jobs/health.ts) and the mail queue's depth. The answer is 503 when the process
 * cannot serve — the database is down, or the search index is not loaded — and 200 otherwise,
 * `degraded` included (a late job is worth an alert, not taking the process out of rotation).
 * Asking also starts the index's first build, so a new process warms up under its own checks.
 */
import { and, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { PAID_STATUSES } from '../../domain/booking/lifecycle.ts';
import type { Db } from '../db/client.ts';
import { bookings } from '../db/schema.ts';
import { readHealth, type Health } from '../jobs/health.ts';
import type { SearchIndexStatus } from '../search/cache.ts';

/** How long the check waits for a first index build before answering "not ready". */
export const INDEX_WARM_WAIT_MS = 2_000;

export interface MailQueue {
  /** Paid bookings whose confirmation mail has not gone out yet. */
  confirmations_owed: number;
  /** Cancelled bookings whose cancellation mail has not gone out yet. */
  cancellations_owed: number;
}

export interface Readiness extends Omit<Health, 'status'> {
  status: Health['status'] | 'not_ready';
  search_index: SearchIndexStatus;
  mail_queue?: MailQueue;
}

export interface ReadinessDeps {
  /** Starts (or joins) the process's index build. */
  warmIndex: () => Promise<unknown>;
  indexStatus: () => SearchIndexStatus;
}

async function mailQueue(db: Db): Promise<MailQueue> {
  const [row] = await db
    .select({
      confirmations: sql<number>`count(*) filter (where ${and(inArray(bookings.status, [...PAID_STATUSES]), isNull(bookings.confirmationMailedAt))})::int`,
      cancellations: sql<number>`count(*) filter (where ${and(inArray(bookings.status, ['cancelled', 'refunded']), isNotNull(bookings.cancelledAt), isNull(bookings.cancellationMailedAt))})::int`,
    })
    .from(bookings);
  return { confirmations_owed: row?.confirmations ?? 0, cancellations_owed: row?.cancellations ?? 0 };
}

async function settlesWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]).catch(() => undefined);
  clearTimeout(timer);
}

export async function readReadiness(db: Db, now: Date, deps: ReadinessDeps): Promise<Readiness> {
  const health = await readHealth(db, now);
  if (health.status === 'down') return { ...health, search_index: deps.indexStatus() };
  await settlesWithin(deps.warmIndex(), INDEX_WARM_WAIT_MS);
  const queue = await mailQueue(db).catch(() => undefined);
  const search = deps.indexStatus();
  return {
    ...health,
    status: search.ready ? health.status : 'not_ready',
    search_index: search,
    ...(queue ? { mail_queue: queue } : {}),
  };
}

/** The HTTP status a load balancer acts on. */
export function readinessStatus(readiness: Readiness): 200 | 503 {
  return readiness.status === 'down' || readiness.status === 'not_ready' ? 503 : 200;
}
