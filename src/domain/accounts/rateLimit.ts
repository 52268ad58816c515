/**
 * Sign-in rate limits. Windows are short so that an attacker hammering an account cannot keep
 * its owner out for long: after the window the count starts again.
 */
export interface Limit {
  max: number;
  windowMs: number;
}

const FIFTEEN_MIN = 15 * 60_000;

/** Failed attempts allowed per account and per address within the window. */
export const LIMITS = {
  loginPerAccount: { max: 5, windowMs: FIFTEEN_MIN },
  loginPerAddress: { max: 30, windowMs: FIFTEEN_MIN },
  codePerAccount: { max: 5, windowMs: FIFTEEN_MIN },
  mailPerAccount: { max: 3, windowMs: FIFTEEN_MIN },
  mailPerAddress: { max: 50, windowMs: FIFTEEN_MIN },
} as const satisfies Record<string, Limit>;

/** True when one more attempt would go past the limit. */
export function isLimited(recentAttempts: number, limit: Limit): boolean {
  return recentAttempts >= limit.max;
}

/** Seconds until the oldest counted attempt leaves the window (for Retry-After). */
export function retryAfterSeconds(oldestAttemptMs: number, nowMs: number, limit: Limit): number {
  return Math.max(1, Math.ceil((oldestAttemptMs + limit.windowMs - nowMs) / 1000));
}
