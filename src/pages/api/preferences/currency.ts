/**
 * Stores the visitor's currency (SPEC §3 cookie, 1 year per §9) and sends them back where
 * they were. A form post, so the currency selector works without JavaScript.
 */
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { currencyCodeSchema } from '../../../domain/currency.ts';
import { apiError } from '../../../server/api/errors.ts';

export const prerender = false;

const ONE_YEAR_S = 60 * 60 * 24 * 365;

export const bodySchema = z.object({
  currency: currencyCodeSchema,
  // Only same-site paths: an absolute URL here would be an open redirect.
  returnTo: z
    .string()
    .regex(/^\/(?!\/)[^\s]*$/)
    .max(2000)
    .optional(),
});

export const POST: APIRoute = async ({ request, cookies, redirect, locals }) => {
  // No body or a broken one reads as an empty form: the schema then names the missing field.
  const form = await request
    .formData()
    .then((data) => Object.fromEntries(data))
    .catch(() => ({}));
  const parsed = bodySchema.safeParse(form);
  if (!parsed.success) return apiError(locals.t, 'invalid_currency', 400, parsed.error);
  cookies.set('currency', parsed.data.currency, { path: '/', maxAge: ONE_YEAR_S, sameSite: 'lax' });
  return redirect(parsed.data.returnTo ?? `/${locals.locale.segment}`, 303);
};
