/**
 * Analytics, client errors, bug reports and readiness (issue 25 items 4–6) on every test database:
 * the day-partitioned table, what the collector's calls keep and refuse, the funnel per day and
 * partner, the partition upkeep, and the bug report's recipients, repeat rule and rate limit.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyticsApi } from '../../src/server/analytics/api.ts';
import { funnel, funnelTotals } from '../../src/server/analytics/funnel.ts';
import { analyticsPartitionDays, dropOldAnalyticsPartitions, ensureAnalyticsPartitions } from '../../src/server/analytics/partitions.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { analyticsEvents, bugReports, clientErrors, sessionReplays, users } from '../../src/server/db/schema.ts';
import { readinessStatus, readReadiness } from '../../src/server/health/readiness.ts';
import type { MailMessage } from '../../src/server/mail/mailer.ts';
import { DATABASES } from './databases.ts';
import { travellerApiContext } from './travellerRequests.ts';

// A day whose partitions no migration has made yet (the migration makes the days around its own run).
const NOW = new Date('2027-03-10T10:00:00Z');
const DAY_MS = 86_400_000;

function post(path: string, body: unknown, address = '203.0.113.7') {
  return {
    ...travellerApiContext(`/api/nuxt/en/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    clientAddress: address,
  };
}

const pageView = (path: string, route = 'other') => ({ kind: 'page_view' as const, at: NOW.getTime(), path, data: { route } });

describe.each(DATABASES)('analytics on $name', (database) => {
  let handle: DbHandle;
  let clock = NOW;
  const mails: MailMessage[] = [];
  const api = () =>
    createAnalyticsApi({
      db: handle.db,
      now: () => clock,
      mailer: {
        send: (message) => {
          mails.push(message);
          return Promise.resolve();
        },
      },
    });

  beforeAll(async () => {
    handle = await database.open();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('keeps the events in a table partitioned by day', async () => {
    const kind = await handle.db.execute(sql`select c.relkind as kind, p.partstrat as strategy from pg_class c
      join pg_partitioned_table p on p.partrelid = c.oid where c.relname = 'analytics_events'`);
    expect((kind as { rows: unknown[] }).rows).toEqual([{ kind: 'p', strategy: 'r' }]);

    expect(await ensureAnalyticsPartitions(handle.db, NOW)).toBeGreaterThan(0);
    const days = await analyticsPartitionDays(handle.db);
    for (let i = 0; i <= 7; i++) expect(days).toContain(new Date(NOW.getTime() + i * DAY_MS).toISOString().slice(0, 10));
    expect(await ensureAnalyticsPartitions(handle.db, NOW)).toBe(0); // nothing twice

    const answer = await api().visitlog(
      post('analytics/visitlog', { visitor: 'visitor-0001', session: 'session-0001', events: [pageView('/en')] }),
    );
    expect(answer.status).toBe(202);
    const where = await handle.db.execute(
      sql`select tableoid::regclass::text as part from analytics_events where session_id = 'session-0001'`,
    );
    expect((where as { rows: { part: string }[] }).rows[0]?.part).toBe('analytics_events_p20270310');
  });

  it('moves rows kept by the default partition into the day partition made later, and drops expired days', async () => {
    const far = new Date(NOW.getTime() + 30 * DAY_MS);
    clock = far;
    await api().visitlog(post('analytics/visitlog', { visitor: 'visitor-0002', session: 'session-late', events: [pageView('/en')] }));
    clock = NOW;
    const before = await handle.db.execute(sql`select count(*)::int as n from analytics_events_default`);
    expect((before as { rows: { n: number }[] }).rows[0]?.n).toBe(1);

    await ensureAnalyticsPartitions(handle.db, far);
    const after = await handle.db.execute(
      sql`select tableoid::regclass::text as part from analytics_events where session_id = 'session-late'`,
    );
    expect((after as { rows: { part: string }[] }).rows).toEqual([
      { part: `analytics_events_p${far.toISOString().slice(0, 10).replaceAll('-', '')}` },
    ]);

    const dropped = await dropOldAnalyticsPartitions(handle.db, new Date(far.getTime() + DAY_MS), 2);
    expect(dropped).toContain('2027-03-10');
    const left = await handle.db.select().from(analyticsEvents);
    expect(left.map((r) => r.sessionId)).toEqual(['session-late']);
    await ensureAnalyticsPartitions(handle.db, NOW);
  });

  it('refuses a batch that does not parse and keeps none of it', async () => {
    const bad = await api().visitlog(
      post('analytics/visitlog', {
        visitor: 'visitor-0003',
        session: 'x',
        events: [pageView('/en'), { kind: 'teleport', at: 1, path: 'nope' }],
      }),
    );
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { code: string; fields: Record<string, string[]> } };
    expect(body.error.code).toBe('invalid_analytics');
    expect(Object.keys(body.error.fields)).toEqual(expect.arrayContaining(['session', 'events.1.kind', 'events.1.path']));
    const clickPath = Array.from({ length: 101 }, () => 'div');
    const tooLong = await api().visitlog(
      post('analytics/visitlog', {
        visitor: 'visitor-0003',
        session: 'session-0003',
        events: [{ kind: 'click', at: 1, path: '/en', data: { path: clickPath } }],
      }),
    );
    expect(tooLong.status).toBe(400);
    const kept = await handle.db.execute(sql`select count(*)::int as n from analytics_events where visitor_id = 'visitor-0003'`);
    expect((kept as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('counts each session once per funnel step, per day and partner', async () => {
    const steps = [
      { kind: 'search' as const, at: NOW.getTime(), path: '/en/bus/bangkok/chiang-mai', data: { trips: 4 } },
      pageView('/en/bus/bangkok/chiang-mai', 'search-results'),
      pageView('/en/add-to-cart/1-2'),
      pageView('/en/checkout/h1/step/passengers'),
      { kind: 'checkout_stage' as const, at: NOW.getTime(), path: '/en/pay/h1', data: { stage: 'Payment' } },
      pageView('/en/order/b1/payment/card/success'),
    ];
    const send = (session: string, events: unknown[], affiliate?: string) =>
      api().visitlog(post('analytics/visitlog', { visitor: `v-${session}`, session, events, ...(affiliate ? { affiliate } : {}) }));
    expect((await send('funnel-a', steps, 'acme')).status).toBe(202);
    await send('funnel-a', [steps[0]], 'acme'); // a second search of the same session
    await send('funnel-b', steps.slice(0, 3), 'acme');
    await send('funnel-c', steps.slice(0, 1)); // no partner: counted under the host
    const rows = await funnel(handle.db, { from: new Date(NOW.getTime() - DAY_MS), to: new Date(NOW.getTime() + DAY_MS) });
    expect(rows).toContainEqual({
      day: '2027-03-10',
      partner: 'acme',
      counts: { search: 2, add_to_cart: 2, passengers: 1, payment: 1, paid: 1 },
    });
    expect(rows.find((r) => r.partner === 'shop.test')?.counts.search).toBeGreaterThanOrEqual(1);
    const acme = await funnel(handle.db, { from: new Date(NOW.getTime() - DAY_MS), to: new Date(NOW.getTime() + DAY_MS), partner: 'acme' });
    expect(funnelTotals(acme)).toEqual({ search: 2, add_to_cart: 2, passengers: 1, payment: 1, paid: 1 });
    // Another day is another row: nothing of today's funnel shows for yesterday.
    expect(await funnel(handle.db, { from: new Date(NOW.getTime() - 2 * DAY_MS), to: new Date(NOW.getTime() - DAY_MS) })).toEqual([]);
  });

  it('records arrivals with their ad click ids, client errors and replay chunks', async () => {
    const arrival = await api().external(
      post('analytics/external', {
        visitor: 'visitor-0004',
        session: 'session-0004',
        path: '/en',
        referrer: 'https://search.example/q',
        click_ids: { gclid: 'g-1' },
      }),
    );
    expect(arrival.status).toBe(202);
    const [row] = await handle.db
      .select()
      .from(analyticsEvents)
      .where(sql`session_id = 'session-0004'`);
    expect(row).toMatchObject({
      kind: 'arrival',
      host: 'shop.test',
      data: { referrer: 'https://search.example/q', click_ids: { gclid: 'g-1' } },
    });
    expect(
      (
        await api().external(
          post('analytics/external', { visitor: 'visitor-0004', session: 'session-0004', path: '/en', click_ids: { evil: 'x' } }),
        )
      ).status,
    ).toBe(400);

    const errors = await api().clientErrors(
      post('analytics/client-errors', {
        session: 'session-0004',
        errors: [{ message: 'boom', path: '/en', count: 3, stack: 'Error: boom' }],
      }),
    );
    expect(errors.status).toBe(202);
    expect(await handle.db.select({ message: clientErrors.message, count: clientErrors.count }).from(clientErrors)).toEqual([
      { message: 'boom', count: 3 },
    ]);

    const replay = await api().replay(
      post('analytics/replay', { session: 'session-0004', seq: 0, path: '/en/pay/h', events: JSON.stringify([{ type: 4 }, { type: 2 }]) }),
    );
    expect(replay.status).toBe(202);
    expect(
      (await api().replay(post('analytics/replay', { session: 'session-0004', seq: 1, path: '/en', events: '{"not":"a list"}' }))).status,
    ).toBe(400);
    const chunks = await handle.db.select().from(sessionReplays);
    expect(chunks.map((c) => c.events)).toEqual([[{ type: 4 }, { type: 2 }]]);
  });

  it('mails a bug report to the staff of the roles named, once an hour unless forced, and limits the rate', async () => {
    await handle.db.insert(users).values([
      { email: 'support@example.test', role: 'support' },
      { email: 'manager@example.test', role: 'manager' },
      { email: 'traveller@example.test', role: 'user' },
    ]);
    mails.length = 0;
    const report = { recipients: ['support'], message: 'The search button does nothing on the Thai home page.' };
    const first = await api().bugReport(post('bug-report', report, '198.51.100.1'));
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ received: true, mailed: 1, duplicate: false });
    expect(mails.map((m) => m.to)).toEqual(['support@example.test']);

    const repeat = await api().bugReport(post('bug-report', report, '198.51.100.1'));
    expect(await repeat.json()).toEqual({ received: true, mailed: 0, duplicate: true });
    const forced = await api().bugReport(
      post('bug-report', { ...report, recipients: ['support', 'manager'], force: true }, '198.51.100.1'),
    );
    expect(await forced.json()).toEqual({ received: true, mailed: 2, duplicate: true });
    expect(mails).toHaveLength(3);
    expect(await handle.db.select().from(bugReports)).toHaveLength(3);

    // An address of the caller's choosing is refused: recipients are roles.
    const relay = await api().bugReport(
      post('bug-report', { recipients: ['someone@evil.test'], message: 'Please forward this to everybody.' }, '198.51.100.2'),
    );
    expect(relay.status).toBe(400);
    expect(((await relay.json()) as { error: { code: string } }).error.code).toBe('invalid_bug_report');

    for (let i = 0; i < 2; i++)
      await api().bugReport(post('bug-report', { ...report, message: `${report.message} (${String(i)})` }, '198.51.100.1'));
    const limited = await api().bugReport(post('bug-report', { ...report, message: 'One report too many this hour.' }, '198.51.100.1'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('tells a load balancer "not ready" (503) until the search index is loaded, and its age after', async () => {
    const notLoaded = { ready: false, version: null, built_at: null, age_ms: null, building: true };
    const cold = await readReadiness(handle.db, NOW, {
      warmIndex: () => Promise.reject(new Error('no network yet')),
      indexStatus: () => notLoaded,
    });
    expect(cold.status).toBe('not_ready');
    expect(cold.database.ok).toBe(true);
    expect(readinessStatus(cold)).toBe(503);
    const loaded = { ready: true, version: 3, built_at: NOW.toISOString(), age_ms: 1200, building: false };
    const warm = await readReadiness(handle.db, NOW, { warmIndex: () => Promise.resolve(), indexStatus: () => loaded });
    expect(warm.search_index).toEqual(loaded);
    expect(warm.status).toBe('degraded'); // the server's jobs never ran in this database: worth an alert, still serving
    expect(readinessStatus(warm)).toBe(200);
    expect(warm.mail_queue).toEqual({ confirmations_owed: 0, cancellations_owed: 0 });
  });

  it('answers ping without the database', async () => {
    const answer = await api().ping(post('ping', {}));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ pong: true, time: NOW.toISOString() });
  });
});
