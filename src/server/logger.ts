/**
 * One structured (pino) logger per server component, made on first use with the configured
 * LOG_LEVEL; every line carries `component` so one component's lines can be picked out.
 */
import pino from 'pino';
import { parseServerEnv } from './config.ts';

const loggers = new Map<string, pino.Logger>();

export function componentLogger(component: string): pino.Logger {
  let logger = loggers.get(component);
  if (!logger) loggers.set(component, (logger = pino({ level: parseServerEnv().LOG_LEVEL, base: { component } })));
  return logger;
}
