import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '../config.ts';
import { captchaFromEnv, captchaVerifier } from './captcha.ts';

describe('captcha configuration', () => {
  it('is off unless both the verify URL and the secret are set', () => {
    expect(captchaFromEnv({})).toBeNull();
    expect(captchaFromEnv(parseServerEnv({}))).toBeNull();
    expect(captchaFromEnv(parseServerEnv({ CAPTCHA_VERIFY_URL: 'https://hcaptcha.com/siteverify', CAPTCHA_SECRET: 's' }))).toBeTypeOf(
      'function',
    );
  });

  it('refuses half a configuration at start, naming the variables', () => {
    expect(() => parseServerEnv({ CAPTCHA_VERIFY_URL: 'https://hcaptcha.com/siteverify' })).toThrow(
      /CAPTCHA_VERIFY_URL and CAPTCHA_SECRET/,
    );
    expect(() => parseServerEnv({ CAPTCHA_SECRET: 's' })).toThrow(/CAPTCHA_SECRET/);
    expect(() => parseServerEnv({ CAPTCHA_VERIFY_URL: 'not a url', CAPTCHA_SECRET: 's' })).toThrow(/CAPTCHA_VERIFY_URL/);
  });
});

describe('captchaVerifier', () => {
  const config = { verifyUrl: 'https://captcha.example/siteverify', secret: 'sekret' };

  it('accepts only an answer of success: true', async () => {
    const answer =
      (body: unknown, status = 200) =>
      () =>
        Promise.resolve(new Response(JSON.stringify(body), { status }));
    expect(await captchaVerifier(config, answer({ success: true }))('t', '1.2.3.4')).toBe(true);
    expect(await captchaVerifier(config, answer({ success: false }))('t', '1.2.3.4')).toBe(false);
    expect(await captchaVerifier(config, answer({ success: 'yes' }))('t', '1.2.3.4')).toBe(false);
    expect(await captchaVerifier(config, answer({ success: true }, 500))('t', '1.2.3.4')).toBe(false);
    expect(await captchaVerifier(config, () => Promise.reject(new Error('down')))('t', '1.2.3.4')).toBe(false);
  });

  it('never asks the provider about a missing token, and leaves out an unknown address', async () => {
    const bodies: string[] = [];
    const spy: typeof fetch = (_url, init) => {
      bodies.push(typeof init?.body === 'string' ? init.body : '(not a string)');
      return Promise.resolve(new Response('{"success":true}'));
    };
    expect(await captchaVerifier(config, spy)(undefined, '1.2.3.4')).toBe(false);
    expect(await captchaVerifier(config, spy)('', '1.2.3.4')).toBe(false);
    expect(bodies).toEqual([]);
    await captchaVerifier(config, spy)('tok', 'unknown');
    expect(bodies).toEqual(['secret=sekret&response=tok']);
  });
});
