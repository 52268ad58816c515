/**
 * Payment settings from the environment (zod). The secrets default to fixed development
 * values so that the sandbox works out of the box; a site served over https (a real
 * deployment, as SITE_URL says) refuses to start with them, because anyone could forge
 * webhooks with a value that is public in the repository. (The ticket link secret is the
 * tickets' own setting: tickets/config.ts.)
 */
import type { z } from 'zod';
import { DEVELOPMENT_SECRETS, ENVIRONMENT } from '../../config/environment.ts';
import { createEnvParser, refuseDevelopmentSecrets } from '../envParser.ts';

const paymentEnvSchema = ENVIRONMENT.pick({
  PAYMENT_WEBHOOK_SECRET: true,
  SANDBOX_GATEWAY_SECRET: true,
  COUNTER_PAYMENT_HOURS: true,
  SITE_URL: true,
}).superRefine(
  refuseDevelopmentSecrets({
    PAYMENT_WEBHOOK_SECRET: DEVELOPMENT_SECRETS.PAYMENT_WEBHOOK_SECRET,
    SANDBOX_GATEWAY_SECRET: DEVELOPMENT_SECRETS.SANDBOX_GATEWAY_SECRET,
  }),
);

export type PaymentEnv = z.infer<typeof paymentEnvSchema>;

export const parsePaymentEnv: (env?: Record<string, string | undefined>) => PaymentEnv = createEnvParser(paymentEnvSchema);
