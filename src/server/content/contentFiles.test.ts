/**
 * Every file in content/ passes its schema, has an English original, links only to pages that
 * exist, and is titled in every language. Runs on the files themselves (no Astro build), so an
 * editor's mistake fails in seconds. The frontmatter reader below handles the subset of YAML the
 * content README allows: `key: value`, `key: [a, b]`, numbers, booleans and dates.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allGeography } from '../../../scripts/seed/data/index.ts';
import { missingTitleSlugs, unknownTitleSlugs } from '../../domain/content/localized.ts';
import { guideSchema, pageSchema, SUPPORT_CATEGORIES, supportArticleSchema, titlesSchema } from '../../domain/content/schemas.ts';
import { LOCALE_CODES } from '../../i18n/locales.ts';

const root = join(import.meta.dirname, '../../../content');

function scalar(raw: string): unknown {
  const value = raw.trim();
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^-?\d+$/.test(value)) return Number(value);
  if (value.startsWith('[') && value.endsWith(']'))
    return value
      .slice(1, -1)
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  return value.replace(/^(['"])(.*)\1$/, '$2');
}

function readMarkdown(file: string): { data: Record<string, unknown>; body: string } {
  const text = readFileSync(file, 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${file}: no frontmatter`);
  const data: Record<string, unknown> = {};
  for (const line of (match[1] ?? '').split('\n')) {
    const kv = /^([A-Za-z]+):\s(.*)$/.exec(line);
    if (!kv) throw new Error(`${file}: unsupported frontmatter line "${line}"`);
    data[kv[1] ?? ''] = scalar(kv[2] ?? '');
  }
  return { data, body: match[2] ?? '' };
}

interface ContentFile {
  locale: string;
  slug: string;
  file: string;
  data: Record<string, unknown>;
  body: string;
}

function collection(name: string): ContentFile[] {
  return readdirSync(join(root, name)).flatMap((locale) =>
    readdirSync(join(root, name, locale))
      .filter((f) => f.endsWith('.md'))
      .map((f) => ({ locale, slug: f.replace(/\.md$/, ''), file: join(name, locale, f), ...readMarkdown(join(root, name, locale, f)) })),
  );
}

const guides = collection('guides');
const support = collection('support');
const pages = collection('pages');
const english = (files: ContentFile[]) => files.filter((f) => f.locale === 'en');

const PAGE_URLS: Record<string, string> = { about: 'about', 'transport-options': 'transport-options', faq: 'faq' };
function pageUrl(kind: 'guides' | 'support' | 'pages', f: ContentFile): string {
  if (kind === 'guides') return `/en/travel-guides/${f.slug}`;
  if (kind === 'support') return `/en/support/${typeof f.data.path === 'string' ? f.data.path : f.slug}`;
  return `/en/${PAGE_URLS[f.slug] ?? `support/${f.slug}`}`;
}

describe('content files', () => {
  it.each([
    ['guides', guides, guideSchema],
    ['support', support, supportArticleSchema],
    ['pages', pages, pageSchema],
  ] as const)('every %s file passes its schema', (_, files, schema) => {
    const failures = files.flatMap((f) => {
      const parsed = schema.safeParse(f.data);
      return parsed.success ? [] : [`${f.file}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`];
    });
    expect(failures).toEqual([]);
  });

  it('has the starter content the site promises', () => {
    expect(english(guides).length).toBeGreaterThanOrEqual(12);
    expect(english(support).length).toBeGreaterThanOrEqual(25);
    expect(
      english(pages)
        .map((p) => p.slug)
        .sort(),
    ).toEqual(['about', 'cancellation-policy', 'faq', 'privacy-policy', 'terms', 'transport-options'].sort());
    for (const category of SUPPORT_CATEGORIES) expect(english(support).some((a) => a.data.category === category)).toBe(true);
  });

  it('keeps translations in known locale folders, next to an English original with the same address', () => {
    const codes = new Set<string>(LOCALE_CODES);
    for (const files of [guides, support, pages]) {
      const originals = new Map(english(files).map((f) => [f.slug, f]));
      for (const f of files) {
        expect(codes.has(f.locale), `${f.file}: unknown locale folder`).toBe(true);
        const original = originals.get(f.slug);
        expect(original, `${f.file}: no English original`).toBeDefined();
        expect(f.data.path, `${f.file}: path differs from English`).toEqual(original?.data.path);
        expect(f.data.category, `${f.file}: category differs from English`).toEqual(original?.data.category);
      }
    }
  });

  it('gives every article its own address', () => {
    const addresses = english(support).map((f) => pageUrl('support', f));
    const reserved = [...SUPPORT_CATEGORIES, 'articles', 'help', 'terms', 'privacy-policy', 'cancellation-policy'].map(
      (s) => `/en/support/${s}`,
    );
    expect(new Set(addresses).size).toBe(addresses.length);
    expect(addresses.filter((a) => reserved.includes(a))).toEqual([]);
  });

  it('writes guides about places the seeded network has', () => {
    const places = new Set(allGeography().places.map((p) => p.slug));
    const unknown = english(guides).flatMap((g) => (g.data.places as string[]).filter((p) => !places.has(p)).map((p) => `${g.file}: ${p}`));
    expect(unknown).toEqual([]);
  });

  it('links only to pages that exist', () => {
    const known = new Set<string>([
      '/en/support',
      '/en/support/articles',
      '/en/support/help',
      '/en/travel-guides',
      ...SUPPORT_CATEGORIES.map((c) => `/en/support/${c}`),
      ...english(guides).map((f) => pageUrl('guides', f)),
      ...english(support).map((f) => pageUrl('support', f)),
      ...english(pages).map((f) => pageUrl('pages', f)),
    ]);
    const broken: string[] = [];
    for (const [kind, files] of [
      ['guides', guides],
      ['support', support],
      ['pages', pages],
    ] as const) {
      for (const f of english(files)) {
        const base = new URL(pageUrl(kind, f), 'https://site.test');
        for (const [, href] of f.body.matchAll(/\]\(([^)\s]+)\)/g)) {
          if (!href || /^(https?:|mailto:|#)/.test(href)) continue;
          const target = new URL(href, base).pathname;
          if (!known.has(target)) broken.push(`${f.file}: ${href} → ${target}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('titles every guide, article and page in every other language', () => {
    const published = {
      guides: english(guides).map((f) => f.slug),
      support: english(support).map((f) => f.slug),
      pages: english(pages).map((f) => f.slug),
    };
    const files = readdirSync(join(root, 'titles')).map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual(LOCALE_CODES.filter((c) => c !== 'en').sort());
    for (const code of files) {
      const titles = titlesSchema.parse(JSON.parse(readFileSync(join(root, 'titles', `${code}.json`), 'utf8')));
      expect(missingTitleSlugs(titles, published), `${code}: untranslated`).toEqual([]);
      expect(unknownTitleSlugs(titles, published), `${code}: stale`).toEqual([]);
    }
  });
});
