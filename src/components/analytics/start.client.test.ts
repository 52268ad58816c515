import { describe, expect, it } from 'vitest';
import { serializeConsent } from '../../domain/consent.ts';
import { consentAllows } from './start.client.ts';

const choice = (statistics: boolean, marketing = false) => serializeConsent({ necessary: true, preferences: true, statistics, marketing });

describe('analytics consent', () => {
  it('waits for the visitor to answer the bar', () => {
    expect(consentAllows('statistics', undefined)).toBe(false);
    expect(consentAllows('statistics', '')).toBe(false);
    expect(consentAllows('statistics', 'garbled{')).toBe(false);
  });

  it('follows the answer, category by category', () => {
    expect(consentAllows('statistics', choice(false))).toBe(false);
    expect(consentAllows('statistics', choice(true))).toBe(true);
    expect(consentAllows('marketing', choice(true, false))).toBe(false);
    expect(consentAllows('marketing', choice(true, true))).toBe(true);
  });

  it('reads the legacy -1 as everything allowed (SPEC §4)', () => {
    expect(consentAllows('statistics', '-1')).toBe(true);
  });
});
