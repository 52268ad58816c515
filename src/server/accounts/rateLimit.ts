/**
 * The account calls' rate limits (limits in src/domain/accounts/rateLimit.ts). Each attempt is
 * counted in the database before the work it limits — one upsert per call, so concurrent
 * attempts cannot all pass a check made before the ~330 ms password hash — and the counts are
 * shared by every server process.
 */
import { LIMITS, needsCaptcha } from '../../domain/accounts/rateLimit.ts';
import { consume, countAttempts, resetCounts, retryAfterSeconds, uncount, type Limit } from '../rateLimit/counter.ts';
import type { AccountsDeps } from './deps.ts';

export interface ScopedLimit {
  key: string;
  limit: Limit;
}

/** Counts one attempt under each scope: seconds to wait when any is past its limit, otherwise null. */
export function consumeAttempt(deps: AccountsDeps, scopes: readonly ScopedLimit[]): Promise<number | null> {
  return consume(deps.db, scopes, deps.now());
}

/** A success starts these counts again (the account's own, not the address's). */
export function clearAttempts(deps: AccountsDeps, keys: readonly string[]): Promise<void> {
  return resetCounts(deps.db, keys);
}

export function loginKeys(email: string, ip: string) {
  return { pair: `login:pair:${email}|${ip}`, address: `login:ip:${ip}`, account: `login:email:${email}` };
}

export type PasswordGate =
  { kind: 'go' } | { kind: 'rate_limited'; retryAfter: number } | { kind: 'captcha_required' } | { kind: 'captcha_failed' };

/**
 * Counts a password attempt on an account (sign-in and re-authentication alike) before the hash
 * is computed. Across every address the account asks for a solved captcha (when one is
 * configured) and refuses only far beyond. The address that sent too many for this account
 * waits — unless a captcha is configured and the caller can show one (the sign-in form): then
 * that address is asked for the captcha instead, so an owner who mistyped five times is not
 * stuck for the window, and every further guess costs a solved challenge. The token is verified
 * with the provider before the password is looked at.
 */
export async function gatePasswordAttempt(
  deps: AccountsDeps,
  email: string,
  ip: string,
  captcha: { token: string | undefined } | null,
): Promise<PasswordGate> {
  const verifyCaptcha = captcha ? deps.captcha : null;
  const keys = loginKeys(email, ip);
  const limits: [string, Limit][] = [
    [keys.pair, LIMITS.loginPerAccountAndAddress],
    [keys.address, LIMITS.loginPerAddress],
    [keys.account, LIMITS.loginPerAccount],
  ];
  const now = deps.now();
  const counts = await countAttempts(
    deps.db,
    limits.map(([key, limit]) => ({ key, windowMs: limit.windowMs })),
    now,
  );
  let wait: number | null = null;
  let pairPastLimit = false;
  for (const [key, limit] of limits) {
    const count = counts.get(key);
    if (!count || count.points <= limit.max) continue;
    if (key === keys.pair && verifyCaptcha) pairPastLimit = true;
    else wait = Math.max(wait ?? 0, retryAfterSeconds(count, now));
  }
  if (wait !== null) return { kind: 'rate_limited', retryAfter: wait };
  const accountPoints = counts.get(keys.account)?.points ?? 0;
  if (verifyCaptcha && (pairPastLimit || needsCaptcha(accountPoints))) {
    // No token: the form shows the widget. A token the provider refuses: say so, the widget resets.
    if (!captcha?.token) return { kind: 'captcha_required' };
    if (!(await verifyCaptcha(captcha.token, ip))) return { kind: 'captcha_failed' };
  }
  return { kind: 'go' };
}

/** The right password: the account's counts start again, and the address gets its attempt back. */
export async function passwordAccepted(deps: AccountsDeps, email: string, ip: string): Promise<void> {
  const keys = loginKeys(email, ip);
  await resetCounts(deps.db, [keys.pair, keys.account]);
  await uncount(deps.db, keys.address);
}
