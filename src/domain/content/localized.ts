/**
 * Per-locale content with English fallback. A content entry's id is `<locale code>/<slug>`
 * (content/guides/de/bangkok-to-koh-tao.md → `de/bangkok-to-koh-tao`). A page shows the reader's
 * language when that file exists and the English file otherwise, and then says so: `fallback`
 * is what the page turns into the visible "shown in English" note.
 */
import type { Titled, TitlesData } from './schemas.ts';

export const FALLBACK_LOCALE = 'en';

export interface IdEntry {
  id: string;
}

export interface EntryKey {
  locale: string;
  slug: string;
}

export function splitEntryId(id: string): EntryKey | undefined {
  const slash = id.indexOf('/');
  if (slash <= 0 || slash === id.length - 1) return undefined;
  return { locale: id.slice(0, slash).toLowerCase(), slug: id.slice(slash + 1) };
}

export interface ContentIndex<E extends IdEntry> {
  /** Slugs that have an English file, in the order the entries came (the published set). */
  slugs: string[];
  get(slug: string, locale: string): E | undefined;
}

/** Groups entries by slug and locale. Only slugs with an English file are published. */
export function indexEntries<E extends IdEntry>(entries: readonly E[]): ContentIndex<E> {
  const bySlug = new Map<string, Map<string, E>>();
  for (const entry of entries) {
    const key = splitEntryId(entry.id);
    if (!key) continue;
    let locales = bySlug.get(key.slug);
    if (!locales) bySlug.set(key.slug, (locales = new Map<string, E>()));
    locales.set(key.locale, entry);
  }
  return {
    slugs: [...bySlug].filter(([, locales]) => locales.has(FALLBACK_LOCALE)).map(([slug]) => slug),
    get: (slug, locale) => bySlug.get(slug)?.get(locale.toLowerCase()),
  };
}

export interface Resolved<E> {
  entry: E;
  /** True when the reader's language has no file of its own and English is shown instead. */
  fallback: boolean;
}

export function resolveEntry<E extends IdEntry>(index: ContentIndex<E>, slug: string, localeCode: string): Resolved<E> | undefined {
  const own = index.get(slug, localeCode);
  if (own) return { entry: own, fallback: false };
  const english = index.get(slug, FALLBACK_LOCALE);
  return english ? { entry: english, fallback: localeCode.toLowerCase() !== FALLBACK_LOCALE } : undefined;
}

export type TitleKind = keyof TitlesData;

/**
 * The title and summary in the reader's language: the locale's own content file first, then the
 * locale's titles file, then the English frontmatter.
 */
export function localizedTitle(
  titles: ReadonlyMap<string, TitlesData>,
  kind: TitleKind,
  slug: string,
  localeCode: string,
  resolved: { data: Titled; fallback: boolean },
): Titled {
  if (!resolved.fallback) return { title: resolved.data.title, summary: resolved.data.summary };
  const translated = titles.get(localeCode.toLowerCase())?.[kind][slug];
  return translated ?? { title: resolved.data.title, summary: resolved.data.summary };
}

/** Slugs that a titles file names but no English content file publishes (stale translations). */
export function unknownTitleSlugs(titles: TitlesData, published: Record<TitleKind, readonly string[]>): string[] {
  const unknown: string[] = [];
  for (const kind of ['guides', 'support', 'pages'] as const) {
    const known = new Set(published[kind]);
    for (const slug of Object.keys(titles[kind])) if (!known.has(slug)) unknown.push(`${kind}/${slug}`);
  }
  return unknown;
}

/** Published slugs that a titles file leaves untranslated. */
export function missingTitleSlugs(titles: TitlesData, published: Record<TitleKind, readonly string[]>): string[] {
  const missing: string[] = [];
  for (const kind of ['guides', 'support', 'pages'] as const) {
    for (const slug of published[kind]) if (!(slug in titles[kind])) missing.push(`${kind}/${slug}`);
  }
  return missing;
}
