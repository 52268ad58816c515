import { describe, expect, it } from 'vitest';
import { buildSitemaps, normalizePath, robotsWithSitemap } from './sitemap.ts';

const site = new URL('https://roamly.example');
const locales = [
  { segment: 'en', code: 'en' },
  { segment: 'ar', code: 'ar-ae' },
  { segment: 'de', code: 'de' },
];

describe('buildSitemaps', () => {
  const { index, files } = buildSitemaps(['en/faq/', 'ar/faq/', 'en/only-english/', 'rss.xml', 'de/'], site, locales, '2026-11-21');

  it('writes one sitemap per locale with pages and an index listing them', () => {
    expect([...files.keys()].sort()).toEqual(['sitemap-ar.xml', 'sitemap-de.xml', 'sitemap-en.xml']);
    expect(index).toContain('<loc>https://roamly.example/sitemap-en.xml</loc>');
    expect(index).toContain('<loc>https://roamly.example/sitemap-ar.xml</loc>');
  });

  it('lists each page with the alternates that exist, and leaves out non-locale files', () => {
    const en = files.get('sitemap-en.xml') ?? '';
    expect(en).toContain('<loc>https://roamly.example/en/faq</loc>');
    expect(en).toContain('hreflang="ar-ae" href="https://roamly.example/ar/faq"');
    expect(en).not.toContain('hreflang="de" href="https://roamly.example/de/faq"');
    expect(en).not.toContain('rss.xml');
    expect(en.match(/<url>/g)).toHaveLength(2);
  });
});

describe('helpers', () => {
  it('normalises paths to no trailing slash', () => {
    expect(normalizePath('en/faq/')).toBe('/en/faq');
    expect(normalizePath('')).toBe('/');
  });
  it('puts exactly one absolute Sitemap line in robots.txt', () => {
    const once = robotsWithSitemap('User-agent: *\nAllow: /\n', site);
    expect(robotsWithSitemap(once, site)).toBe(once);
    expect(once).toContain('Sitemap: https://roamly.example/sitemap-index.xml');
  });
});
