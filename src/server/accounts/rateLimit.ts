/** Counts failed attempts in the database, so limits hold across server instances. */
import { and, count, eq, gt, inArray, lt, min } from 'drizzle-orm';
import { authAttempts } from '../db/schema.ts';
import { isLimited, retryAfterSeconds, type Limit } from '../../domain/accounts/rateLimit.ts';
import type { AccountsDeps } from './deps.ts';

export interface ScopedLimit {
  scope: string;
  limit: Limit;
}

/** Seconds to wait when any of the scopes is over its limit, otherwise null. */
export async function limitedFor(deps: AccountsDeps, checks: readonly ScopedLimit[]): Promise<number | null> {
  const now = deps.now().getTime();
  for (const { scope, limit } of checks) {
    const [row] = await deps.db
      .select({ n: count(), oldest: min(authAttempts.at) })
      .from(authAttempts)
      .where(and(eq(authAttempts.scope, scope), gt(authAttempts.at, new Date(now - limit.windowMs))));
    if (row && isLimited(row.n, limit)) return retryAfterSeconds(row.oldest?.getTime() ?? now, now, limit);
  }
  return null;
}

/** Longer than any window: older rows can never count again. */
const KEEP_MS = 24 * 60 * 60_000;

export async function recordAttempt(deps: AccountsDeps, scopes: readonly string[]): Promise<void> {
  const at = deps.now();
  await deps.db.insert(authAttempts).values(scopes.map((scope) => ({ scope, at })));
  // Tidy as we go (per scope, through the index) so the table never grows without bound.
  await deps.db
    .delete(authAttempts)
    .where(and(inArray(authAttempts.scope, [...scopes]), lt(authAttempts.at, new Date(at.getTime() - KEEP_MS))));
}

/** After a successful sign-in the account's count starts again (the address's does not). */
export async function clearAttempts(deps: AccountsDeps, scopes: readonly string[]): Promise<void> {
  if (scopes.length) await deps.db.delete(authAttempts).where(inArray(authAttempts.scope, [...scopes]));
}
