import { describe, expect, it } from 'vitest';
import { CAPTCHA_AFTER_ACCOUNT_ATTEMPTS, isLimited, LIMITS, needsCaptcha } from './rateLimit.ts';

describe('rate limits', () => {
  it('allows five attempts on an account from one address and refuses the sixth', () => {
    expect(isLimited(5, LIMITS.loginPerAccountAndAddress)).toBe(false);
    expect(isLimited(6, LIMITS.loginPerAccountAndAddress)).toBe(true);
  });

  it('asks the captcha for an account from the sixth attempt, long before refusing it', () => {
    expect(needsCaptcha(CAPTCHA_AFTER_ACCOUNT_ATTEMPTS - 1)).toBe(false);
    expect(needsCaptcha(CAPTCHA_AFTER_ACCOUNT_ATTEMPTS)).toBe(true);
    expect(isLimited(CAPTCHA_AFTER_ACCOUNT_ATTEMPTS, LIMITS.loginPerAccount)).toBe(false);
  });
});
