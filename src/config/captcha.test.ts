import { describe, expect, it } from 'vitest';
import { parseCaptchaEnv } from './captcha.ts';

describe('parseCaptchaEnv', () => {
  it('is off when nothing (or only blank values) is set', () => {
    expect(parseCaptchaEnv({})).toBeNull();
    expect(parseCaptchaEnv({ PUBLIC_CAPTCHA_SITE_KEY: '', PUBLIC_CAPTCHA_SCRIPT_URL: '' })).toBeNull();
  });

  it('reads the site key and the widget script', () => {
    expect(
      parseCaptchaEnv({
        PUBLIC_CAPTCHA_SITE_KEY: ' 0x4AAAAAAABkMYinukE8nzY ',
        PUBLIC_CAPTCHA_SCRIPT_URL: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
      }),
    ).toEqual({ siteKey: '0x4AAAAAAABkMYinukE8nzY', scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js' });
    expect(
      parseCaptchaEnv({
        PUBLIC_CAPTCHA_SITE_KEY: '10000000-ffff-ffff-ffff-000000000001',
        PUBLIC_CAPTCHA_SCRIPT_URL: 'https://js.hcaptcha.com/1/api.js?hl=de',
      })?.scriptUrl,
    ).toBe('https://js.hcaptcha.com/1/api.js?hl=de');
  });

  it('wants both settings or neither', () => {
    expect(() => parseCaptchaEnv({ PUBLIC_CAPTCHA_SITE_KEY: 'key' })).toThrow(/PUBLIC_CAPTCHA_SITE_KEY.*neither/);
    expect(() => parseCaptchaEnv({ PUBLIC_CAPTCHA_SCRIPT_URL: 'https://js.hcaptcha.com/1/api.js' })).toThrow(/neither/);
  });

  it('fails naming the variable on a bad value', () => {
    const url = 'https://js.hcaptcha.com/1/api.js';
    expect(() => parseCaptchaEnv({ PUBLIC_CAPTCHA_SITE_KEY: 'a key"><script>', PUBLIC_CAPTCHA_SCRIPT_URL: url })).toThrow(
      /PUBLIC_CAPTCHA_SITE_KEY/,
    );
    for (const bad of ['http://js.hcaptcha.com/1/api.js', '//js.hcaptcha.com/1/api.js', '/api.js', 'javascript:alert(1)']) {
      expect(() => parseCaptchaEnv({ PUBLIC_CAPTCHA_SITE_KEY: 'key', PUBLIC_CAPTCHA_SCRIPT_URL: bad })).toThrow(
        /PUBLIC_CAPTCHA_SCRIPT_URL/,
      );
    }
  });
});
