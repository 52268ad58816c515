/**
 * Background jobs across processes, on PostgreSQL only (PGlite is one process by construction).
 * Two child processes (jobRunner.ts) run the real scheduler against one database with 200 of
 * each kind of due work: webhook outbox rows (posted to this test's HTTP server), domain event
 * deliveries, and `tally` items that only leader election protects. Each item is handled once,
 * none is skipped, all by the one leader; kill -9 the leader and the other process takes over
 * within a few seconds. The negative control runs the same processes with election off and
 * observes `tally` items handled twice — evidence that the advisory lock, not luck, keeps the
 * first run exact.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { carts, bookings, webhookOutbox } from '../../src/server/db/schema.ts';
import { recordEvent } from '../../src/server/events/record.ts';
import { readHealth } from '../../src/server/jobs/health.ts';
import { DATABASES, TEST_DATABASE_URL } from './databases.ts';

const postgres = DATABASES.find((d) => d.name === 'postgres');
if (!postgres) console.log('Multi-process job tests SKIPPED: they need PostgreSQL (set TEST_DATABASE_URL).');

const ITEMS = 200;
const runner = fileURLToPath(new URL('./jobRunner.ts', import.meta.url));

interface Child {
  process: ChildProcess;
  pid: number;
  leader: Promise<number>;
}

function startRunner(url: string, mode: 'elect' | 'no-election'): Child {
  const child = spawn(process.execPath, [runner, url, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  let announce: (pid: number) => void = () => undefined;
  const leader = new Promise<number>((resolve) => (announce = resolve));
  let buffer = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (const match of buffer.matchAll(/leader (\d+)/g)) announce(Number(match[1]));
  });
  return { process: child, pid: child.pid ?? -1, leader };
}

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!postgres)('background jobs across two processes (PostgreSQL)', () => {
  let handle: DbHandle;
  let url: string;
  let hook: Server;
  const posts = new Map<string, number>();
  const children: Child[] = [];

  const rows = async <T>(query: ReturnType<typeof sql>) => {
    // Both drivers answer a raw statement with `{ rows }`; the driver-neutral type does not say so.
    const result: unknown = await handle.db.execute(query);
    return (result as { rows: T[] }).rows;
  };

  beforeAll(async () => {
    if (!postgres || !TEST_DATABASE_URL) return;
    handle = await postgres.open();
    // The per-file database postgres.open() made: the children connect to the same one.
    const [{ name } = { name: '' }] = await rows<{ name: string }>(sql`select current_database() as name`);
    const own = new URL(TEST_DATABASE_URL);
    own.pathname = `/${name}`;
    url = own.toString();
    await handle.db.execute(sql`create table job_test_items (id int primary key, handled boolean not null default false)`);
    await handle.db.execute(sql`create table job_test_log (kind text not null, item bigint not null, pid int not null)`);
    hook = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const id = (JSON.parse(body) as { id: string }).id;
        posts.set(id, (posts.get(id) ?? 0) + 1);
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  });

  afterEach(async () => {
    for (const child of children.splice(0)) {
      child.process.kill('SIGKILL');
      if (child.process.exitCode === null && !child.process.signalCode) await new Promise((resolve) => child.process.once('exit', resolve));
    }
  });

  afterAll(async () => {
    hook.close();
    await handle.close();
  });

  async function addWork(from: number, count: number): Promise<void> {
    const port = (hook.address() as AddressInfo).port;
    const [cart] = await handle.db
      .insert(carts)
      .values({ hash: `jobs-${String(from)}`, lang: 'en', currency: 'THB', people: 1 })
      .returning({ id: carts.id });
    const [booking] = await handle.db
      .insert(bookings)
      .values({
        reference: `JOB${String(from)}`,
        cartId: cart?.id ?? 0,
        status: 'confirmed',
        lang: 'en',
        currency: 'THB',
        people: 1,
        totalMinor: 100,
        holdExpiresAt: new Date(),
      })
      .returning({ id: bookings.id });
    const bookingId = booking?.id ?? 0;
    const now = new Date(Date.now() - 1000);
    for (let i = from; i < from + count; i++) {
      await handle.db.execute(sql`insert into job_test_items (id) values (${i})`);
      await handle.db.insert(webhookOutbox).values({
        eventId: `evt_${String(i)}`,
        url: `http://127.0.0.1:${String(port)}/hook`,
        body: JSON.stringify({ id: `evt_${String(i)}` }),
      });
      await recordEvent(
        handle.db,
        { kind: 'payment.failed', bookingId, payload: { paymentId: i + 1, paygate: 'counter', failureCode: 'expired' } },
        now,
      );
    }
  }

  const tallies = () => rows<{ item: string; pid: number }>(sql`select item, pid from job_test_log where kind = 'tally'`);
  const eventLog = () => rows<{ item: string; pid: number }>(sql`select item, pid from job_test_log where kind = 'event'`);
  const unhandled = async () =>
    (await rows<{ n: number }>(sql`select count(*)::int as n from job_test_items where not handled`))[0]?.n ?? -1;
  const undelivered = async () =>
    (await rows<{ n: number }>(sql`select count(*)::int as n from event_deliveries where delivered_at is null`))[0]?.n ?? -1;

  it('handles every item once, by one leader, and a standby takes over within seconds of a kill -9', async () => {
    await addWork(0, ITEMS);
    const a = startRunner(url, 'elect');
    const b = startRunner(url, 'elect');
    children.push(a, b);
    const leaderPid = await Promise.race([a.leader, b.leader]);
    await until('the first 200 items', async () =>
      (await unhandled()) === 0 && (await undelivered()) === 0 && posts.size === ITEMS ? true : undefined,
    );

    const tally = await tallies();
    expect(tally).toHaveLength(ITEMS); // none twice, none skipped
    expect(new Set(tally.map((t) => Number(t.item))).size).toBe(ITEMS);
    expect(new Set(tally.map((t) => t.pid))).toEqual(new Set([leaderPid]));
    const deliveries = await eventLog();
    expect(deliveries).toHaveLength(ITEMS * 1); // payment.failed has one subscriber (analytics)
    expect(new Set(deliveries.map((d) => d.item)).size).toBe(ITEMS);
    expect([...posts.values()].every((n) => n === 1)).toBe(true);
    const health = await readHealth(handle.db, new Date());
    expect(health.database.ok).toBe(true);
    expect(health.jobs.find((j) => j.name === 'tally')?.last_run_by).toMatch(new RegExp(`:${String(leaderPid)}$`));

    // The leader dies without a word; its session, and the advisory lock with it, ends.
    const [leader, standby] = a.pid === leaderPid ? [a, b] : [b, a];
    leader.process.kill('SIGKILL');
    const killedAt = Date.now();
    expect(await standby.leader).toBe(standby.pid);
    const leadsAfterMs = Date.now() - killedAt;
    await addWork(ITEMS, 100);
    await until(
      'the standby to handle the new items',
      async () => ((await unhandled()) === 0 && (await undelivered()) === 0 ? true : undefined),
      20_000,
    );
    const takeoverMs = Date.now() - killedAt;
    console.log(
      `after kill -9 the standby led in ${String(leadsAfterMs)} ms and had written and finished 100 new items in ${String(takeoverMs)} ms`,
    );
    // "Within seconds", not a speed target: the bound leaves room for a busy machine (5.6 s was
    // seen at load 18 on two cores); the time itself is printed above.
    expect(takeoverMs).toBeLessThan(15_000);
    const after = await tallies();
    expect(after).toHaveLength(ITEMS + 100);
    expect(new Set(after.map((t) => Number(t.item))).size).toBe(ITEMS + 100);
    expect(after.filter((t) => Number(t.item) >= ITEMS).every((t) => t.pid === standby.pid)).toBe(true);
  });

  it('negative control: with leader election off both processes run the jobs and items are handled twice', async () => {
    await handle.db.execute(sql`delete from job_test_log`);
    await addWork(1000, ITEMS);
    children.push(startRunner(url, 'no-election'), startRunner(url, 'no-election'));
    await until('the items', async () => ((await unhandled()) === 0 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const tally = await tallies();
    const twice = tally.length - new Set(tally.map((t) => Number(t.item))).size;
    console.log(`without leader election: ${String(tally.length)} tally runs for ${String(ITEMS)} items (${String(twice)} duplicates)`);
    expect(twice).toBeGreaterThan(0);
  });
});
