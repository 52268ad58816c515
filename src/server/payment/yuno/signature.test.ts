import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromYunoValue, toYunoValue } from './amounts.ts';
import { yunoSettings } from './config.ts';
import { verifyYunoSignature, yunoSignature } from './signature.ts';

describe("Yuno's webhook signature", () => {
  const body = '{"type":"payment","data":{"payment":{"id":"p1"}}}';

  it('is the base64 HMAC-SHA256 of the raw body, and nothing else passes', () => {
    const expected = createHmac('sha256', 'a-webhook-secret-of-ours').update(body).digest('base64');
    expect(yunoSignature('a-webhook-secret-of-ours', body)).toBe(expected);
    expect(verifyYunoSignature('a-webhook-secret-of-ours', expected, body)).toBe('ok');
    expect(verifyYunoSignature('a-webhook-secret-of-ours', expected, `${body} `)).toBe('forged');
    expect(verifyYunoSignature('another-secret-entirely', expected, body)).toBe('forged');
    expect(verifyYunoSignature('a-webhook-secret-of-ours', null, body)).toBe('missing');
  });
});

describe('Yuno amounts and settings', () => {
  it('converts minor units to decimal values per currency and refuses fractions the currency cannot hold', () => {
    expect(toYunoValue(45_050, 'THB')).toBe(450.5);
    expect(toYunoValue(1200, 'JPY')).toBe(1200);
    expect(fromYunoValue(450.5, 'THB')).toBe(45_050);
    expect(fromYunoValue(450.505, 'THB')).toBeUndefined();
  });

  it('talks to the local sandbox unless YUNO_API_URL is set, and refuses development secrets for an https site', () => {
    expect(yunoSettings({ SITE_URL: 'http://localhost:4580' })).toMatchObject({
      apiUrl: 'http://localhost:4580/sandbox-yuno/v1',
      sandbox: true,
    });
    expect(yunoSettings({ SITE_URL: 'http://localhost:4580', YUNO_API_URL: 'https://api-sandbox.y.uno/v1/' })).toMatchObject({
      apiUrl: 'https://api-sandbox.y.uno/v1',
      sandbox: false,
    });
    expect(() => yunoSettings({ SITE_URL: 'https://shop.example.com' })).toThrow(/YUNO_PRIVATE_SECRET_KEY|YUNO_WEBHOOK_SECRET/);
  });
});
