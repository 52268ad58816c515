import { describe, expect, it } from 'vitest';
import { defaultSiteUrl, parseServerEnv, siteOrigin } from '../config.ts';
import { hostAllowed } from './allowedHost.ts';

describe('Host header in production', () => {
  it('serves only SITE_URL’s host when the site is on https', () => {
    expect(hostAllowed('roamly.example', 'https://roamly.example')).toBe(true);
    expect(hostAllowed('ROAMLY.example', 'https://roamly.example/')).toBe(true);
    expect(hostAllowed('roamly.example:8443', 'https://roamly.example:8443')).toBe(true);
    for (const host of ['127.0.0.1:4321', 'evil.example', 'roamly.example.evil.example', 'roamly.example:444', '', null, undefined]) {
      expect(hostAllowed(host, 'https://roamly.example')).toBe(false);
    }
  });

  it('answers any host in development (http)', () => {
    expect(hostAllowed('127.0.0.1:4331', 'http://localhost:4331')).toBe(true);
  });
});

describe('SITE_URL default', () => {
  it('follows the address actually served, so mails on another port do not link to :4321', () => {
    expect(parseServerEnv({ PORT: '4999' }).SITE_URL).toBe('http://localhost:4999');
    expect(parseServerEnv({ HOST: '0.0.0.0', PORT: '8080' }).SITE_URL).toBe('http://localhost:8080');
    expect(parseServerEnv({ HOST: '::', PORT: '8080' }).SITE_URL).toBe('http://localhost:8080');
    expect(defaultSiteUrl('fe80::1', 80)).toBe('http://[fe80::1]:80');
    expect(parseServerEnv({ PORT: '4999', SITE_URL: 'https://roamly.example' }).SITE_URL).toBe('https://roamly.example');
    expect(siteOrigin({ SITE_URL: 'https://roamly.example/base/' })).toBe('https://roamly.example');
  });
});
