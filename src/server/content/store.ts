/**
 * Everything in content/ as the pages need it: entries grouped by slug and locale, the per-locale
 * titles files, and helpers that pick the reader's language with English fallback. Loaded once
 * per process (the build renders thousands of pages from the same few dozen files).
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import {
  indexEntries,
  localizedTitle,
  resolveEntry,
  type ContentIndex,
  type Resolved,
  type TitleKind,
} from '../../domain/content/localized.ts';
import type { SupportCategory, Titled, TitlesData } from '../../domain/content/schemas.ts';

export type GuideEntry = CollectionEntry<'guides'>;
export type SupportEntry = CollectionEntry<'support'>;
export type PageEntry = CollectionEntry<'pages'>;

export interface ContentStore {
  guides: ContentIndex<GuideEntry>;
  support: ContentIndex<SupportEntry>;
  pages: ContentIndex<PageEntry>;
  titles: Map<string, TitlesData>;
}

let store: Promise<ContentStore> | undefined;

export function contentStore(): Promise<ContentStore> {
  store ??= Promise.all([getCollection('guides'), getCollection('support'), getCollection('pages'), getCollection('titles')]).then(
    ([guides, support, pages, titles]) => ({
      guides: indexEntries([...guides].sort((a, b) => a.data.order - b.data.order)),
      support: indexEntries([...support].sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id))),
      pages: indexEntries(pages),
      titles: new Map(titles.map((t) => [t.id.toLowerCase(), t.data])),
    }),
  );
  return store;
}

export interface LocalizedEntry<E extends { id: string; data: Titled }> extends Resolved<E> {
  slug: string;
  title: string;
  summary: string;
  /** Rendered markdown of the shown file (the English one when `fallback`). */
  html: string;
}

function localize<E extends { id: string; data: Titled; rendered?: { html: string } }>(
  s: ContentStore,
  kind: TitleKind,
  index: ContentIndex<E>,
  slug: string,
  localeCode: string,
): LocalizedEntry<E> | undefined {
  const resolved = resolveEntry(index, slug, localeCode);
  if (!resolved) return undefined;
  const titled = localizedTitle(s.titles, kind, slug, localeCode, { data: resolved.entry.data, fallback: resolved.fallback });
  return { ...resolved, slug, ...titled, html: resolved.entry.rendered?.html ?? '' };
}

export function localGuide(s: ContentStore, slug: string, localeCode: string) {
  return localize(s, 'guides', s.guides, slug, localeCode);
}
export function localArticle(s: ContentStore, slug: string, localeCode: string) {
  return localize(s, 'support', s.support, slug, localeCode);
}
export function localPage(s: ContentStore, slug: string, localeCode: string) {
  return localize(s, 'pages', s.pages, slug, localeCode);
}

export function allGuides(s: ContentStore, localeCode: string): LocalizedEntry<GuideEntry>[] {
  return s.guides.slugs.flatMap((slug) => localGuide(s, slug, localeCode) ?? []);
}
export function allArticles(s: ContentStore, localeCode: string): LocalizedEntry<SupportEntry>[] {
  return s.support.slugs.flatMap((slug) => localArticle(s, slug, localeCode) ?? []);
}

/** /support/{path} of an article: its fixed SPEC address, or its id. */
export function articlePath(article: { slug: string; entry: SupportEntry }): string {
  return article.entry.data.path ?? article.slug;
}

export function articlesIn(s: ContentStore, localeCode: string, category: SupportCategory): LocalizedEntry<SupportEntry>[] {
  return allArticles(s, localeCode).filter((a) => a.entry.data.category === category);
}
