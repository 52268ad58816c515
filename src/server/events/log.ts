/** The events component's logger: one structured line per failed delivery (and the analytics lines). */
import type pino from 'pino';
import { componentLogger } from '../logger.ts';

export function eventsLogger(): pino.Logger {
  return componentLogger('events');
}
