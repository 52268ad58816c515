/**
 * The API's one error shape (ARCHITECTURE: The API):
 *   { "error": { "code": "stable_code", "message": "translated text", "fields": { path: [codes] } } }
 * Codes never change once shipped; the message is translated with the key `apiError.<code>`
 * and falls back to a generic text.
 */
import type { z } from 'zod';
import type { Translate } from '../../i18n/translate.ts';

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

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
