import { describe, expect, it } from 'vitest';
import { languageChoiceTarget, languageNeutralPath, localizedPath, switchLanguagePath } from './localizedPath.ts';

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

describe('the language-neutral address (x-default)', () => {
  it.each([
    ['/en', '/'],
    ['/ar/about', '/about'],
    ['/en/bus/bangkok/chiang-mai?date=2026-12-01', '/bus/bangkok/chiang-mai?date=2026-12-01'],
    ['/en/support/', '/support'],
  ])('%s → %s', (from, expected) => {
    expect(languageNeutralPath(from)).toBe(expected);
  });

  it('sends a language-neutral page address to the visitor’s language, with its query', () => {
    expect(languageChoiceTarget('/about', '', 'th')).toBe('/th/about');
    expect(languageChoiceTarget('/bus/bangkok/chiang-mai', '?date=2026-12-01', 'de')).toBe('/de/bus/bangkok/chiang-mai?date=2026-12-01');
  });

  it('leaves addresses that are not pages to the 404', () => {
    expect(languageChoiceTarget('/en/missing', '', 'th')).toBeNull();
    expect(languageChoiceTarget('/api/nuxt/x', '', 'th')).toBeNull();
    expect(languageChoiceTarget('/_astro/app.js', '', 'th')).toBeNull();
    expect(languageChoiceTarget('/favicon.png', '', 'th')).toBeNull();
    expect(languageChoiceTarget('/', '', 'th')).toBeNull();
    // A route's Astro.rewrite('/404') and odd addresses stay 404s.
    expect(languageChoiceTarget('/404', '', 'th')).toBeNull();
    expect(languageChoiceTarget('/%25', '', 'th')).toBeNull();
    expect(languageChoiceTarget('/About', '', 'th')).toBeNull();
  });
});
