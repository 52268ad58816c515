/** The human-readable API reference (server/api/reference.ts), from the same declarations as /api/openapi.json. */
import type { APIRoute } from 'astro';
import { createHash } from 'node:crypto';
import { referencePage } from '../../server/api/reference.ts';

export const prerender = false;

/** No script at all; the one inline style block is all the page needs. */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'";

export const GET: APIRoute = ({ request }) => {
  const body = referencePage();
  // Like the JSON document: it changes only with a deploy.
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
  const headers = { etag, 'cache-control': 'public, max-age=3600', 'content-security-policy': CSP };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } });
};
