/**
 * The request guard (issue 16): runs right after the locale is known, before accounts and
 * checkout, so every rule here holds for every route whatever its handler does.
 *
 * Under /api/ every answer that is not a success is the JSON error envelope (errors.ts):
 * - 404 `not_found` for a path the API does not have; 405 `method_not_allowed` with `Allow` for
 *   a method the path does not serve (OPTIONS answers 204 with `Allow`);
 * - 415 `unsupported_media_type` for a body that is not the operation's JSON or form;
 * - 413 `payload_too_large` past the operation's body limit (routes.ts);
 * - 400 `invalid_json` for a body that does not parse (it used to read as "no add-ons") or nests
 *   deeper than any input of the API (inputGuard.ts MAX_NESTING);
 * - 400 `invalid_characters` with the fields for control characters or unpaired surrogates in
 *   the query or the body (inputGuard.ts);
 * - 500 `internal_error` for anything a handler throws (logged), never an HTML page.
 *
 * Pages answer GET and HEAD (and POST where a page takes a form): any other method is 405.
 */
import { randomUUID } from 'node:crypto';
import { defineMiddleware } from 'astro:middleware';
import { checkoutLogger } from '../booking/log.ts';
import { ApiError, apiError, errorResponse } from './errors.ts';
import { checkInput, contentTypeMatches, discardBody, DRAIN_LIMIT, parseBody, readLimitedBody, UNSAFE_CHARACTERS } from './inputGuard.ts';
import { apiRouteFor, operationFor } from './routes.ts';

/**
 * Pages that take a form post: the sandbox gateway's card and challenge forms, the ticket's cancel
 * form, checkout's "Change class" form, and the operators area's forms (staff-only: src/server/ops/access.ts).
 */
export const FORM_PAGES: ReadonlySet<string> = new Set([
  '/sandbox-gateway/pay/[token]',
  '/sandbox-gateway/challenge/[token]',
  // The local Yuno sandbox: its hosted checkout form, and its REST API the shop calls (server to server).
  '/sandbox-yuno/checkout/[session]',
  '/sandbox-yuno/v1/[...path]',
  // The local finAPI sandbox: its bank web form, and its REST API (the OAuth token call is a form post).
  '/sandbox-finapi/webform/[id]',
  '/sandbox-finapi/api/[...path]',
  '/[lang]/ticket',
  '/[lang]/checkout/[hash]/class',
  '/[lang]/pay/[hash]/place',
  '/[lang]/op/booking',
  '/[lang]/op/counter',
  '/[lang]/op/departures',
  '/[lang]/op/users',
  '/[lang]/op/partners',
  '/[lang]/op/flags',
  '/[lang]/op/redirects',
  '/[lang]/op/stations',
  '/[lang]/op/operators',
  '/[lang]/op/fares',
  '/[lang]/op/routes',
  '/[lang]/op/pricing',
  '/[lang]/op/refunds',
  '/[lang]/op/resellers',
  '/[lang]/op/settings',
  '/[lang]/op/tripinfo',
  '/[lang]/op/seo',
  '/[lang]/op/articles',
  '/[lang]/op/gtfs',
  '/[lang]/op/card-bins',
  '/[lang]/railpass/buy',
  // Support (src/server/support/): the upload takes the file as its body; the case thread, the
  // staff case page and the surveys take forms.
  '/[lang]/file/upload',
  '/[lang]/support/case',
  '/[lang]/op/case',
  '/[lang]/rate-support/[hash]',
  '/[lang]/support-ces/[hash]',
  '/[lang]/nps/[hash]',
]);
const METHODS_WITHOUT_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

function withHeader(response: Response, name: string, value: string): Response {
  response.headers.set(name, value);
  return response;
}

/** A proxy's request id is kept when it looks like one; otherwise each request gets its own. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/** 413, after reading the rest of a body small enough to drain (else the connection closes). */
async function tooLarge(request: Request, declared: number, t: Parameters<typeof apiError>[0]): Promise<Response> {
  if (declared <= DRAIN_LIMIT) await discardBody(request.body);
  return apiError(t, 'payload_too_large');
}

export const requestGuardMiddleware = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const { request, url, locals } = context;
  const method = request.method;
  const given = request.headers.get('x-request-id') ?? '';
  locals.requestId = REQUEST_ID.test(given) ? given : randomUUID();

  if (!url.pathname.startsWith('/api/')) {
    const allow = FORM_PAGES.has(context.routePattern) ? 'GET, HEAD, POST' : 'GET, HEAD';
    if (!allow.split(', ').includes(method))
      return new Response(null, { status: method === 'OPTIONS' ? 204 : 405, headers: { allow, 'cache-control': 'no-store' } });
    return next();
  }

  const route = apiRouteFor(url.pathname);
  if (!route) return apiError(locals.t, 'not_found');
  const allow = route.allow.join(', ');
  if (method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow } });
  const operation = operationFor(route, method);
  if (!operation) return withHeader(apiError(locals.t, 'method_not_allowed'), 'allow', allow);

  const query = checkInput(Object.fromEntries(url.searchParams));
  if (!query.ok && query.reason === 'unsafe') return apiError(locals.t, UNSAFE_CHARACTERS, query.fields);

  if (!METHODS_WITHOUT_BODY.has(method) && request.body) {
    const type = operation.body?.type ?? 'json';
    const declared = Number(request.headers.get('content-length') ?? 0);
    if (declared > route.bodyLimit) return tooLarge(request, declared, locals.t);
    const read = await readLimitedBody(request.clone().body, route.bodyLimit);
    // The clone's branch was cancelled at the limit; the rest flows through the original's.
    if (!read.ok && read.reason === 'too_large') return tooLarge(request, 0, locals.t);
    const text = read.ok ? read.text : '';
    if (text !== '' || !read.ok) {
      const contentType = request.headers.get('content-type') ?? '';
      if (!contentTypeMatches(contentType, type)) return apiError(locals.t, 'unsupported_media_type');
      if (!read.ok) return apiError(locals.t, UNSAFE_CHARACTERS, { _: [UNSAFE_CHARACTERS] });
      const parsed = await parseBody(text, type, contentType);
      // Form data that does not parse (a multipart body without its boundary) is not a form at all.
      if (!parsed.ok) return type === 'json' ? apiError(locals.t, 'invalid_json') : apiError(locals.t, 'unsupported_media_type');
      const checked = checkInput(parsed.value);
      if (!checked.ok)
        return checked.reason === 'too_deep'
          ? apiError(locals.t, 'invalid_json', { _: ['too_deep'] })
          : apiError(locals.t, UNSAFE_CHARACTERS, checked.fields);
    }
  }

  try {
    return await next();
  } catch (error) {
    // A refusal thrown past a handler's own wrapper (a booking change busy behind another, one
    // the lifecycle does not allow): rendered the same way, with the catalogue's status.
    if (error instanceof ApiError) return errorResponse(locals.t, error);
    checkoutLogger().error(
      { path: url.pathname, method, requestId: locals.requestId, err: error instanceof Error ? error.message : String(error) },
      'API handler failed',
    );
    return apiError(locals.t, 'internal_error');
  }
});
