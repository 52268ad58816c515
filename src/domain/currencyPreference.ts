/** The currency selector's form post (POST /api/preferences/currency), parsed by its route and documented in the contract. */
import { z } from 'zod';
import { currencyCodeSchema } from './currency.ts';
import { safeReturnPath } from './safeReturnPath.ts';

export const currencyPreferenceBody = z.object({
  currency: currencyCodeSchema,
  // Only same-site paths (the site's one rule, src/domain/safeReturnPath.ts): anything else would be an open redirect.
  returnTo: z
    .string()
    .max(2000)
    .refine((value) => safeReturnPath(value) !== null, 'unsafe_return_path')
    .optional(),
});
