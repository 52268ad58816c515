/**
 * Response helpers for the search API: JSON with a weak ETag for cacheable GETs (the same
 * search against the same inventory version is the same answer), and the error mapping.
 */
import { createHash } from 'node:crypto';
import type { Translate } from '../../i18n/translate.ts';
import { apiError } from '../api/errors.ts';
import { IndexNotReadyError } from './cache.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': JSON_TYPE, ...headers } });
}

/**
 * A cacheable answer: `Cache-Control` lets browsers and CDNs reuse it briefly; the ETag (from the
 * inventory version and the full URL) turns a repeat within the TTL into an empty 304.
 */
export function cachedJson(request: Request, version: number, maxAgeS: number, build: () => unknown): Response {
  const etag = `W/"${createHash('sha1').update(`${version}|${request.url}`).digest('base64url').slice(0, 20)}"`;
  const headers = { etag, 'cache-control': `public, max-age=${maxAgeS}`, vary: 'accept-language' };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return json(build(), 200, headers);
}

/** Index not ready → 503 (the client's hasError path); anything else is a real failure. */
export function indexError(t: Translate, error: unknown): Response {
  if (error instanceof IndexNotReadyError) return apiError(t, 'search_unavailable', 503);
  throw error;
}
