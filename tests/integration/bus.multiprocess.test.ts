/**
 * Messages between server processes, on each transport that reaches another process: PostgreSQL
 * NOTIFY (TEST_DATABASE_URL) and Redis pub/sub (TEST_REDIS_URL). Two child processes
 * (busRunner.ts) hold the search index as a server does; a third party changes the network and
 * announces it; both rebuild at once — their clocks are frozen, so the periodic version
 * check cannot be what brought it. Negative control: a process that does not follow the bus
 * still shows the old version seconds later.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openBus } from '../../src/server/bus/index.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { announceInventoryChange, bumpInventoryVersion } from '../../src/server/network/inventoryVersion.ts';
import { insertCheckoutNetwork } from './checkoutNetwork.ts';
import { DATABASES, postgresUrl } from './databases.ts';

const postgres = DATABASES.find((d) => d.name === 'postgres');
const REDIS_URL = process.env.TEST_REDIS_URL || undefined;
if (!postgres) console.log('Multi-process bus tests SKIPPED: they need PostgreSQL (set TEST_DATABASE_URL).');
else if (!REDIS_URL) console.log('Multi-process bus test over Redis SKIPPED: set TEST_REDIS_URL to run it.');

const runner = fileURLToPath(new URL('./busRunner.ts', import.meta.url));

interface Runner {
  child: ChildProcess;
  versions: number[];
}

function startRunner(env: Record<string, string>, mode: 'follow' | 'no-bus'): Runner {
  const child = spawn(process.execPath, [runner, mode], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const versions: number[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    for (const match of chunk.toString().matchAll(/version (\d+)/g)) versions.push(Number(match[1]));
  });
  return { child, versions };
}

async function until(what: string, check: () => boolean, timeoutMs: number): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out after ${String(timeoutMs)} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - start;
}

const transports = [
  { name: 'PostgreSQL NOTIFY', redisUrl: undefined },
  ...(REDIS_URL ? [{ name: 'Redis pub/sub', redisUrl: REDIS_URL }] : []),
];

describe.skipIf(!postgres).each(transports)('search index refresh across processes over $name', ({ redisUrl }) => {
  let handle: DbHandle;
  let env: Record<string, string>;
  const running: Runner[] = [];

  beforeAll(async () => {
    if (!postgres) return;
    handle = await postgres.open();
    await insertCheckoutNetwork(handle.db, { bus: 40, boat: 4 });
    env = { DATABASE_URL: postgresUrl(handle), ...(redisUrl ? { REDIS_URL: redisUrl } : {}) };
  });

  afterEach(() => {
    for (const r of running.splice(0)) r.child.kill('SIGKILL');
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
    await until('both processes to build their index', () => a.versions.length > 0 && b.versions.length > 0, 30_000);
    // Subscribing happens right after the first build; give it a moment to be live.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const next = await changeNetwork();
    const tookMs = await until(`version ${String(next)} in both`, () => a.versions.includes(next) && b.versions.includes(next), 3_000);
    expect(tookMs).toBeLessThan(3_000);
  });

  it('negative control: a process that does not follow the bus keeps the old index', async () => {
    const follower = startRunner(env, 'follow');
    const deaf = startRunner(env, 'no-bus');
    running.push(follower, deaf);
    await until('both processes to build their index', () => follower.versions.length > 0 && deaf.versions.length > 0, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = deaf.versions.at(-1);
    const next = await changeNetwork();
    await until(`version ${String(next)} in the follower`, () => follower.versions.includes(next), 3_000);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(deaf.versions.at(-1)).toBe(before);
    expect(deaf.versions).not.toContain(next);
  });
});
