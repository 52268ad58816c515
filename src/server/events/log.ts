/** The events component's logger: one structured line per failed delivery (and the analytics lines). */
import pino from 'pino';
import { parseServerEnv } from '../config.ts';

let logger: pino.Logger | undefined;

export function eventsLogger(): pino.Logger {
  logger ??= pino({ level: parseServerEnv().LOG_LEVEL, base: { component: 'events' } });
  return logger;
}
