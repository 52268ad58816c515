/**
 * Messages between server processes, on each transport that reaches another process: PostgreSQL
 * NOTIFY (TEST_DATABASE_URL) and Redis pub/sub (TEST_REDIS_URL). Two child processes
 * (busRunner.ts) hold the search index as a server does; a third party changes the network and
 * announces it; both rebuild at once — their clocks are frozen, so the periodic version
 * check cannot be what brought it. Negative control: a process that does not follow the bus
 * still shows the old version seconds later.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openBus } from '../../src/server/bus/index.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { announceInventoryChange, bumpInventoryVersion } from '../../src/server/network/inventoryVersion.ts';
import { insertCheckoutNetwork } from './checkoutNetwork.ts';
import { BUS_TRANSPORTS, noteRedisSkipped, startChild, stopChildren, until, type Child } from './childProcesses.ts';
import { DATABASES, postgresUrl } from './databases.ts';

const postgres = DATABASES.find((d) => d.name === 'postgres');
if (!postgres) console.log('Multi-process bus tests SKIPPED: they need PostgreSQL (set TEST_DATABASE_URL).');
else noteRedisSkipped('Multi-process bus test');

const runner = fileURLToPath(new URL('./busRunner.ts', import.meta.url));

/** The index versions a runner printed (`version N`), in order. */
const versionsOf = (r: Child) => r.lines.flatMap((l) => (/^version (\d+)$/.exec(l) ? [Number(l.slice('version '.length))] : []));

const startRunner = (env: Record<string, string>, mode: 'follow' | 'no-bus') => startChild(runner, [mode], env);

describe.skipIf(!postgres).each(BUS_TRANSPORTS)('search index refresh across processes over $name', ({ redisUrl }) => {
  let handle: DbHandle;
  let env: Record<string, string>;
  const running: Child[] = [];

  beforeAll(async () => {
    if (!postgres) return;
    handle = await postgres.open();
    await insertCheckoutNetwork(handle.db, { bus: 40, boat: 4 });
    env = { DATABASE_URL: postgresUrl(handle), ...(redisUrl ? { REDIS_URL: redisUrl } : {}) };
  });

  afterEach(() => {
    stopChildren(running);
  });

  afterAll(async () => {
    await handle.close();
  });

  async function changeNetwork(): Promise<number> {
    const version = await handle.db.transaction((tx) => bumpInventoryVersion(tx));
    const bus = await openBus({ redisUrl, databaseUrl: env.DATABASE_URL });
    try {
      await announceInventoryChange(bus, version);
    } finally {
      await bus.close();
    }
    return version;
  }

  it('rebuilds the index of every process as soon as the change is announced', async () => {
    const a = startRunner(env, 'follow');
    const b = startRunner(env, 'follow');
    running.push(a, b);
    await until('both processes to build their index', () => versionsOf(a).length > 0 && versionsOf(b).length > 0, 30_000);
    // Subscribing happens right after the first build; give it a moment to be live.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const next = await changeNetwork();
    const tookMs = await until(
      `version ${String(next)} in both`,
      () => versionsOf(a).includes(next) && versionsOf(b).includes(next),
      3_000,
    );
    expect(tookMs).toBeLessThan(3_000);
  });

  it('negative control: a process that does not follow the bus keeps the old index', async () => {
    const follower = startRunner(env, 'follow');
    const deaf = startRunner(env, 'no-bus');
    running.push(follower, deaf);
    await until('both processes to build their index', () => versionsOf(follower).length > 0 && versionsOf(deaf).length > 0, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = versionsOf(deaf).at(-1);
    const next = await changeNetwork();
    await until(`version ${String(next)} in the follower`, () => versionsOf(follower).includes(next), 3_000);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(versionsOf(deaf).at(-1)).toBe(before);
    expect(versionsOf(deaf)).not.toContain(next);
  });
});
