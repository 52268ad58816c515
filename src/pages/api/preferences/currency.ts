/**
 * Stores the visitor's currency (SPEC §3 cookie, 1 year per §9) and sends them back where
 * they were. A form post, so the currency selector works without JavaScript.
 */
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { currencyCodeSchema } from '../../../domain/currency.ts';
import { safeReturnPath } from '../../../domain/safeReturnPath.ts';
import { apiError } from '../../../server/api/errors.ts';
import { cookieMaxAge } from '../../../domain/cookieTable.ts';

export const prerender = false;

export const bodySchema = z.object({
  currency: currencyCodeSchema,
  // Only same-site paths (the site's one rule, src/domain/safeReturnPath.ts): anything else would be an open redirect.
  returnTo: z
    .string()
    .max(2000)
    .refine((value) => safeReturnPath(value) !== null, 'unsafe_return_path')
    .optional(),
});

export const POST: APIRoute = async ({ request, cookies, redirect, locals }) => {
  // No body or a broken one reads as an empty form: the schema then names the missing field.
  const form = await request
    .formData()
    .then((data) => Object.fromEntries(data))
    .catch(() => ({}));
  const parsed = bodySchema.safeParse(form);
  if (!parsed.success) return apiError(locals.t, 'invalid_currency', parsed.error);
  cookies.set('currency', parsed.data.currency, { path: '/', maxAge: cookieMaxAge('currency'), sameSite: 'lax' });
  return redirect(safeReturnPath(parsed.data.returnTo) ?? `/${locals.locale.segment}`, 303);
};
