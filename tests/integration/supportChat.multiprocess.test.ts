/**
 * Live chat across server processes (issue 24 item 7, "a chat message reaches Support served by a
 * second server process"), on each transport that reaches another process: PostgreSQL NOTIFY
 * (TEST_DATABASE_URL) and Redis pub/sub (TEST_REDIS_URL). A traveller's browser long-polls one
 * process (chatRunner.ts reader, waiting as long as chatProxy/{userId} lets it); Support answers through another (chatRunner.ts
 * writer); the answer reaches the traveller within moments — long before the wait would have
 * ended by itself. Negative control: a reader whose process hears no other process is still
 * waiting seconds after the answer was stored.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema.ts';
import { guestOwnerOf, newGuestSecret, postTravellerLine } from '../../src/server/support/chat.ts';
import { BUS_TRANSPORTS, noteRedisSkipped, startChild, stopChildren, until, type Child } from './childProcesses.ts';
import { DATABASES, postgresUrl } from './databases.ts';

const postgres = DATABASES.find((d) => d.name === 'postgres');
if (!postgres) console.log('Multi-process chat tests SKIPPED: they need PostgreSQL (set TEST_DATABASE_URL).');
else noteRedisSkipped('Multi-process chat tests');

const runner = fileURLToPath(new URL('./chatRunner.ts', import.meta.url));

const start = (env: Record<string, string>, args: string[]) => startChild(runner, args, env);

describe.skipIf(!postgres).each(BUS_TRANSPORTS)('live chat across server processes over $name', ({ redisUrl }) => {
  let handle: DbHandle;
  let env: Record<string, string>;
  let staffId: number;
  const running: Child[] = [];

  beforeAll(async () => {
    if (!postgres) return;
    handle = await postgres.open();
    env = { DATABASE_URL: postgresUrl(handle), ...(redisUrl ? { REDIS_URL: redisUrl } : {}) };
    const [staff] = await handle.db
      .insert(users)
      .values({ email: 'agent@roamly.test', name: 'Agent', role: 'support', totpEnabledAt: new Date() })
      .returning();
    staffId = staff?.id ?? 0;
  });
  afterEach(() => {
    stopChildren(running);
  });
  afterAll(async () => {
    await handle.close();
  });

  /** A visitor's open chat: their id and the id of their last line. */
  async function visitorChat(): Promise<{ userId: string; last: number }> {
    const secret = newGuestSecret();
    const owner = guestOwnerOf(secret) ?? '';
    const posted = await postTravellerLine(
      handle.db,
      owner,
      { message: 'Is my train on time?', email: 'visitor@example.com' },
      { lang: 'en', user: null, now: new Date() },
    );
    return { userId: owner, last: posted.line.id };
  }

  /** Support's process, started and ready before the traveller waits. */
  async function supportProcess(userId: string): Promise<(message: string) => Promise<void>> {
    const writer = start(env, ['writer', String(staffId), userId]);
    running.push(writer);
    await until('the writer to start', () => writer.lines.includes('ready'), 30_000);
    return async (message) => {
      const before = writer.lines.length;
      writer.child.stdin?.write(`${message}\n`);
      await until('the answer to be stored', () => writer.lines.slice(before).some((l) => l.startsWith('posted ')), 5_000);
    };
  }

  it("Support's answer written on one process reaches the traveller waiting on another at once", async () => {
    const chat = await visitorChat();
    const answer = await supportProcess(chat.userId);
    const reader = start(env, ['reader', 'follow', chat.userId, String(chat.last)]);
    running.push(reader);
    await until('the reader to wait', () => reader.lines.includes('waiting'), 30_000);
    // The reader's LISTEN (or SUBSCRIBE) goes live just after it starts waiting.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await answer('Yes, on time.');
    const tookMs = await until('the answer in the reader', () => reader.lines.some((l) => l.endsWith(' Yes, on time.')), 3_000);
    expect(tookMs).toBeLessThan(3_000);
  });

  it('negative control: a reader whose process hears no other process is still waiting', async () => {
    const chat = await visitorChat();
    const answer = await supportProcess(chat.userId);
    const deaf = start(env, ['reader', 'no-bus', chat.userId, String(chat.last)]);
    running.push(deaf);
    await until('the reader to wait', () => deaf.lines.includes('waiting'), 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await answer('Nobody hears this in time.');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(deaf.lines.some((l) => l.startsWith('line '))).toBe(false);
  });
});
