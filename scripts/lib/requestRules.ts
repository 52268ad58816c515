/**
 * What the server settles before a request reaches the built files or Astro (issue 16, items 5
 * and 7): timeouts for slow clients, methods fetch cannot represent, and addresses that are not
 * valid percent-encoding.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http';
import { localeBySegment, segmentForPath } from '../../src/i18n/locales.ts';

/** A client has this long to send its request headers (node's default: 60 s). */
export const HEADERS_TIMEOUT_MS = 10_000;
/** …and this long for the whole request, body included (node's default: 300 s). */
export const REQUEST_TIMEOUT_MS = 30_000;
/** An idle kept-alive connection is closed after this long. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/**
 * Options for createServer. Node looks for connections past their time only every
 * `connectionsCheckingInterval` (30 s by default, which would let a slow client keep its socket
 * for up to 40 s): once a second here.
 */
export const SERVER_OPTIONS: ServerOptions = {
  headersTimeout: HEADERS_TIMEOUT_MS,
  requestTimeout: REQUEST_TIMEOUT_MS,
  keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
  connectionsCheckingInterval: 1_000,
};

/**
 * fetch's Request refuses CONNECT, TRACE and TRACK outright, so Astro answered them with a 500.
 * They are handed on under a name fetch accepts and no route serves, and the request guard
 * (src/server/api/middleware.ts) answers 405 with Allow like any other unsupported method.
 */
const FORBIDDEN_BY_FETCH = new Set(['CONNECT', 'TRACE', 'TRACK']);
export const UNSUPPORTED_METHOD = 'UNSUPPORTED';

export function neutraliseForbiddenMethod(req: IncomingMessage): void {
  if (FORBIDDEN_BY_FETCH.has(req.method ?? '')) req.method = UNSUPPORTED_METHOD;
}

export function isValidPercentEncoding(url: string): boolean {
  try {
    decodeURI(url);
    return true;
  } catch {
    return false;
  }
}

const messages = new Map<string, Record<string, string>>();
function message(code: string, key: string): string | undefined {
  if (!messages.has(code)) {
    try {
      const file = new URL(`../../src/i18n/translations/${code}.json`, import.meta.url);
      messages.set(code, JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
    } catch {
      messages.set(code, {});
    }
  }
  return messages.get(code)?.[key];
}

/** 400 for an address that does not decode: the API's error envelope under /api/, plain text elsewhere. */
export function refuseBadEncoding(url: string, res: ServerResponse): void {
  res.setHeader('cache-control', 'no-store');
  if (!url.startsWith('/api/')) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request: the address is not valid percent-encoding.');
    return;
  }
  const code = localeBySegment(segmentForPath(url)).code;
  const key = 'apiError.invalid_encoding';
  const body = { error: { code: 'invalid_encoding', message: message(code, key) ?? message('en', key) ?? 'Bad request.' } };
  res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}
