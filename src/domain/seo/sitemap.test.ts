import { describe, expect, it } from 'vitest';
import { buildSitemaps, normalizePath, robotsWithSitemap, SITEMAP_LIMITS, sitemapFiles, utf8Length } from './sitemap.ts';

const site = new URL('https://roamly.example');
const locales = [
  { segment: 'en', code: 'en' },
  { segment: 'ar', code: 'ar-ae' },
  { segment: 'de', code: 'de' },
];

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);

describe('buildSitemaps', () => {
  const { index, files } = buildSitemaps(['en/faq/', 'ar/faq/', 'en/only-english/', 'rss.xml', 'de/'], site, locales, '2026-11-21');

  it('writes a numbered sitemap per locale with pages and an index listing them', () => {
    expect([...files.keys()]).toEqual(['sitemap-en-1.xml', 'sitemap-ar-1.xml', 'sitemap-de-1.xml']);
    expect(index).toContain('<loc>https://roamly.example/sitemap-en-1.xml</loc>');
    expect(index).toContain('<loc>https://roamly.example/sitemap-ar-1.xml</loc>');
    expect(locs(index)).toHaveLength(3);
  });

  it('lists each page with the alternates that exist, and leaves out non-locale files', () => {
    const en = files.get('sitemap-en-1.xml') ?? '';
    expect(en).toContain('<loc>https://roamly.example/en/faq</loc>');
    expect(en).toContain('hreflang="ar-ae" href="https://roamly.example/ar/faq"');
    expect(en).not.toContain('hreflang="de" href="https://roamly.example/de/faq"');
    expect(en).toContain('hreflang="x-default" href="https://roamly.example/faq"');
    expect(en).not.toContain('rss.xml');
    expect(en.match(/<url>/g)).toHaveLength(2);
  });

  it('lists a page reported twice once', () => {
    const twice = buildSitemaps(['en/faq', '/en/faq/'], site, locales, '2026-11-21');
    expect(locs(twice.files.get('sitemap-en-1.xml') ?? '')).toEqual(['/en/faq']);
  });
});

describe('splitting', () => {
  const trips = Array.from({ length: 7 }, (_, i) => `en/trip-page/a-b-${i + 1}`);
  const pages = [...trips, ...trips.map((p) => p.replace(/^en/, 'ar')), 'de/faq'];

  it('starts a new numbered file at the URL limit, listing every page exactly once', () => {
    const { index, files } = buildSitemaps(pages, site, locales, '2026-11-21', { ...SITEMAP_LIMITS, maxUrls: 3 });
    expect([...files.keys()]).toEqual([
      'sitemap-en-1.xml',
      'sitemap-en-2.xml',
      'sitemap-en-3.xml',
      'sitemap-ar-1.xml',
      'sitemap-ar-2.xml',
      'sitemap-ar-3.xml',
      'sitemap-de-1.xml',
    ]);
    expect([...files.values()].map((xml) => xml.match(/<url>/g)?.length)).toEqual([3, 3, 1, 3, 3, 1, 1]);
    expect(locs(index).map((p) => p.slice(1))).toEqual([...files.keys()]);
    const listed = [...files.values()].flatMap(locs);
    expect(listed.sort()).toEqual(pages.map(normalizePath).sort());
  });

  it('keeps alternates across the split: a page in a later file still links its other locales', () => {
    const { files } = buildSitemaps(pages, site, locales, '2026-11-21', { ...SITEMAP_LIMITS, maxUrls: 3 });
    expect(files.get('sitemap-en-3.xml')).toContain('hreflang="ar-ae" href="https://roamly.example/ar/trip-page/a-b-7"');
  });

  it('starts a new file before one would pass the byte limit', () => {
    const one = [...sitemapFiles(['en/trip-page/a-b-1'], site, locales, '2026-11-21')][0];
    const perFile = utf8Length(one?.xml ?? '') + 10;
    const split = [...sitemapFiles(trips, site, locales, '2026-11-21', { maxUrls: 50_000, maxBytes: perFile * 2 })];
    expect(split.length).toBeGreaterThan(1);
    for (const file of split) expect(utf8Length(file.xml)).toBeLessThanOrEqual(perFile * 2);
    expect(split.reduce((n, f) => n + f.urls, 0)).toBe(trips.length);
    expect(split.flatMap((f) => locs(f.xml))).toEqual(trips.map(normalizePath).sort());
  });

  it('keeps real builds within the protocol limits', () => {
    expect(SITEMAP_LIMITS).toEqual({ maxUrls: 50_000, maxBytes: 50 * 1024 * 1024 });
  });
});

describe('helpers', () => {
  it('normalises paths to no trailing slash', () => {
    expect(normalizePath('en/faq/')).toBe('/en/faq');
    expect(normalizePath('')).toBe('/');
  });
  it('counts UTF-8 bytes like an encoder', () => {
    for (const s of ['faq', 'กรุงเทพ', 'مرحبا', 'a😀b', '']) expect(utf8Length(s)).toBe(new TextEncoder().encode(s).length);
  });
  it('puts exactly one absolute Sitemap line in robots.txt', () => {
    const once = robotsWithSitemap('User-agent: *\nAllow: /\n', site);
    expect(robotsWithSitemap(once, site)).toBe(once);
    expect(once).toContain('Sitemap: https://roamly.example/sitemap-index.xml');
  });
});
