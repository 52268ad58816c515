import { describe, expect, it } from 'vitest';
import { hasDecided, isCategoryAllowed, parseConsent, serializeConsent } from './consent.ts';

describe('cookie consent (SPEC §4)', () => {
  it('allows everything when consent is missing or -1', () => {
    for (const raw of [undefined, '', '-1', 'not json']) {
      const consent = parseConsent(raw);
      expect(isCategoryAllowed(consent, 'marketing')).toBe(true);
      expect(isCategoryAllowed(consent, 'statistics')).toBe(true);
    }
  });

  it('blocks only a category explicitly set to false', () => {
    const consent = parseConsent(JSON.stringify({ statistics: false, preferences: true }));
    expect(isCategoryAllowed(consent, 'statistics')).toBe(false);
    expect(isCategoryAllowed(consent, 'preferences')).toBe(true);
    expect(isCategoryAllowed(consent, 'marketing')).toBe(true);
    expect(isCategoryAllowed(consent, 'necessary')).toBe(true);
  });

  it('round-trips a stored choice and knows a decision was made', () => {
    const stored = serializeConsent({ necessary: false, preferences: true, statistics: false, marketing: false });
    const consent = parseConsent(stored);
    expect(hasDecided(consent)).toBe(true);
    expect(isCategoryAllowed(consent, 'necessary')).toBe(true);
    expect(isCategoryAllowed(consent, 'marketing')).toBe(false);
    expect(hasDecided(parseConsent(undefined))).toBe(false);
    expect(hasDecided(parseConsent('-1'))).toBe(true);
  });
});
