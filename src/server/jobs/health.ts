/**
 * `GET /api/health`: whether the database answers, and for each background job its last run,
 * its lag (how much later than its interval its next start is now) and its last error. Read from
 * `job_runs`, so any server process answers the same, whichever one leads. A job that never ran
 * or lags more than twice its interval (and at least 10 s), or an event delivery given up after
 * its last retry, makes the answer "degraded"; a
 * database that does not answer makes it "down" with 503.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobRuns } from '../db/schema.ts';
import { MAX_ATTEMPTS } from '../events/dispatch.ts';
import { JOB_NAMES } from './list.ts';

const DATABASE_TIMEOUT_MS = 3_000;

export interface JobHealth {
  name: string;
  interval_ms: number | null;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_run_by: string | null;
  runs: number;
  failures: number;
  last_error: string | null;
  last_error_at: string | null;
  /** Milliseconds past the moment the next run was due; 0 when on time, null when it never ran. */
  lag_ms: number | null;
  late: boolean;
}

/** Event deliveries not yet made: waiting, failing and retried, or given up after MAX_ATTEMPTS (a mail or refund that never happened). */
export interface EventBacklog {
  pending: number;
  retrying: number;
  given_up: number;
}

export interface Health {
  status: 'ok' | 'degraded' | 'down';
  checked_at: string;
  database: { ok: boolean; error?: string };
  jobs: JobHealth[];
  events?: EventBacklog;
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`no answer within ${String(ms)} ms`));
    }, ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function jobHealth(name: string, row: typeof jobRuns.$inferSelect | undefined, now: Date): JobHealth {
  const started = row?.lastStartedAt ?? null;
  const interval = row?.intervalMs ?? null;
  const lag = started && interval !== null ? Math.max(0, now.getTime() - (started.getTime() + interval)) : null;
  return {
    name,
    interval_ms: interval,
    last_started_at: started?.toISOString() ?? null,
    last_finished_at: row?.lastFinishedAt?.toISOString() ?? null,
    last_run_by: row?.runBy ?? null,
    runs: row?.runs ?? 0,
    failures: row?.failures ?? 0,
    last_error: row?.lastError ?? null,
    last_error_at: row?.lastErrorAt?.toISOString() ?? null,
    lag_ms: lag,
    late: lag === null || interval === null || lag > Math.max(2 * interval, 10_000),
  };
}

export async function readHealth(db: Db, now: Date): Promise<Health> {
  const checked = now.toISOString();
  let rows: (typeof jobRuns.$inferSelect)[];
  let events: EventBacklog;
  try {
    [rows, events] = await withTimeout(
      Promise.all([
        db.select().from(jobRuns),
        // Only undelivered rows: the index on delivered_at keeps this small however long the history.
        db
          .execute(
            sql`select count(*) filter (where attempts < ${MAX_ATTEMPTS})::int as pending,
              count(*) filter (where attempts < ${MAX_ATTEMPTS} and last_error is not null)::int as retrying,
              count(*) filter (where attempts >= ${MAX_ATTEMPTS})::int as given_up
            from event_deliveries where delivered_at is null`,
          )
          .then((result) => {
            const [row] = (result as { rows: EventBacklog[] }).rows;
            return row ?? { pending: 0, retrying: 0, given_up: 0 };
          }),
      ]),
      DATABASE_TIMEOUT_MS,
    );
  } catch (error) {
    return {
      status: 'down',
      checked_at: checked,
      database: { ok: false, error: error instanceof Error ? error.message : String(error) },
      jobs: [],
    };
  }
  const byName = new Map(rows.map((r) => [r.name, r]));
  const names = [...new Set([...JOB_NAMES, ...byName.keys()])];
  const jobs = names.map((name) => jobHealth(name, byName.get(name), now));
  const degraded = jobs.some((j) => j.late) || events.given_up > 0;
  return { status: degraded ? 'degraded' : 'ok', checked_at: checked, database: { ok: true }, jobs, events };
}
