/**
 * The API's one error shape (ARCHITECTURE: The API):
 *   { "error": { "code": "stable_code", "message": "translated text", "fields": { path: [codes] } } }
 * Codes never change once shipped; the message is translated with the key `apiError.<code>`
 * and falls back to a generic text.
 */
import { z } from 'zod';
import type { Translate } from '../../i18n/translate.ts';

/** The envelope as a schema too, so the OpenAPI document (openapi.ts) describes what this file sends. */
export const apiErrorBodySchema = z.object({
  error: z.object({
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

/** The envelope; `detail` gives the failing fields (a zod error, or fields found by other checks). */
export function apiError(t: Translate, code: string, status: number, detail?: z.ZodError | Record<string, string[]>): Response {
  const key = `apiError.${code}`;
  const translated = t(key);
  const body: ApiErrorBody = {
    error: {
      code,
      message: translated === key ? t('error.ajax') : translated,
      ...(detail ? { fields: detail instanceof z.ZodError ? fieldErrors(detail) : detail } : {}),
    },
  };
  // An error answer is about one request: never kept by a cache.
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}
