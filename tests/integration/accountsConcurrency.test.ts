/**
 * Single use under concurrency, on PostgreSQL (PGlite serialises everything, so a race there
 * proves nothing): many requests racing with one email link, or one TOTP code, get exactly one
 * success. The negative control redeems with a read-then-write, as a naive implementation would,
 * and shows the race letting every request through.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken, redeemToken } from '../../src/server/accounts/oneTimeTokens.ts';
import { acceptTotp, confirmEnrolment, startEnrolment } from '../../src/server/accounts/twoFactor.ts';
import { userById } from '../../src/server/accounts/users.ts';
import { hashToken } from '../../src/server/accounts/tokens.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { authTokens, users } from '../../src/server/db/schema.ts';
import { createHarness, totpCode, type Harness } from './accountsHarness.ts';
import { DATABASES, TEST_DATABASE_URL } from './databases.ts';

const RACERS = 10;
const postgres = DATABASES.find((d) => d.name === 'postgres');

/** Resolves once `n` callers have arrived, so every racer reads before any writes. */
function barrier(n: number): () => Promise<void> {
  let arrived = 0;
  let release: () => void = () => undefined;
  const all = new Promise<void>((r) => (release = r));
  return () => {
    arrived += 1;
    if (arrived === n) release();
    return all;
  };
}

describe.skipIf(!TEST_DATABASE_URL)('single use under concurrency on postgres', () => {
  let handle: DbHandle;
  let h: Harness;
  let userId = 0;

  beforeAll(async () => {
    if (!postgres) return;
    handle = await postgres.open();
    h = await createHarness(handle);
    const [user] = await handle.db
      .insert(users)
      .values({ email: 'race@example.com', emailVerifiedAt: new Date(h.clock.now) })
      .returning();
    userId = user?.id ?? 0;
  });
  afterAll(async () => {
    await handle.close();
  });

  it('an email link raced by many requests signs in exactly once', async () => {
    const token = await issueToken(h.deps, 'login_link', { userId });
    const results = await Promise.all(Array.from({ length: RACERS }, () => redeemToken(h.deps, token, ['login_link'])));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('negative control: read-then-write lets every racer use the same link', async () => {
    const token = await issueToken(h.deps, 'login_link', { userId });
    const tokenHash = hashToken(token);
    const allRead = barrier(RACERS);
    const naive = async () => {
      const [row] = await handle.db
        .select()
        .from(authTokens)
        .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.usedAt)));
      await allRead();
      if (!row) return false;
      await handle.db
        .update(authTokens)
        .set({ usedAt: new Date(h.clock.now) })
        .where(eq(authTokens.tokenHash, tokenHash));
      return true;
    };
    const results = await Promise.all(Array.from({ length: RACERS }, naive));
    expect(results.filter(Boolean).length).toBeGreaterThan(1);
  });

  it('one TOTP code raced by many requests is accepted exactly once', async () => {
    const user = await userById(h.deps, userId);
    if (!user) throw new Error('no user');
    const enrolment = await startEnrolment(h.deps, user);
    const pending = await userById(h.deps, userId);
    if (!enrolment || !pending) throw new Error('no enrolment');
    expect(await confirmEnrolment(h.deps, pending, totpCode(enrolment.secret, h.clock.now))).not.toBeNull();
    h.clock.now += 30_000;
    const enrolled = await userById(h.deps, userId);
    if (!enrolled) throw new Error('no user');
    const code = totpCode(enrolment.secret, h.clock.now);
    const results = await Promise.all(Array.from({ length: RACERS }, () => acceptTotp(h.deps, enrolled, code)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
