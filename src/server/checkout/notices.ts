/**
 * What the checkout page's address may say about the step before it: the fare the cards showed
 * (`seen`, from add-to-cart) and the outcome of a class change (`class`, `was`). Anything else
 * is ignored rather than shown.
 */
import { z } from 'zod';

const minor = z.coerce.number().int().min(0).max(100_000_000);

export const stepNoticeQuery = z.object({
  seen: minor.optional(),
  class: z
    .enum(['changed', 'invalid_class', 'class_locked', 'sold_out', 'sales_closed', 'price_changed', 'unknown_trip', 'no_price'])
    .optional(),
  was: minor.optional(),
  is: minor.optional(),
});
