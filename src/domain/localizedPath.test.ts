import { describe, expect, it } from 'vitest';
import { localizedPath, switchLanguagePath } from './localizedPath.ts';

describe('language switch keeps the path', () => {
  it.each([
    ['/en', 'ar', '/ar'],
    ['/en/bus/bangkok/chiang-mai?date=2026-12-01', 'de', '/de/bus/bangkok/chiang-mai?date=2026-12-01'],
    ['/en/support/', 'jp', '/jp/support'],
    ['/faq', 'fr', '/fr/faq'],
    ['/', 'th', '/th'],
  ] as const)('%s → %s', (from, target, expected) => {
    expect(switchLanguagePath(from, target)).toBe(expected);
  });

  it('builds localised paths', () => {
    expect(localizedPath('en')).toBe('/en');
    expect(localizedPath('vi', '/support/faq')).toBe('/vi/support/faq');
  });
});
