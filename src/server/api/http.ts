/**
 * The API's one HTTP layer (issue 19): JSON answers, query and body parsing, and `endpoint()`,
 * the wrapper every handler runs in. A handler returns its success answer and throws `ApiError`
 * (or lets a service's throw through) for everything else; the wrapper renders the envelope of
 * errors.ts with the catalogue's status. No handler builds an error answer or reads one back.
 */
import type { z } from 'zod';
import { ENGLISH, messagesFor } from '../../i18n/messages.ts';
import { localeBySegment, resolveSegment } from '../../i18n/locales.ts';
import { createTranslator, type Translate } from '../../i18n/translate.ts';
import type { ApiErrorCode } from './catalogue.ts';
import { ApiError, errorResponse } from './errors.ts';
import { assertAnswer, assertDeclared, UNDER_TEST } from './declared.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';
/** Answers about one traveller's cart, booking or account: never kept by a shared cache. */
export const NO_STORE: Readonly<Record<string, string>> = { 'cache-control': 'no-store' };

/** A JSON answer; `setCookies` are appended one header each. */
export function json(
  body: unknown,
  status = 200,
  headers: Readonly<Record<string, string>> = {},
  setCookies: readonly string[] = [],
): Response {
  const h = new Headers({ 'content-type': JSON_TYPE, ...headers });
  for (const cookie of setCookies) h.append('set-cookie', cookie);
  return new Response(JSON.stringify(body), { status, headers: h });
}

/** Query strings drop empty and 'null' values (SPEC §5) before validation. */
export function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (value !== '' && value !== 'null') out[key] = value;
  return out;
}

/**
 * The JSON body, or undefined when there is none. A body that does not parse never gets here
 * through the server (the request guard answers `invalid_json`); a handler called directly
 * sees it as no body, and its schema names what is missing.
 */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

/** Parses an input with its schema, or refuses the request with `code` and the failing fields. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, code: ApiErrorCode): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new ApiError(code, { fields: parsed.error });
  return parsed.data;
}

/** What a handler's context offers to find the answer's language. */
export interface EndpointContext {
  locals?: { t: Translate };
  t?: Translate;
  params?: Partial<Record<string, string | undefined>>;
  url?: URL;
  request?: Request;
}

const requestUrl = (ctx: EndpointContext): URL => ctx.url ?? new URL(ctx.request?.url ?? 'http://localhost/');

const NUXT_LANG = /^\/api\/nuxt\/([^/]+)\//;

/** The translator of the request: the middleware's, or one for the {lang} of the path. */
function translatorOf(ctx: EndpointContext): Translate {
  if (ctx.locals?.t) return ctx.locals.t;
  if (ctx.t) return ctx.t;
  const url = ctx.url ?? (ctx.request ? new URL(ctx.request.url) : undefined);
  const locale = localeBySegment(resolveSegment(ctx.params?.lang ?? NUXT_LANG.exec(url?.pathname ?? '')?.[1]));
  return createTranslator(locale.code, messagesFor(locale.code), ENGLISH);
}

/**
 * Runs a handler and renders what it refuses. Under the test runner a code the operation does
 * not declare, or a success answer its response schema does not allow, fails the call
 * (declared.ts), so the reference cannot promise other than what the handler sends.
 */
export function endpoint<C extends EndpointContext>(handler: (ctx: C) => Promise<Response>): (ctx: C) => Promise<Response> {
  return async (ctx) => {
    try {
      const answer = await handler(ctx);
      // Only under the test runner: the server's hot paths (search) pay nothing for it.
      if (UNDER_TEST) await assertAnswer(requestUrl(ctx), ctx.request?.method ?? 'GET', answer);
      return answer;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (UNDER_TEST) await assertDeclared(requestUrl(ctx), ctx.request?.method ?? 'GET', error.code);
      return errorResponse(translatorOf(ctx), error);
    }
  };
}

type Handler = (ctx: never) => Promise<Response>;

/** Wraps every handler of a feature's API object in `endpoint()`. */
export function endpoints<H extends Record<string, Handler>>(handlers: H): H {
  const wrapped: Record<string, Handler> = {};
  for (const [name, handler] of Object.entries(handlers)) wrapped[name] = endpoint(handler as (ctx: EndpointContext) => Promise<Response>);
  return wrapped as H;
}
