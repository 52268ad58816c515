import { describe, expect, it } from 'vitest';
import { isLimited, LIMITS, retryAfterSeconds } from './rateLimit.ts';

describe('rate limits', () => {
  it('allows five wrong passwords per account and refuses the sixth', () => {
    expect(isLimited(4, LIMITS.loginPerAccount)).toBe(false);
    expect(isLimited(5, LIMITS.loginPerAccount)).toBe(true);
  });

  it('tells when the oldest attempt leaves the window', () => {
    expect(retryAfterSeconds(0, 14 * 60_000, LIMITS.loginPerAccount)).toBe(60);
    expect(retryAfterSeconds(0, 20 * 60_000, LIMITS.loginPerAccount)).toBe(1);
  });
});
