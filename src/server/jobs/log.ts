/** The jobs component's logger: every job failure is one line with the job's name. */
import type pino from 'pino';
import { componentLogger } from '../logger.ts';

export function jobsLogger(): pino.Logger {
  return componentLogger('jobs');
}
