import * as dateFnsLocales from 'date-fns/locale';
import { describe, expect, it } from 'vitest';
import { LOCALES, localeBySegment, resolveSegment, segmentForPath, segmentFromAcceptLanguage, weekStartFor } from './locales.ts';

describe('locale table', () => {
  it('has the 24 calendar locales of SPEC §9 with the §3 segment mapping', () => {
    expect(LOCALES).toHaveLength(24);
    const codes = LOCALES.map((l) => l.code).sort();
    expect(codes).toEqual(
      [
        'ar-ae',
        'zh-CN',
        'de',
        'el',
        'en',
        'es',
        'fa',
        'fr',
        'hr',
        'id',
        'it',
        'ja',
        'ko',
        'ms',
        'nl',
        'pl',
        'pt',
        'ru',
        'sv',
        'th',
        'tr',
        'uk',
        'vi',
        'zh-TW',
      ].sort(),
    );
    const mapping = Object.fromEntries(LOCALES.map((l) => [l.segment, l.code]));
    expect(mapping).toMatchObject({ cn: 'zh-CN', zh: 'zh-TW', jp: 'ja', in: 'id', ar: 'ar-ae' });
  });

  it('marks Arabic and Persian right-to-left and nothing else', () => {
    expect(LOCALES.filter((l) => l.dir === 'rtl').map((l) => l.segment)).toEqual(['ar', 'fa']);
  });

  it('names a date-fns locale that exists for every entry; Arabic uses the generic one', () => {
    for (const l of LOCALES) expect(dateFnsLocales[l.dateFnsLocale as keyof typeof dateFnsLocales], l.dateFnsLocale).toBeDefined();
    expect(localeBySegment('ar').dateFnsLocale).toBe('ar');
  });

  it('starts weeks on Monday except for en-US, en-CA and fr-CA visitors', () => {
    expect(weekStartFor(localeBySegment('en'))).toBe(1);
    expect(weekStartFor(localeBySegment('en'), 'en-US')).toBe(0);
    expect(weekStartFor(localeBySegment('en'), 'en-CA')).toBe(0);
    expect(weekStartFor(localeBySegment('fr'), 'fr-CA')).toBe(0);
    expect(weekStartFor(localeBySegment('fr'), 'fr-FR')).toBe(1);
    expect(weekStartFor(localeBySegment('en'), 'en-GB')).toBe(1);
    // a fr-CA browser reading the German site keeps the German calendar
    expect(weekStartFor(localeBySegment('de'), 'fr-CA')).toBe(1);
  });
});

describe('language resolution (SPEC §5)', () => {
  it.each([
    ['api', 'en'],
    ['de', 'de'],
    ['DE', 'de'],
    ['deu', 'de'],
    ['english', 'en'],
    ['xx', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    ['jp', 'jp'],
    ['ja', 'en'],
  ])('%s → %s', (raw, expected) => {
    expect(resolveSegment(raw)).toBe(expected);
  });
});

describe('Accept-Language', () => {
  it('prefers exact regional codes, then the language, by quality', () => {
    expect(segmentFromAcceptLanguage('zh-TW,zh;q=0.9')).toBe('zh');
    expect(segmentFromAcceptLanguage('zh-CN')).toBe('cn');
    expect(segmentFromAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8')).toBe('fr');
    expect(segmentFromAcceptLanguage('xx;q=1, th;q=0.5')).toBe('th');
    expect(segmentFromAcceptLanguage('ja-JP')).toBe('jp');
    expect(segmentFromAcceptLanguage('id-ID')).toBe('in');
    expect(segmentFromAcceptLanguage(null)).toBe('en');
    expect(segmentFromAcceptLanguage('*')).toBe('en');
  });
});

describe('language of a request path', () => {
  it.each([
    ['/de/support', 'de'],
    ['/api/nuxt/ar/trips/search', 'ar'],
    ['/api/nuxt/xx/trips/search', 'en'],
    ['/api/nuxt/deu/cart', 'de'],
    ['/api/preferences/currency', 'en'],
    ['/', 'en'],
  ])('%s → %s', (path, expected) => {
    expect(segmentForPath(path)).toBe(expected);
  });
});
