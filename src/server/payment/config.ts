/**
 * Payment settings from the environment (zod). The secrets default to fixed development
 * values so that the sandbox works out of the box; a site served over https (a real
 * deployment, as SITE_URL says) refuses to start with them, because anyone could forge
 * webhooks or ticket links with a value that is public in the repository.
 */
import { z } from 'zod';
import { createEnvParser } from '../envParser.ts';

const DEVELOPMENT_SECRETS = {
  PAYMENT_WEBHOOK_SECRET: 'sandbox-webhook-secret-for-development',
  SANDBOX_GATEWAY_SECRET: 'sandbox-gateway-secret-for-development',
  TICKET_LINK_SECRET: 'ticket-link-secret-for-development',
} as const;

const paymentEnvSchema = z
  .object({
    /** Shared by the sandbox gateway and the shop to sign and verify webhooks. */
    PAYMENT_WEBHOOK_SECRET: z.string().min(16).default(DEVELOPMENT_SECRETS.PAYMENT_WEBHOOK_SECRET),
    /** Signs the sandbox gateway's hosted-page sessions, so an amount cannot be edited in the URL. */
    SANDBOX_GATEWAY_SECRET: z.string().min(16).default(DEVELOPMENT_SECRETS.SANDBOX_GATEWAY_SECRET),
    /** Signs ticket links in mails and the QR code's booking reference. */
    TICKET_LINK_SECRET: z.string().min(16).default(DEVELOPMENT_SECRETS.TICKET_LINK_SECRET),
    /** Hours a pay-at-counter reference stays valid. */
    COUNTER_PAYMENT_HOURS: z.coerce.number().int().min(1).max(168).default(24),
    SITE_URL: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (!env.SITE_URL?.startsWith('https://')) return;
    for (const [name, value] of Object.entries(DEVELOPMENT_SECRETS)) {
      if (env[name as keyof typeof DEVELOPMENT_SECRETS] === value) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'set a secret of your own: the development value is refused for an https site',
        });
      }
    }
  });

export type PaymentEnv = z.infer<typeof paymentEnvSchema>;

export const parsePaymentEnv: (env?: Record<string, string | undefined>) => PaymentEnv = createEnvParser(paymentEnvSchema);
