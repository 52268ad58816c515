/**
 * Stores the visitor's currency (SPEC §3 cookie, 1 year per §9) and sends them back where
 * they were. A form post, so the currency selector works without JavaScript.
 */
import type { APIRoute } from 'astro';
import { currencyPreferenceBody } from '../../../domain/currencyPreference.ts';
import { safeReturnPath } from '../../../domain/safeReturnPath.ts';
import { apiError } from '../../../server/api/errors.ts';
import { cookieMaxAge } from '../../../domain/cookieTable.ts';

export const prerender = false;

export const POST: APIRoute = async ({ request, cookies, redirect, locals }) => {
  // No body or a broken one reads as an empty form: the schema then names the missing field.
  const form = await request
    .formData()
    .then((data) => Object.fromEntries(data))
    .catch(() => ({}));
  const parsed = currencyPreferenceBody.safeParse(form);
  if (!parsed.success) return apiError(locals.t, 'invalid_currency', parsed.error);
  cookies.set('currency', parsed.data.currency, { path: '/', maxAge: cookieMaxAge('currency'), sameSite: 'lax' });
  return redirect(safeReturnPath(parsed.data.returnTo) ?? `/${locals.locale.segment}`, 303);
};
