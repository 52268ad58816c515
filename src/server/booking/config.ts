/**
 * Checkout settings from the environment, parsed with zod so that a typo fails loudly.
 * HOLD_MINUTES: how long a reservation keeps its seats before they return to sale.
 * LOCK_TIMEOUT_MS: how long a booking change waits for another one's row locks before it answers
 * 503 "busy, try again" (src/server/booking/lifecycle/locks.ts) instead of queueing without end.
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
  LOCK_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(3000),
});

export type BookingEnv = z.infer<typeof bookingEnvSchema>;

export const parseBookingEnv: (env?: Record<string, string | undefined>) => BookingEnv = createEnvParser(bookingEnvSchema);
