/**
 * Pages the build rendered, answered on a partner's host with the partner's look (brandHtml.ts)
 * and kept in memory keyed by partner, its last change and the path — the "render partner hosts
 * on demand behind a cache keyed by host" choice of docs/ARCHITECTURE.md. A partner's save
 * changes `updatedAt`, so its old copies are never answered again and age out of the LRU.
 */
import { readFile } from 'node:fs/promises';
import { LRUCache } from 'lru-cache';
import { renderedPageFile } from '../renderedPages.ts';
import { brandHtml, type BrandOptions } from './brandHtml.ts';

/** 64 MB of branded pages per process (a page is ~50–150 KB): the popular pages of a few partners. */
const cache = new LRUCache<string, string>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (html) => html.length || 1 });

/** The built (or kept) page for a path, or null when the build has no file for it. */
export async function readBuiltPage(root: string, pathname: string): Promise<string | null> {
  const file = renderedPageFile(root, pathname);
  if (!file) return null;
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

export async function brandedBuiltPage(root: string, pathname: string, options: BrandOptions): Promise<string | null> {
  const key = `${String(options.partner.id)}:${String(options.partner.updatedAt.getTime())}:${pathname}`;
  const kept = cache.get(key);
  if (kept !== undefined) return kept;
  const html = await readBuiltPage(root, pathname);
  if (html === null) return null;
  const branded = brandHtml(html, options);
  cache.set(key, branded);
  return branded;
}

/** Answers that carry a partner's look already: the partner middleware leaves them as they are. */
const branded = new WeakSet<Response>();
export const markBranded = (response: Response): Response => {
  branded.add(response);
  return response;
};
export const isBranded = (response: Response): boolean => branded.has(response);
