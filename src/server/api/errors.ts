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

export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

export function apiError(t: Translate, code: string, status: number, zodError?: z.ZodError): Response {
  const key = `apiError.${code}`;
  const translated = t(key);
  const body: ApiErrorBody = {
    error: {
      code,
      message: translated === key ? t('error.ajax') : translated,
      ...(zodError ? { fields: fieldErrors(zodError) } : {}),
    },
  };
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}
