/**
 * Admin's page overrides as every server process knows them, from memory (bus/liveSnapshot, like
 * the route redirects): the search-engine texts per page address and the support articles
 * published without a deploy. scripts/serve.ts asks `hasPageOverride` before its static files
 * answer, so a pre-rendered page with an override reaches the server, whose middleware rewrites it.
 */
import { liveSnapshot } from '../bus/liveSnapshot.ts';
import type { Db } from '../db/client.ts';
import { getDbHandle } from '../db/index.ts';
import { seoOverrides, supportArticleOverrides } from '../db/schema.ts';

export type SeoOverrideRow = typeof seoOverrides.$inferSelect;
export type ArticleOverrideRow = typeof supportArticleOverrides.$inferSelect;

export interface PageOverrides {
  seo: ReadonlyMap<string, SeoOverrideRow>;
  /** By the article's page address. */
  articlesByPath: ReadonlyMap<string, ArticleOverrideRow>;
  /** By `slug|localeCode`, for `support/article`. */
  articlesBySlug: ReadonlyMap<string, ArticleOverrideRow>;
}

let registryDb: (() => Promise<Db>) | undefined;
/** Tests read their own database. */
export function usePageOverridesDb(db: Db | undefined): void {
  registryDb = db ? () => Promise.resolve(db) : undefined;
}

export async function readPageOverrides(db: Db): Promise<PageOverrides> {
  const [seo, articles] = await Promise.all([db.select().from(seoOverrides), db.select().from(supportArticleOverrides)]);
  return {
    seo: new Map(seo.map((row) => [row.path, row])),
    articlesByPath: new Map(articles.map((row) => [row.pagePath, row])),
    articlesBySlug: new Map(articles.map((row) => [`${row.slug}|${row.localeCode}`, row])),
  };
}

const snapshot = liveSnapshot<PageOverrides>({
  name: 'page-overrides',
  topic: 'page_overrides_changed',
  maxAgeMs: 30_000,
  load: async () => readPageOverrides(registryDb ? await registryDb() : (await getDbHandle()).db),
});

export const loadPageOverrides = () => snapshot.get();
export const pageOverridesChanged = () => snapshot.announce();
export const reloadPageOverrides = () => snapshot.reload();

/** A page address without its trailing slash (the built files answer both). */
export function normalisePagePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** From memory, never waits: does this page have an override (false before the first load)? */
export function hasPageOverride(pathname: string): boolean {
  const current = snapshot.current();
  if (!current) return false;
  const path = normalisePagePath(pathname);
  return current.seo.has(path) || current.articlesByPath.has(path);
}
