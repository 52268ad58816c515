/** Success answers of the service calls (health). */
import { z } from 'zod';
import type { Readiness } from '../../health/readiness.ts';
import { describes, instant } from './common.ts';

const count = z.number().int().min(0);

/** GET /api/health (server/health/readiness.ts); the 503 answer has the same body. */
export const healthAnswer = describes<Readiness>()(
  z.object({
    status: z.enum(['ok', 'degraded', 'down', 'not_ready']),
    checked_at: instant,
    database: z.object({ ok: z.boolean(), error: z.string().optional() }),
    jobs: z.array(
      z.object({
        name: z.string(),
        interval_ms: z.number().int().nullable(),
        last_started_at: instant.nullable(),
        last_finished_at: instant.nullable(),
        last_run_by: z.string().nullable(),
        runs: count,
        failures: count,
        last_error: z.string().nullable(),
        last_error_at: instant.nullable(),
        lag_ms: z
          .number()
          .int()
          .nullable()
          .meta({ description: 'Past the moment the next run was due; 0 on time, null when it never ran.' }),
        late: z.boolean(),
      }),
    ),
    events: z.object({ pending: count, retrying: count, given_up: count }).optional(),
    search_index: z.object({
      ready: z.boolean(),
      version: z.number().int().nullable(),
      built_at: instant.nullable(),
      age_ms: z.number().int().nullable(),
      building: z.boolean(),
    }),
    mail_queue: z.object({ confirmations_owed: count, cancellations_owed: count }).optional(),
  }),
);

export type HealthAnswer = z.output<typeof healthAnswer>;
