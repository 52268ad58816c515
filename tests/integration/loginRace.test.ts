/**
 * Issue 16 item 2: rate limits that concurrency cannot bypass, on PostgreSQL (PGlite serialises
 * everything, so a race there proves nothing). 20 sign-ins on one account at once, 19 wrong
 * passwords then the right one: only the five the limit allows reach the password check.
 * The negative control checks the count before the ~330 ms hash and counts after it, as the
 * code did before: every racer reads the same low count and all 20 are checked.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/domain/accounts/rateLimit.ts';
import { hashPassword, verifyPassword } from '../../src/server/accounts/password.ts';
import { loginKeys } from '../../src/server/accounts/rateLimit.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { rateLimitCounters, users } from '../../src/server/db/schema.ts';
import { countAttempts } from '../../src/server/rateLimit/counter.ts';
import { createHarness, type Harness } from './accountsHarness.ts';
import { DATABASES, TEST_DATABASE_URL } from './databases.ts';

const RACERS = 20;
const postgres = DATABASES.find((d) => d.name === 'postgres');

describe.skipIf(!TEST_DATABASE_URL)('sign-in limit under concurrency on postgres', () => {
  let handle: DbHandle;
  let h: Harness;
  const attempts = () => Array.from({ length: RACERS }, (_, i) => (i === RACERS - 1 ? 'the right password 1' : `wrong guess ${String(i)}`));

  beforeAll(async () => {
    if (!postgres) return;
    handle = await postgres.open();
    h = await createHarness(handle);
    await handle.db.insert(users).values({
      email: 'race@example.com',
      emailVerifiedAt: new Date(h.clock.now),
      passwordHash: await hashPassword('the right password 1'),
    });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('20 sign-ins at once: five reach the password check, fifteen are refused before it', async () => {
    const browser = h.browser('198.51.100.200');
    const results = await Promise.all(
      attempts().map((password) => browser.call((a) => a.login, 'POST', { email: 'race@example.com', password })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(RACERS - LIMITS.loginPerAccountAndAddress.max);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(LIMITS.loginPerAccountAndAddress.max);
    const [row] = await handle.db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, loginKeys('race@example.com', '198.51.100.200').pair));
    // Every attempt was counted (unless the right one got through and started the count again).
    expect(row === undefined || row.points === RACERS).toBe(true);
  });

  it('negative control: checking the count before the hash and counting after it lets all 20 be checked', async () => {
    const key = 'negative-control:pair';
    const [user] = await handle.db.select().from(users).where(eq(users.email, 'race@example.com'));
    let checked = 0;
    let signedIn = false;
    await Promise.all(
      attempts().map(async (password) => {
        const result = await handle.db.execute(sql`select points from ${rateLimitCounters} where key = ${key}`);
        const points = (result as { rows: { points: number }[] }).rows[0]?.points ?? 0;
        if (points >= LIMITS.loginPerAccountAndAddress.max) return;
        checked += 1;
        const ok = await verifyPassword(password, user?.passwordHash ?? '');
        if (ok) signedIn = true;
        else await countAttempts(handle.db, [{ key, windowMs: 15 * 60_000 }], new Date(h.clock.now));
      }),
    );
    expect(checked).toBeGreaterThan(LIMITS.loginPerAccountAndAddress.max);
    expect(signedIn).toBe(true);
  });
});
