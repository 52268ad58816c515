/**
 * Sign-in rate limits. Windows are short so that an attacker hammering an account cannot keep
 * its owner out for long: after the window the count starts again.
 *
 * Every attempt is counted before it is checked (src/server/rateLimit/counter.ts), so a count
 * includes the attempt being decided. Wrong passwords back off the address that sends them, per
 * account (five from one address cannot lock the owner out everywhere); across all addresses
 * an account asks for the captcha after a few attempts, and refuses outright only far beyond.
 */
export interface Limit {
  max: number;
  windowMs: number;
}

const FIFTEEN_MIN = 15 * 60_000;

/** Attempts allowed within the window, this one included. */
export const LIMITS = {
  /** One account from one address: that address waits, the owner elsewhere does not. */
  loginPerAccountAndAddress: { max: 5, windowMs: FIFTEEN_MIN },
  /** One address over all accounts (credential stuffing). */
  loginPerAddress: { max: 30, windowMs: FIFTEEN_MIN },
  /** One account over all addresses: a hard ceiling for a spread-out attack without a captcha. */
  loginPerAccount: { max: 100, windowMs: FIFTEEN_MIN },
  codePerAccount: { max: 5, windowMs: FIFTEEN_MIN },
  mailPerAccount: { max: 3, windowMs: FIFTEEN_MIN },
  mailPerAddress: { max: 50, windowMs: FIFTEEN_MIN },
} as const satisfies Record<string, Limit>;

/** From this many attempts on one account within the window (any address), sign-in asks for the captcha. */
export const CAPTCHA_AFTER_ACCOUNT_ATTEMPTS = 6;

/** True when an attempt whose count (itself included) is `points` goes past the limit. */
export function isLimited(points: number, limit: Limit): boolean {
  return points > limit.max;
}

/** True when the account has seen enough attempts that the next sign-in must carry a solved captcha. */
export function needsCaptcha(accountPoints: number): boolean {
  return accountPoints >= CAPTCHA_AFTER_ACCOUNT_ATTEMPTS;
}
