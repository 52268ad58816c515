/**
 * Keeps the day partitions of analytics_events ahead of time (migration 0017 holds the SQL
 * function): today and the next PARTITION_DAYS_AHEAD days, so a row never has to fall into the
 * default partition; and drops the days older than the retention, which is a quick
 * `DROP TABLE` of a partition instead of a slow delete.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export const PARTITION_DAYS_AHEAD = 7;

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Makes the missing partitions; the number made. */
export async function ensureAnalyticsPartitions(db: Db, now: Date): Promise<number> {
  const result = await db.execute(sql`select analytics_ensure_partitions(${utcDay(now)}::date, ${PARTITION_DAYS_AHEAD + 1}) as made`);
  return (result as { rows: { made: number }[] }).rows[0]?.made ?? 0;
}

/** The day partitions that exist, oldest first (YYYY-MM-DD). */
export async function analyticsPartitionDays(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select child.relname as name from pg_inherits
    join pg_class parent on parent.oid = pg_inherits.inhparent
    join pg_class child on child.oid = pg_inherits.inhrelid
    where parent.relname = 'analytics_events' and child.relname like 'analytics_events_p%'
    order by child.relname`);
  return (result as { rows: { name: string }[] }).rows.map(({ name }) => {
    const d = name.slice('analytics_events_p'.length);
    return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
  });
}

/** Drops the partitions of days before `now - retentionDays`; the days dropped. */
export async function dropOldAnalyticsPartitions(db: Db, now: Date, retentionDays: number): Promise<string[]> {
  const cutoff = utcDay(new Date(now.getTime() - retentionDays * 86_400_000));
  const old = (await analyticsPartitionDays(db)).filter((day) => day < cutoff);
  for (const day of old) await db.execute(sql.raw(`drop table if exists analytics_events_p${day.replaceAll('-', '')}`));
  return old;
}
