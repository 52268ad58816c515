/**
 * Payment settings from the environment (zod). The secrets default to fixed development
 * values so that the sandbox works out of the box; a site served over https (a real
 * deployment, as SITE_URL says) refuses to start with them, because anyone could forge
 * webhooks with a value that is public in the repository. (The ticket link secret is the
 * tickets' own setting: tickets/config.ts.)
 */
import { z } from 'zod';
import { createEnvParser, refuseDevelopmentSecrets } from '../envParser.ts';

const DEVELOPMENT_SECRETS = {
  PAYMENT_WEBHOOK_SECRET: 'sandbox-webhook-secret-for-development',
  SANDBOX_GATEWAY_SECRET: 'sandbox-gateway-secret-for-development',
} as const;

const paymentEnvSchema = z
  .object({
    /** Shared by the sandbox gateway and the shop to sign and verify webhooks. */
    PAYMENT_WEBHOOK_SECRET: z.string().min(16).default(DEVELOPMENT_SECRETS.PAYMENT_WEBHOOK_SECRET),
    /** Signs the sandbox gateway's hosted-page sessions, so an amount cannot be edited in the URL. */
    SANDBOX_GATEWAY_SECRET: z.string().min(16).default(DEVELOPMENT_SECRETS.SANDBOX_GATEWAY_SECRET),
    /** Hours a pay-at-counter reference stays valid. */
    COUNTER_PAYMENT_HOURS: z.coerce.number().int().min(1).max(168).default(24),
    SITE_URL: z.string().optional(),
  })
  .superRefine(refuseDevelopmentSecrets(DEVELOPMENT_SECRETS));

export type PaymentEnv = z.infer<typeof paymentEnvSchema>;

export const parsePaymentEnv: (env?: Record<string, string | undefined>) => PaymentEnv = createEnvParser(paymentEnvSchema);
