/**
 * Checkout settings from the environment, parsed with zod so that a typo fails loudly.
 * HOLD_MINUTES: how long a reservation keeps its seats before they return to sale.
 * LOCK_TIMEOUT_MS: how long a booking change waits for another one's row locks before it answers
 * 503 "busy, try again" (src/server/booking/lifecycle/locks.ts) instead of queueing without end.
 */
import type { z } from 'zod';
import { ENVIRONMENT } from '../../config/environment.ts';
import { createEnvParser } from '../envParser.ts';

const bookingEnvSchema = ENVIRONMENT.pick({ HOLD_MINUTES: true, LOCK_TIMEOUT_MS: true });

export type BookingEnv = z.infer<typeof bookingEnvSchema>;

export const parseBookingEnv: (env?: Record<string, string | undefined>) => BookingEnv = createEnvParser(bookingEnvSchema);
