/**
 * Checkout stages (SPEC §4: Payment, Payment only, Checkout View, Price Changed, Fetch
 * Paygates, Add to Cart, Create and reserve booking cart, Internal Paygate Processing) as one
 * structured JSON line each, so a funnel can be counted from the logs.
 */
import pino from 'pino';
import { parseServerEnv } from '../config.ts';

export type CheckoutStage =
  | 'Payment'
  | 'Payment only'
  | 'Checkout View'
  | 'Price Changed'
  | 'Fetch Paygates'
  | 'Add to Cart'
  | 'Create and reserve booking cart'
  | 'Internal Paygate Processing';

let logger: pino.Logger | undefined;

/** The checkout component's logger (stages, and failures worth an operator's attention). */
export function checkoutLogger(): pino.Logger {
  logger ??= pino({ level: parseServerEnv().LOG_LEVEL, base: { component: 'checkout' } });
  return logger;
}

export function logCheckoutStage(stage: CheckoutStage, fields: Record<string, unknown> = {}): void {
  checkoutLogger().info({ stage, ...fields }, 'checkout stage');
}
