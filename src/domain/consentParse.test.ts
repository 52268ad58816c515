import { describe, expect, it } from 'vitest';
import { parseConsent } from './consent.ts';

// The cookie is visitor-controlled: anything that is not an object of booleans is "no decision".
describe('consent cookie parsing', () => {
  it('keeps the four categories and drops unknown keys', () => {
    expect(parseConsent(JSON.stringify({ marketing: false, statistics: true, extra: 'x' }))).toEqual({
      marketing: false,
      statistics: true,
    });
  });
  it('treats malformed values as no decision', () => {
    for (const raw of ['{', '[]', 'null', '42', '"yes"', JSON.stringify({ marketing: 'no' })]) expect(parseConsent(raw), raw).toBeNull();
  });
  it('reads a URL-encoded cookie', () => {
    expect(parseConsent(encodeURIComponent(JSON.stringify({ preferences: true })))).toEqual({ preferences: true });
  });
});
