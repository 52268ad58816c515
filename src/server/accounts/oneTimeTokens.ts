/**
 * Single-use tokens (email links, the second sign-in step). Redeeming marks the token used in
 * the same UPDATE that checks it, so two requests racing with one link cannot both succeed.
 */
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { authTokens } from '../db/schema.ts';
import type { AccountsDeps } from './deps.ts';
import { hashToken, newToken } from './tokens.ts';

export type TokenPurpose = (typeof authTokens.$inferSelect)['purpose'];
export type TokenRow = typeof authTokens.$inferSelect;

const MINUTE = 60_000;
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  login_link: 10 * MINUTE,
  two_factor: 10 * MINUTE,
  reset_password: 30 * MINUTE,
  verify_email: 24 * 60 * MINUTE,
  email_change: 24 * 60 * MINUTE,
  temp_access: 7 * 24 * 60 * MINUTE,
};

export async function issueToken(
  deps: AccountsDeps,
  purpose: TokenPurpose,
  target: { userId?: number | null; email?: string | null; data?: Record<string, string> },
): Promise<string> {
  const token = newToken();
  const now = deps.now();
  await deps.db.insert(authTokens).values({
    tokenHash: hashToken(token),
    purpose,
    userId: target.userId ?? null,
    email: target.email ?? null,
    data: target.data ?? {},
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/** Uses the token up and returns it, or null when it is unknown, expired, used or of another purpose. */
export async function redeemToken(deps: AccountsDeps, token: string, purposes: readonly TokenPurpose[]): Promise<TokenRow | null> {
  const now = deps.now();
  const [row] = await deps.db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
        inArray(authTokens.purpose, [...purposes]),
      ),
    )
    .returning();
  return row ?? null;
}

/** Reads a live token without using it (the second step allows a few tries with one token). */
export async function peekToken(deps: AccountsDeps, token: string, purpose: TokenPurpose): Promise<TokenRow | null> {
  const [row] = await deps.db
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, deps.now()),
        eq(authTokens.purpose, purpose),
      ),
    )
    .limit(1);
  return row ?? null;
}
