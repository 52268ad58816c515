/**
 * The run record of each job (`job_runs`), written by the process that runs it and read by
 * `GET /api/health` in any process. Two small upserts per run; the busiest jobs run once a second.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobRuns } from '../db/schema.ts';

export async function recordStart(db: Db, job: { name: string; intervalMs: number }, at: Date, runBy: string): Promise<void> {
  await db
    .insert(jobRuns)
    .values({ name: job.name, intervalMs: job.intervalMs, lastStartedAt: at, runBy })
    .onConflictDoUpdate({ target: jobRuns.name, set: { intervalMs: job.intervalMs, lastStartedAt: at, runBy } });
}

export async function recordFinish(db: Db, name: string, at: Date, error?: string): Promise<void> {
  await db
    .update(jobRuns)
    .set(
      error === undefined
        ? { lastFinishedAt: at, runs: sql`${jobRuns.runs} + 1` }
        : {
            lastFinishedAt: at,
            runs: sql`${jobRuns.runs} + 1`,
            failures: sql`${jobRuns.failures} + 1`,
            lastError: error.slice(0, 500),
            lastErrorAt: at,
          },
    )
    .where(sql`${jobRuns.name} = ${name}`);
}
