import { describe, expect, it } from 'vitest';
import { captchaProvider, explicitRenderUrl } from './captchaProvider.ts';

const api = { render: () => 'w1', reset: () => undefined };

describe('captchaProvider', () => {
  it('is null before the script has defined a provider global', () => {
    expect(captchaProvider({})).toBeNull();
  });

  it('finds Turnstile and hCaptcha by their globals', () => {
    expect(captchaProvider({ turnstile: api })).toEqual({ name: 'turnstile', api });
    expect(captchaProvider({ hcaptcha: api })).toEqual({ name: 'hcaptcha', api });
  });

  it('ignores globals that do not have the render API', () => {
    expect(captchaProvider({ turnstile: {}, hcaptcha: { render: 'no' } })).toBeNull();
    expect(captchaProvider({ turnstile: { render: () => 'w' }, hcaptcha: api })).toEqual({ name: 'hcaptcha', api });
  });
});

describe('explicitRenderUrl', () => {
  it('asks for explicit rendering and keeps the rest of the URL', () => {
    expect(explicitRenderUrl('https://challenges.cloudflare.com/turnstile/v0/api.js')).toBe(
      'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    );
    expect(explicitRenderUrl('https://js.hcaptcha.com/1/api.js?hl=ar')).toBe('https://js.hcaptcha.com/1/api.js?hl=ar&render=explicit');
  });

  it('leaves a render mode the operator chose', () => {
    expect(explicitRenderUrl('https://js.hcaptcha.com/1/api.js?render=explicit&hl=de')).toBe(
      'https://js.hcaptcha.com/1/api.js?render=explicit&hl=de',
    );
  });
});
