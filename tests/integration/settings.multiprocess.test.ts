/**
 * Site settings reach every server process (issue 22, /{lang}/op/settings), on each transport the
 * bus uses between processes: PostgreSQL NOTIFY (TEST_DATABASE_URL) and Redis pub/sub
 * (TEST_REDIS_URL, as the server uses it when REDIS_URL is set). Two child processes share one
 * PostgreSQL database (settingsRunner.ts): an admin lengthens the seat hold through process A, and
 * process B's next reservation is held for the new minutes within moments — B's clock is frozen,
 * so its 30-second re-read never comes due and only the broadcast can have brought the value.
 * Negative control: a process B that does not follow the bus, having read the old value before
 * the change, still holds for the old minutes seconds after it.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { siteSettings } from '../../src/server/db/schema.ts';
import { BUS_TRANSPORTS, networkForProcesses, noteRedisSkipped, startChild, stopChildren, until, type Child } from './childProcesses.ts';
import { DATABASES, postgresUrl } from './databases.ts';

const postgres = DATABASES.find((d) => d.name === 'postgres');
if (!postgres) console.log('Multi-process settings tests SKIPPED: they need PostgreSQL (set TEST_DATABASE_URL).');
else noteRedisSkipped('Multi-process settings tests');

/** A week ahead: the children reserve on the real (frozen) clock, so the bus must still be to come. */
const SERVICE_DATE = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
/** The configured hold (HOLD_MINUTES' default) and the admin's new one. */
const DEFAULT_MINUTES = 20;
const NEW_MINUTES = 45;
/** Well under the 30 s after which a process reads its settings again by itself. */
const BROADCAST_MS = 5_000;
/** Starting a child (type stripping, loading the server modules, the index) is slow on a busy machine. */
const STARTUP_MS = 150_000;

const runner = fileURLToPath(new URL('./settingsRunner.ts', import.meta.url));

const start = (env: Record<string, string>, args: string[]) => startChild(runner, args, env);

/** Sends a command and waits for its answer line (the first new line starting with `prefix`). */
async function ask(c: Child, command: string, prefix: string, timeoutMs = 30_000): Promise<string> {
  const before = c.lines.length;
  c.child.stdin?.write(`${command}\n`);
  await until(`"${command}" to be answered`, () => c.lines.slice(before).some((l) => l.startsWith(prefix)), timeoutMs, [c]);
  return c.lines.slice(before).find((l) => l.startsWith(prefix)) ?? '';
}

const heldMinutes = async (b: Child) => Number((await ask(b, 'reserve', 'held ')).slice('held '.length));

describe.skipIf(!postgres).each(BUS_TRANSPORTS)('site settings across server processes over $name', ({ redisUrl }) => {
  let handle: DbHandle;
  let env: Record<string, string>;
  let adminId: number;
  const running: Child[] = [];

  beforeAll(async () => {
    if (!postgres) return;
    handle = await postgres.open();
    adminId = await networkForProcesses(handle.db, 'admin@example.com', 'admin');
    env = { DATABASE_URL: postgresUrl(handle), ...(redisUrl ? { REDIS_URL: redisUrl } : {}) };
  });

  afterEach(async () => {
    stopChildren(running);
    // Each case starts from the configured default.
    await handle.db.delete(siteSettings);
  });

  afterAll(async () => {
    await handle.close();
  });

  /** Process A (the admin's) and process B (a traveller's), both ready, B holding once at the old value. */
  async function processes(mode: 'follow' | 'no-bus'): Promise<{ a: Child; b: Child }> {
    const a = start(env, ['admin', String(adminId)]);
    const b = start(env, ['reserve', mode, SERVICE_DATE]);
    running.push(a, b);
    await until('both processes to start', () => a.lines.includes('ready') && b.lines.includes('ready'), STARTUP_MS, [a, b]);
    expect(await heldMinutes(b)).toBe(DEFAULT_MINUTES);
    // B subscribes on its first read of the settings; give its LISTEN (or SUBSCRIBE) a moment to be live.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return { a, b };
  }

  it("an admin's new hold length in process A holds process B's next reservation within moments", { timeout: 240_000 }, async () => {
    const { a, b } = await processes('follow');
    expect(await ask(a, `hold ${String(NEW_MINUTES)}`, 'saved ')).toBe(`saved ${String(NEW_MINUTES)}`);
    const saved = Date.now();
    let held = DEFAULT_MINUTES;
    while (held !== NEW_MINUTES && Date.now() - saved < BROADCAST_MS) held = await heldMinutes(b);
    const tookMs = Date.now() - saved;
    console.log(`the new hold length reached process B ${String(tookMs)} ms after process A saved it`);
    expect(held).toBe(NEW_MINUTES);
    expect(tookMs).toBeLessThan(BROADCAST_MS);
  });

  it('negative control: a process that does not follow the bus still holds for the old minutes', { timeout: 240_000 }, async () => {
    const { a, b } = await processes('no-bus');
    await ask(a, `hold ${String(NEW_MINUTES)}`, 'saved ');
    await new Promise((resolve) => setTimeout(resolve, BROADCAST_MS));
    expect(await heldMinutes(b)).toBe(DEFAULT_MINUTES);
  });
});
