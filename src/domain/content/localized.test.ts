import { describe, expect, it } from 'vitest';
import { indexEntries, localizedTitle, missingTitleSlugs, resolveEntry, splitEntryId, unknownTitleSlugs } from './localized.ts';
import type { TitlesData } from './schemas.ts';

const entry = (id: string, title = id) => ({ id, data: { title, summary: `${title} summary` } });

describe('splitEntryId', () => {
  it('reads the locale folder and the slug, lower-casing the locale', () => {
    expect(splitEntryId('zh-CN/bangkok-to-koh-tao')).toEqual({ locale: 'zh-cn', slug: 'bangkok-to-koh-tao' });
  });
  it('rejects ids without both parts', () => {
    expect(splitEntryId('about')).toBeUndefined();
    expect(splitEntryId('/about')).toBeUndefined();
    expect(splitEntryId('en/')).toBeUndefined();
  });
});

describe('resolveEntry', () => {
  const index = indexEntries([
    entry('en/double-charge'),
    entry('ar-ae/double-charge', 'عربي'),
    entry('en/refunds'),
    entry('de/only-german'),
  ]);

  it('publishes only slugs that have an English file', () => {
    expect(index.slugs).toEqual(['double-charge', 'refunds']);
  });

  it("shows the reader's own file without a fallback note", () => {
    const resolved = resolveEntry(index, 'double-charge', 'ar-ae');
    expect(resolved?.entry.id).toBe('ar-ae/double-charge');
    expect(resolved?.fallback).toBe(false);
  });

  it('falls back to English and says so when the locale has no file', () => {
    const resolved = resolveEntry(index, 'refunds', 'ar-ae');
    expect(resolved?.entry.id).toBe('en/refunds');
    expect(resolved?.fallback).toBe(true);
  });

  it('is not a fallback for English readers', () => {
    expect(resolveEntry(index, 'refunds', 'en')?.fallback).toBe(false);
  });

  it('matches locale codes case-insensitively', () => {
    expect(resolveEntry(index, 'double-charge', 'AR-AE')?.fallback).toBe(false);
  });

  it('finds nothing for an unknown slug', () => {
    expect(resolveEntry(index, 'nope', 'en')).toBeUndefined();
  });
});

describe('localizedTitle', () => {
  const titles = new Map<string, TitlesData>([
    ['de', { guides: { koh: { title: 'Nach Koh Tao', summary: 'Deutsche Zusammenfassung des Reiseführers' } }, support: {}, pages: {} }],
  ]);
  const english = { title: 'To Koh Tao', summary: 'English summary of the guide' };

  it('uses the titles file when the body fell back to English', () => {
    expect(localizedTitle(titles, 'guides', 'koh', 'de', { data: english, fallback: true }).title).toBe('Nach Koh Tao');
  });

  it("prefers the locale file's own frontmatter when it exists", () => {
    const own = { title: 'Eigener Titel', summary: 'Zusammenfassung aus der eigenen Datei' };
    expect(localizedTitle(titles, 'guides', 'koh', 'de', { data: own, fallback: false }).title).toBe('Eigener Titel');
  });

  it('keeps English when no translation exists', () => {
    expect(localizedTitle(titles, 'guides', 'koh', 'fr', { data: english, fallback: true }).title).toBe('To Koh Tao');
  });
});

describe('title coverage', () => {
  const titles: TitlesData = {
    guides: { a: { title: 'A', summary: 'x'.repeat(20) }, stale: { title: 'S', summary: 'x'.repeat(20) } },
    support: {},
    pages: {},
  };
  it('lists untranslated and stale slugs', () => {
    const published = { guides: ['a', 'b'], support: ['c'], pages: [] };
    expect(missingTitleSlugs(titles, published)).toEqual(['guides/b', 'support/c']);
    expect(unknownTitleSlugs(titles, published)).toEqual(['guides/stale']);
  });
});
