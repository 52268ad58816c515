/**
 * The scheduler in one process (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): jobs run
 * on their interval only while the process leads, every failure is logged with the job's name
 * and kept in `job_runs`, and the health report reads each job's last run, lag and error from
 * there — and says "down" when the database does not answer. Across processes:
 * jobs.multiprocess.test.ts.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { eq } from 'drizzle-orm';
import { bookings, carts, eventDeliveries, jobRuns } from '../../src/server/db/schema.ts';
import { MAX_ATTEMPTS } from '../../src/server/events/dispatch.ts';
import { recordEvent } from '../../src/server/events/record.ts';
import { jobHealth, readHealth } from '../../src/server/jobs/health.ts';
import type { Leadership } from '../../src/server/jobs/leader.ts';
import { JOB_NAMES } from '../../src/server/jobs/list.ts';
import { createScheduler } from '../../src/server/jobs/scheduler.ts';
import { DATABASES } from './databases.ts';
import { healthAnswer } from '../../src/server/api/answers/meta.ts';
import { unlistedFields } from '../../src/server/api/declared.ts';
import { readReadiness } from '../../src/server/health/readiness.ts';

function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DATABASES)('background jobs on $name', ({ open }) => {
  let handle: DbHandle;

  beforeAll(async () => {
    handle = await open();
  });

  afterAll(async () => {
    await handle.close();
  });

  it('runs jobs only while leading, and logs and records every failure with the job name', async () => {
    let leading = false;
    const leadership: Leadership = { isLeader: () => leading, start: () => undefined, stop: () => Promise.resolve() };
    let ticks = 0;
    const { log, lines } = capturedLogger();
    const scheduler = createScheduler({
      db: handle.db,
      leadership,
      log,
      jobs: [
        { name: 'test-ticker', intervalMs: 100, run: () => Promise.resolve(++ticks) },
        { name: 'test-broken', intervalMs: 100, run: () => Promise.reject(new Error('the mail server is down')) },
      ],
    });
    scheduler.start();
    await wait(400);
    expect(ticks).toBe(0); // a follower does nothing
    leading = true;
    await wait(700);
    leading = false;
    await wait(300);
    const afterLeading = ticks;
    await wait(300);
    await scheduler.stop();
    expect(afterLeading).toBeGreaterThanOrEqual(3);
    expect(ticks).toBe(afterLeading); // stopped with the leadership

    const runs = await handle.db.select().from(jobRuns);
    const ticker = runs.find((r) => r.name === 'test-ticker');
    const broken = runs.find((r) => r.name === 'test-broken');
    expect(ticker).toMatchObject({ intervalMs: 100, runs: ticks, failures: 0, lastError: null });
    expect(ticker?.runBy).toMatch(new RegExp(`:${String(process.pid)}$`));
    expect(broken?.failures).toBe(broken?.runs);
    expect(broken?.lastError).toBe('the mail server is down');
    const failures = lines.filter((l) => l.msg === 'job failed');
    expect(failures.length).toBe(broken?.failures);
    expect(failures[0]).toMatchObject({ level: 50, job: 'test-broken', err: 'the mail server is down' });
  });

  it('reports each job with its last run, lag and last error, degraded while a job never ran', async () => {
    const now = new Date();
    const health = await readHealth(handle.db, now);
    expect(health.database).toEqual({ ok: true });
    // The server's own jobs have not run in this database: they are listed, and late.
    for (const name of JOB_NAMES) expect(health.jobs.find((j) => j.name === name)).toMatchObject({ lag_ms: null, late: true, runs: 0 });
    expect(health.status).toBe('degraded');
    expect(health.events).toEqual({ pending: 0, retrying: 0, given_up: 0 });
    const broken = health.jobs.find((j) => j.name === 'test-broken');
    expect(broken).toMatchObject({ interval_ms: 100, last_error: 'the mail server is down' });
    expect(broken?.lag_ms).toBeGreaterThan(0);

    // GET /api/health answers this report (a plain route file, outside endpoint()'s checks): its declared schema describes it, field by field.
    const index = { ready: true, version: 3, built_at: now.toISOString(), age_ms: 5, building: false };
    const readiness = JSON.parse(
      JSON.stringify(await readReadiness(handle.db, now, { warmIndex: () => Promise.resolve(), indexStatus: () => index })),
    ) as unknown;
    const parsed = healthAnswer.safeParse(readiness);
    expect(parsed.error).toBeUndefined();
    expect(unlistedFields(readiness, parsed.data)).toEqual([]);

    // Lag: how much later than its interval the next start is now.
    const row = {
      name: 'x',
      intervalMs: 30_000,
      lastStartedAt: new Date(now.getTime() - 45_000),
      lastFinishedAt: new Date(now.getTime() - 44_000),
      lastError: null,
      lastErrorAt: null,
      runs: 3,
      failures: 0,
      runBy: 'host:1',
    };
    expect(jobHealth('x', row, now)).toMatchObject({ lag_ms: 15_000, late: false });
    expect(jobHealth('x', { ...row, lastStartedAt: new Date(now.getTime() - 95_000) }, now)).toMatchObject({ lag_ms: 65_000, late: true });
    expect(jobHealth('x', { ...row, lastStartedAt: new Date(now.getTime() - 10_000) }, now)).toMatchObject({ lag_ms: 0, late: false });
  });

  it('counts event deliveries waiting, retrying and given up; one given up makes the report degraded', async () => {
    const [cart] = await handle.db
      .insert(carts)
      .values({ hash: 'health-cart', lang: 'en', currency: 'THB', people: 1 })
      .returning({ id: carts.id });
    const [booking] = await handle.db
      .insert(bookings)
      .values({
        reference: 'HEALTH1',
        cartId: cart?.id ?? 0,
        status: 'confirmed',
        lang: 'en',
        currency: 'THB',
        people: 1,
        totalMinor: 100,
        holdExpiresAt: new Date(),
      })
      .returning({ id: bookings.id });
    const payload = { paymentId: 1, paygate: 'counter', amountMinor: 100, currency: 'THB', status: 'confirmed' as const };
    await recordEvent(handle.db, { kind: 'booking.paid', bookingId: booking?.id ?? 0, payload }, new Date());
    // Three subscribers: the confirmation mail, the reseller's commission and analytics.
    expect((await readHealth(handle.db, new Date())).events).toEqual({ pending: 3, retrying: 0, given_up: 0 });
    await handle.db.update(eventDeliveries).set({ attempts: 3, lastError: 'SMTP down' }).where(eq(eventDeliveries.subscriber, 'analytics'));
    await handle.db
      .update(eventDeliveries)
      .set({ attempts: MAX_ATTEMPTS, lastError: 'SMTP down' })
      .where(eq(eventDeliveries.subscriber, 'mail.confirmation'));
    const health = await readHealth(handle.db, new Date());
    expect(health.events).toEqual({ pending: 2, retrying: 1, given_up: 1 });
    expect(health.status).toBe('degraded');
  });

  it('says the database is down when it does not answer', async () => {
    const other = await open();
    await other.close();
    const health = await readHealth(other.db, new Date());
    expect(health.status).toBe('down');
    expect(health.database.ok).toBe(false);
    expect(health.database.error).toBeTruthy();
  });
});
