/**
 * Done-when of issue 22: a manager closes the sales of a departure and a second server process
 * stops offering it at once. Two child processes (salesRunner.ts) search as a server does; the
 * test closes the night bus's sales through the service the op page calls, which announces the
 * change on the bus (PostgreSQL NOTIFY); both processes' searches drop the departure within
 * seconds although their clocks are frozen (the periodic version check cannot be what brought
 * it). Negative control: a process that does not follow the bus still offers it seconds later.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openBus } from '../../src/server/bus/index.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { setDepartureSales } from '../../src/server/ops/sales.ts';
import { networkForProcesses, startChild, stopChildren, until, type Child } from './childProcesses.ts';
import { DATABASES, postgresUrl } from './databases.ts';

const postgres = DATABASES.find((d) => d.name === 'postgres');
if (!postgres) console.log('Multi-process sales test SKIPPED: it needs PostgreSQL (set TEST_DATABASE_URL).');

/** A week from now: the child processes' index is built on the real clock, so the departure must be ahead of it. */
const SERVICE_DATE = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/** Starting a child (type stripping, loading the server modules, the first index) takes long on a busy machine. */
const STARTUP_MS = 150_000;

const runner = fileURLToPath(new URL('./salesRunner.ts', import.meta.url));

/** Trips the runner offered, one entry per change it saw (`version N trips K`). */
const tripsOf = (r: Child) =>
  r.lines.flatMap((l) => {
    const match = / trips (\d+)$/.exec(l);
    return match ? [Number(match[1])] : [];
  });

const startRunner = (env: Record<string, string>, mode: 'follow' | 'no-bus') => startChild(runner, [mode], env);

describe.skipIf(!postgres)('closing sales across server processes over PostgreSQL NOTIFY', () => {
  let handle: DbHandle;
  let env: Record<string, string>;
  let managerId: number;
  const running: Child[] = [];

  beforeAll(async () => {
    if (!postgres) return;
    handle = await postgres.open();
    managerId = await networkForProcesses(handle.db, 'manager@example.com', 'manager');
    env = { DATABASE_URL: postgresUrl(handle), SEARCH_DATE: SERVICE_DATE };
  });

  afterEach(() => {
    stopChildren(running);
  });

  afterAll(async () => {
    await handle.close();
  });

  async function setSales(open: boolean): Promise<void> {
    const bus = await openBus({ databaseUrl: env.DATABASE_URL });
    try {
      const change = await setDepartureSales(
        handle.db,
        { userId: managerId, role: 'manager' },
        { scheduleId: 1, serviceDate: SERVICE_DATE, reason: 'test' },
        open,
        null,
        bus,
      );
      expect(change.result).toBe(open ? 'reopened' : 'closed');
    } finally {
      await bus.close();
    }
  }

  const offered = (r: Child) => (tripsOf(r).at(-1) ?? 0) > 0;

  it('every following process stops offering the departure as soon as a manager closes its sales', { timeout: 200_000 }, async () => {
    const a = startRunner(env, 'follow');
    const b = startRunner(env, 'follow');
    running.push(a, b);
    await until('both processes to offer the bus', () => offered(a) && offered(b), STARTUP_MS, [a, b]);
    // Subscribing happens right after the first build; give it a moment to be live.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await setSales(false);
    const tookMs = await until('both processes to stop offering it', () => !offered(a) && !offered(b), 3_000);
    expect(tookMs).toBeLessThan(3_000);
    await setSales(true);
    await until('both processes to offer it again', () => offered(a) && offered(b), 3_000);
  });

  it('negative control: a process that does not follow the bus keeps offering the closed departure', { timeout: 200_000 }, async () => {
    const follower = startRunner(env, 'follow');
    const deaf = startRunner(env, 'no-bus');
    running.push(follower, deaf);
    await until('both processes to offer the bus', () => offered(follower) && offered(deaf), STARTUP_MS, [follower, deaf]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await setSales(false);
    await until('the follower to stop offering it', () => !offered(follower), 3_000);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(offered(deaf)).toBe(true);
  });
});
