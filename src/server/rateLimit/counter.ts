/**
 * Rate limits that concurrency cannot get past (issue 16 item 2). An attempt is counted before
 * the work it limits (a password hash, a lookup), by one upsert per call that returns the new
 * count: PostgreSQL serialises the upserts of one key on its row, so 20 simultaneous attempts
 * see 1, 2, … 20 and only those within the limit go on. Checking a count first and recording
 * the attempt after the work let every racer read the same low count.
 *
 * Fixed windows per key: the first attempt opens a window of `windowMs`; once it has ended the
 * next attempt starts again at 1. Counters live in the database, so every server process shares
 * them (sessions, holds and idempotency keys live there too; no Redis is configured).
 */
import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema.ts';

export interface Limit {
  max: number;
  windowMs: number;
}

export interface Count {
  key: string;
  /** Attempts in the current window, this one included. */
  points: number;
  windowEndsAt: Date;
}

/** Counts one attempt under every key (distinct keys) in a single statement and returns the counts. */
export async function countAttempts(db: Db, keys: readonly { key: string; windowMs: number }[], now: Date): Promise<Map<string, Count>> {
  if (keys.length === 0) return new Map();
  const rows = keys.map(({ key, windowMs }) => sql`(${key}::text, 1, ${new Date(now.getTime() + windowMs).toISOString()}::timestamptz)`);
  const result = await db.execute(sql`
    insert into ${rateLimitCounters} (key, points, window_ends_at)
    values ${sql.join(rows, sql`, `)}
    on conflict (key) do update set
      points = case when ${rateLimitCounters.windowEndsAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimitCounters.points} + 1 end,
      window_ends_at = case when ${rateLimitCounters.windowEndsAt} <= ${now.toISOString()}::timestamptz
        then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end
    returning key, points, window_ends_at`);
  // Both drivers (node-postgres and PGlite) answer a raw statement with `{ rows }`.
  const { rows: counted } = result as { rows: { key: string; points: number; window_ends_at: Date | string }[] };
  // A new window opened: clear counters whose window has ended (through the index), so the table
  // holds only live windows however many addresses and accounts pass by.
  if (counted.some((r) => r.points === 1)) await pruneEndedWindows(db, now);
  return new Map(counted.map((r) => [r.key, { key: r.key, points: r.points, windowEndsAt: new Date(r.window_ends_at) }]));
}

/** Deletes the counters whose window ended (their next attempt would start again at 1 anyway). */
export async function pruneEndedWindows(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowEndsAt, now));
}

/** Seconds until the window of a count ends (for Retry-After). */
export function retryAfterSeconds(count: Count, now: Date): number {
  return Math.max(1, Math.ceil((count.windowEndsAt.getTime() - now.getTime()) / 1000));
}

/**
 * Counts one attempt under each scope; the wait in seconds when any scope is now past its limit,
 * otherwise null (go on).
 */
export async function consume(db: Db, scopes: readonly { key: string; limit: Limit }[], now: Date): Promise<number | null> {
  const counts = await countAttempts(
    db,
    scopes.map((s) => ({ key: s.key, windowMs: s.limit.windowMs })),
    now,
  );
  let wait: number | null = null;
  for (const { key, limit } of scopes) {
    const count = counts.get(key);
    if (count && count.points > limit.max) wait = Math.max(wait ?? 0, retryAfterSeconds(count, now));
  }
  return wait;
}

/** Starts the counts of these keys again (a successful sign-in clears its account's failures). */
export async function resetCounts(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length) await db.delete(rateLimitCounters).where(inArray(rateLimitCounters.key, [...keys]));
}

/** Takes one attempt back (a success that should not use up the address's allowance). */
export async function uncount(db: Db, key: string): Promise<void> {
  await db.execute(
    sql`update ${rateLimitCounters} set points = greatest(${rateLimitCounters.points} - 1, 0) where ${rateLimitCounters.key} = ${key}`,
  );
}
