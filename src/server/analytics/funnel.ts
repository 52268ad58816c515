/**
 * The booking funnel for the operators area (issue 25 item 4): for each UTC day and partner,
 * how many sessions reached each stage — searches → add to cart → passengers → payment → paid.
 * A partner is the affiliate id the visit arrived with, or else the host it was made on (a
 * partner's own domain). Sessions are counted once per stage however often they repeat it.
 * Only the partitions of the days asked for are read (the range is on the partition key).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { FUNNEL_STAGES, type FunnelStage } from '../../domain/analytics/events.ts';

export interface FunnelRow {
  day: string;
  partner: string;
  counts: Record<FunnelStage, number>;
}

export interface FunnelQuery {
  from: Date;
  /** Exclusive. */
  to: Date;
  partner?: string | undefined;
}

export async function funnel(db: Db, query: FunnelQuery): Promise<FunnelRow[]> {
  const result = await db.execute(sql`
    select to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD') as day,
      coalesce(affiliate_id, host) as partner,
      stage,
      count(distinct session_id)::int as sessions
    from analytics_events
    where stage is not null and recorded_at >= ${query.from.toISOString()}::timestamptz and recorded_at < ${query.to.toISOString()}::timestamptz
      ${query.partner ? sql`and coalesce(affiliate_id, host) = ${query.partner}` : sql``}
    group by 1, 2, 3`);
  const rows = (result as { rows: { day: string; partner: string; stage: string; sessions: number }[] }).rows;
  const byKey = new Map<string, FunnelRow>();
  for (const row of rows) {
    if (!(FUNNEL_STAGES as readonly string[]).includes(row.stage)) continue;
    const key = `${row.day}\n${row.partner}`;
    let entry = byKey.get(key);
    if (!entry) {
      entry = { day: row.day, partner: row.partner, counts: { search: 0, add_to_cart: 0, passengers: 0, payment: 0, paid: 0 } };
      byKey.set(key, entry);
    }
    entry.counts[row.stage as FunnelStage] = row.sessions;
  }
  // Newest day first; within a day, the partner with the most searches first.
  return [...byKey.values()].sort(
    (a, b) => b.day.localeCompare(a.day) || b.counts.search - a.counts.search || a.partner.localeCompare(b.partner),
  );
}

/** The whole funnel's totals over the rows. */
export function funnelTotals(rows: readonly FunnelRow[]): Record<FunnelStage, number> {
  const totals = { search: 0, add_to_cart: 0, passengers: 0, payment: 0, paid: 0 };
  for (const row of rows) for (const stage of FUNNEL_STAGES) totals[stage] += row.counts[stage];
  return totals;
}
