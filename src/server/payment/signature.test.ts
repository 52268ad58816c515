import { describe, expect, it } from 'vitest';
import { signatureHeader, verifySignature } from './signature.ts';

const SECRET = 'test-secret-0123456789';
const NOW = 1_750_000_000_000;
const BODY = '{"id":"evt_1","type":"payment.succeeded"}';

describe('webhook signatures', () => {
  it('accepts a fresh signature of the exact body', () => {
    expect(verifySignature(SECRET, signatureHeader(SECRET, NOW / 1000, BODY), BODY, NOW)).toBe('ok');
  });

  it('refuses a changed body, another secret, an old timestamp and a malformed header', () => {
    const header = signatureHeader(SECRET, NOW / 1000, BODY);
    expect(verifySignature(SECRET, header, BODY.replace('evt_1', 'evt_2'), NOW)).toBe('forged');
    expect(verifySignature('another-secret-0123456', header, BODY, NOW)).toBe('forged');
    expect(verifySignature(SECRET, signatureHeader(SECRET, NOW / 1000 - 301, BODY), BODY, NOW)).toBe('stale');
    expect(verifySignature(SECRET, 'garbage', BODY, NOW)).toBe('malformed');
  });
});
