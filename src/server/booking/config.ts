/**
 * Checkout settings from the environment, parsed with zod so that a typo fails loudly.
 * HOLD_MINUTES: how long a reservation keeps its seats before they return to sale.
 */
import { z } from 'zod';
import { createEnvParser } from '../envParser.ts';
import { DEFAULT_HOLD_MINUTES } from '../../domain/cart/holds.ts';

const bookingEnvSchema = z.object({
  HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(DEFAULT_HOLD_MINUTES),
});

export type BookingEnv = z.infer<typeof bookingEnvSchema>;

export const parseBookingEnv: (env?: Record<string, string | undefined>) => BookingEnv = createEnvParser(bookingEnvSchema);
