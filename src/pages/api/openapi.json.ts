/** The OpenAPI 3.1 document of the API, generated from the handlers' zod schemas (server/api/openapi.ts). */
import type { APIRoute } from 'astro';
import { createHash } from 'node:crypto';
import { openApiJson } from '../../server/api/openapi.ts';

export const prerender = false;

export const GET: APIRoute = ({ request }) => {
  const body = openApiJson();
  // The document changes only with a deploy: an hour of shared caching, and a 304 for a repeat.
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
  const headers = { etag, 'cache-control': 'public, max-age=3600', 'access-control-allow-origin': '*' };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { headers: { ...headers, 'content-type': 'application/json; charset=utf-8' } });
};
