import { describe, expect, it } from 'vitest';
import { currencyPagePath, languageLinks, languagePagePath, sameSitePath } from './shellMenus.ts';

describe('sameSitePath', () => {
  it('keeps paths on this site', () => {
    expect(sameSitePath('/en/station/bangkok?x=1#top')).toBe('/en/station/bangkok?x=1#top');
    expect(sameSitePath('/')).toBe('/');
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/en\n/x', '', undefined, null])(
    'refuses %j',
    (value) => {
      expect(sameSitePath(value)).toBeNull();
    },
  );
});

describe('language menu', () => {
  it('links the same page in all 24 languages, the current one marked', () => {
    const links = languageLinks('/en/station/bangkok', 'en');
    expect(links).toHaveLength(24);
    expect(links.find((l) => l.code === 'de')).toEqual({ href: '/de/station/bangkok', code: 'de', name: 'Deutsch', current: false });
    expect(links.filter((l) => l.current).map((l) => l.code)).toEqual(['en']);
  });

  it('sends visitors without JavaScript to the language page with where they were', () => {
    expect(languagePagePath('ar', '/ar/station/bangkok')).toBe('/ar/language?from=%2Far%2Fstation%2Fbangkok');
    expect(currencyPagePath('en', '/en')).toBe('/en/currency?returnTo=%2Fen');
  });
});
