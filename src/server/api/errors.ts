/**
 * The API's one error shape (ARCHITECTURE: The API):
 *   { "error": { "code": "stable_code", "message": "translated text", "fields": { path: [codes] } } }
 * Codes never change once shipped; the message is translated with the key `apiError.<code>`
 * and falls back to a generic text.
 */
import { z } from 'zod';
import type { Translate } from '../../i18n/translate.ts';
import { statusOf, type ApiErrorCode } from './catalogue.ts';
import { dataKey } from '../../i18n/messageKeys.ts';

/** The envelope as a schema too, so the OpenAPI document (openapi.ts) describes what this file sends. */
export const apiErrorBodySchema = z.object({
  error: z.looseObject({
    code: z.string().meta({ description: 'Stable code; never changes once shipped.' }),
    message: z.string().meta({ description: 'Translated text for people (apiError.<code>).' }),
    fields: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: 'Failing input fields by path (dot-joined; `_` for the whole input), each with its message keys.' }),
  }),
});

export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

type Issue = z.core.$ZodIssue;

/** zod's wording for a key that is not there at all (its issues do not carry the input). */
const isAbsent = (issue: Issue) => issue.code === 'invalid_type' && issue.message.endsWith('received undefined');

/** How far a union branch is from the input: keys it misses first, then other issues. */
const distance = (branch: readonly Issue[]) => branch.filter(isAbsent).length * 1000 + branch.length;

/**
 * The issues to report. A union that matched no branch reports the branch that came closest
 * (the fewest missing keys, then the fewest issues), so a password reset with a bad token names
 * `token`, not the whole body nor the e-mail of the other branch.
 */
function reportedIssues(issues: readonly Issue[], prefix: readonly PropertyKey[] = []): { path: PropertyKey[]; message: string }[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length) {
      const closest = issue.errors.reduce((best, branch) => (distance(branch) < distance(best) ? branch : best));
      if (closest.length) return reportedIssues(closest, path);
    }
    return [{ path, message: issue.message }];
  });
}

export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of reportedIssues(error.issues)) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** Failing fields: a zod error, or fields found by other checks (path → message keys). */
export type FieldDetail = z.ZodError | Record<string, string[]>;

export interface ApiErrorDetail {
  fields?: FieldDetail | undefined;
  /** Fields beside code and message, as the catalogue allows for the code (price_changed's totals). */
  extra?: Record<string, unknown>;
  /** Headers of the answer (Retry-After). */
  headers?: Record<string, string>;
}

/**
 * What a service or handler throws to refuse a request: the code of the catalogue, and what the
 * envelope carries. The status is the catalogue's, never the thrower's choice. `endpoint()`
 * (http.ts) renders it; the request guard renders it for errors thrown past a handler.
 */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly detail: ApiErrorDetail;
  constructor(code: ApiErrorCode, detail: ApiErrorDetail = {}, options?: ErrorOptions) {
    super(code, options);
    this.name = 'ApiError';
    this.code = code;
    this.detail = detail;
  }

  get status(): number {
    return statusOf(this.code);
  }
}

/** The one renderer of the envelope. */
export function errorResponse(t: Translate, error: ApiError): Response {
  const key = dataKey('apiError.', error.code);
  const translated = t(key);
  const { fields, extra, headers } = error.detail;
  const body: ApiErrorBody = {
    error: {
      ...extra,
      code: error.code,
      message: translated === key ? t('error.ajax') : translated,
      ...(fields ? { fields: fields instanceof z.ZodError ? fieldErrors(fields) : fields } : {}),
    },
  };
  // An error answer is about one request: never kept by a cache.
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/** The envelope for a refusal answered directly (the request guard, the middlewares). */
export function apiError(t: Translate, code: ApiErrorCode, fields?: FieldDetail): Response {
  return errorResponse(t, new ApiError(code, { fields }));
}
