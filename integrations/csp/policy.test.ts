import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { CONSENT_AT_ONCE_SCRIPT } from '../../src/components/shell/consentAtOnce.ts';
import { cspConfig } from './policy.ts';

describe('the script and style policy', () => {
  it('allows only the site itself when no third-party feature is configured', () => {
    const csp = cspConfig({});
    expect(csp.scriptDirective.resources).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.scriptDirective.resources).not.toContain("'unsafe-inline'");
    expect(csp.directives).toContain("object-src 'none'");
    expect(csp.directives).toContain("base-uri 'self'");
  });

  it('adds Google and the captcha provider only when they are configured', () => {
    const csp = cspConfig({ GOOGLE_CLIENT_ID: 'id', PUBLIC_CAPTCHA_SCRIPT_URL: 'https://js.hcaptcha.com/1/api.js?hl=de' });
    expect(csp.scriptDirective.resources).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      'https://accounts.google.com',
      'https://js.hcaptcha.com',
    ]);
    expect(csp.directives).toContain("frame-src 'self' https://accounts.google.com https://js.hcaptcha.com");
  });

  it('allows exactly one inline script of its own: the consent bar shown during parsing', () => {
    const hash = `sha256-${createHash('sha256').update(CONSENT_AT_ONCE_SCRIPT).digest('base64')}`;
    expect(cspConfig({}).scriptDirective.hashes).toEqual([hash]);
  });
});
