import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../../../i18n/locales.ts';
import { RAILPASS_CATALOGUE } from './catalogue.ts';

const OTHER_LANGUAGES = LOCALE_CODES.filter((c) => c !== 'en');

describe('the rail pass catalogue in every language', () => {
  it('has every pass summary in all 24 languages, each its own translation, not the English text', () => {
    for (const pass of RAILPASS_CATALOGUE) {
      const summary = pass.summary as Record<string, string>;
      expect(Object.keys(summary).sort(), pass.slug).toEqual([...LOCALE_CODES].sort());
      for (const code of OTHER_LANGUAGES) expect(summary[code], `${pass.slug} ${code}`).not.toBe(summary.en);
    }
  });

  it('has every photo caption and alt text in all 24 languages', () => {
    const photos = RAILPASS_CATALOGUE.flatMap((p) => p.photos);
    expect(photos.length).toBeGreaterThan(0);
    for (const photo of photos) {
      for (const text of [photo.caption, photo.alt] as Record<string, string>[]) {
        expect(Object.keys(text).sort(), photo.file).toEqual([...LOCALE_CODES].sort());
        for (const code of OTHER_LANGUAGES) expect(text[code], `${photo.file} ${code}`).not.toBe(text.en);
      }
    }
  });
});
