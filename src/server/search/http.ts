/**
 * Response helpers for the search API: JSON with a weak ETag for cacheable GETs (the same
 * search against the same inventory version is the same answer), and the error mapping.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Translate } from '../../i18n/translate.ts';
import { apiError } from '../api/errors.ts';
import { IndexNotReadyError } from './cache.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': JSON_TYPE, ...headers } });
}

/**
 * Answers already computed are kept as long as clients may cache them. Searches are skewed
 * towards popular routes, so many travellers ask the same question within seconds, and the
 * ETag only spares the one client that asked before. The cache is bounded by bytes (the JSON's
 * length), so a burst of large answers cannot grow the process without limit. The key holds
 * the inventory version, the URL and the clock's minute: an answer depends on the time (cut-offs,
 * "today"), so a new minute — or a test's fake clock — computes afresh.
 */
export type CachedJson = (request: Request, version: number, maxAgeS: number, build: () => unknown) => Response;

export function createCachedJson(now: () => number = Date.now, maxBytes = 32 * 1024 * 1024): CachedJson {
  const answers = new LRUCache<string, string>({ maxSize: maxBytes, sizeCalculation: (body) => body.length || 1, ttl: 60_000 });
  /**
   * A cacheable answer: `Cache-Control` lets browsers and CDNs reuse it briefly; the ETag (from
   * the inventory version and the full URL) turns a repeat within the TTL into an empty 304, and
   * a repeat from another client is served from memory.
   */
  return (request, version, maxAgeS, build) => {
    const etag = `W/"${createHash('sha1')
      .update(`${String(version)}|${request.url}`)
      .digest('base64url')
      .slice(0, 20)}"`;
    const headers = { etag, 'cache-control': `public, max-age=${String(maxAgeS)}`, vary: 'accept-language', 'content-type': JSON_TYPE };
    if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
    const key = `${String(version)}|${String(Math.floor(now() / 60_000))}|${request.url}`;
    let body = answers.get(key);
    if (body === undefined) {
      body = JSON.stringify(build());
      answers.set(key, body, { ttl: maxAgeS * 1000 });
    }
    return new Response(body, { status: 200, headers });
  };
}

/** Index not ready → 503 (the client's hasError path); anything else is a real failure. */
export function indexError(t: Translate, error: unknown): Response {
  if (error instanceof IndexNotReadyError) return apiError(t, 'search_unavailable', 503);
  throw error;
}
