/**
 * What the multi-process suites share (*.multiprocess.test.ts): the bus transports that reach
 * another process, the network they run on, a child started from a runner script with its output
 * kept line by line, and waiting for what the children print.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Role } from '../../src/domain/accountMenu.ts';
import type { Db } from '../../src/server/db/client.ts';
import { schedules, users } from '../../src/server/db/schema.ts';
import { insertCheckoutNetwork } from './checkoutNetwork.ts';

const REDIS_URL = process.env.TEST_REDIS_URL || undefined;

/** PostgreSQL NOTIFY always; Redis pub/sub (as the server uses it when REDIS_URL is set) with TEST_REDIS_URL. */
export const BUS_TRANSPORTS: { name: string; redisUrl: string | undefined }[] = [
  { name: 'PostgreSQL NOTIFY', redisUrl: undefined },
  ...(REDIS_URL ? [{ name: 'Redis pub/sub', redisUrl: REDIS_URL }] : []),
];

export function noteRedisSkipped(suite: string): void {
  if (!REDIS_URL) console.log(`${suite} over Redis SKIPPED: set TEST_REDIS_URL to cover the Redis bus.`);
}

/**
 * The checkout network running every day through 2099 (the children search and book on the real
 * clock, days ahead) and one staff account of `role`; returns its user id.
 */
export async function networkForProcesses(db: Db, email: string, role: Role): Promise<number> {
  await insertCheckoutNetwork(db, { bus: 40, boat: 4 });
  await db.update(schedules).set({ validTo: '2099-12-31' });
  const [staff] = await db.insert(users).values({ email, role }).returning({ id: users.id });
  if (!staff) throw new Error('no staff account');
  return staff.id;
}

export interface Child {
  child: ChildProcess;
  /** Every whole line the child printed, in order. */
  lines: string[];
  /** What it wrote to stderr (shown when it never answers). */
  errors: string[];
}

/** Runs `node <runner> <args>` with `env` over this process's environment; its stdin stays open for commands. */
export function startChild(runner: string, args: string[], env: Record<string, string>): Child {
  const child = spawn(process.execPath, [runner, ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const errors: string[] = [];
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    // A chunk may end inside a line: keep the rest for the next one.
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts.filter(Boolean));
  });
  child.stderr.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  return { child, lines, errors };
}

/** Kills the children and forgets them. */
export function stopChildren(children: Child[]): void {
  for (const c of children.splice(0)) c.child.kill('SIGKILL');
}

/** Waits until `check` holds; the time it took, or an error naming what the children printed. */
export async function until(what: string, check: () => boolean, timeoutMs: number, children: Child[] = []): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) {
      const seen = children.map((c) => `out ${JSON.stringify(c.lines.slice(-20))} stderr ${c.errors.join('').slice(0, 2000)}`);
      throw new Error(`timed out after ${String(timeoutMs)} ms waiting for ${what} (${seen.join('; ')})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}
