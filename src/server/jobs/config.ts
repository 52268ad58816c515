/**
 * The background jobs' settings (zod, listed in the README's configuration table): whether this
 * process runs the scheduler at all, and each job's interval.
 */
import type { z } from 'zod';
import { ENVIRONMENT } from '../../config/environment.ts';
import { createEnvParser } from '../envParser.ts';

const jobsEnvSchema = ENVIRONMENT.pick({
  JOBS: true,
  JOB_HOLD_SWEEP_MS: true,
  JOB_WEBHOOKS_MS: true,
  JOB_EVENTS_MS: true,
  JOB_COUNTER_EXPIRY_MS: true,
  JOB_MAIL_BACKSTOP_MS: true,
  JOB_NPS_SURVEYS_MS: true,
  JOB_TRIP_REMINDER_MS: true,
  JOB_ANALYTICS_PARTITIONS_MS: true,
  ANALYTICS_RETENTION_DAYS: true,
  JOB_LEADER_RETRY_MS: true,
});

export type JobsEnv = z.infer<typeof jobsEnvSchema>;

export const parseJobsEnv: (env?: Record<string, string | undefined>) => JobsEnv = createEnvParser(
  jobsEnvSchema,
  'See the configuration table in README.md.',
);
