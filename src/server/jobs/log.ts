/** The jobs component's logger: every job failure is one line with the job's name. */
import pino from 'pino';
import { parseServerEnv } from '../config.ts';

let logger: pino.Logger | undefined;

export function jobsLogger(): pino.Logger {
  logger ??= pino({ level: parseServerEnv().LOG_LEVEL, base: { component: 'jobs' } });
  return logger;
}
