/**
 * The background jobs' settings (zod, listed in the README's configuration table): whether this
 * process runs the scheduler at all, and each job's interval.
 */
import { z } from 'zod';
import { createEnvParser } from '../envParser.ts';

const ms = (fallback: number) => z.coerce.number().int().min(100).max(3_600_000).default(fallback);

const jobsEnvSchema = z.object({
  /** "off" keeps this process out of the background work (it still serves; another process leads). */
  JOBS: z.enum(['on', 'off']).default('on'),
  JOB_HOLD_SWEEP_MS: ms(30_000),
  JOB_WEBHOOKS_MS: ms(1_000),
  JOB_EVENTS_MS: ms(1_000),
  JOB_COUNTER_EXPIRY_MS: ms(60_000),
  JOB_MAIL_BACKSTOP_MS: ms(60_000),
  /** How often a process that does not lead tries to take the leader lock (and the leader checks its connection). */
  JOB_LEADER_RETRY_MS: ms(1_000),
});

export type JobsEnv = z.infer<typeof jobsEnvSchema>;

export const parseJobsEnv: (env?: Record<string, string | undefined>) => JobsEnv = createEnvParser(
  jobsEnvSchema,
  'See the configuration table in README.md.',
);
