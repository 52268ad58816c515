/**
 * Payment settings from the environment (zod). The secrets default to fixed development
 * values so that the sandbox works out of the box; a production deployment sets its own.
 */
import { z } from 'zod';

const paymentEnvSchema = z.object({
  /** Shared by the sandbox gateway and the shop to sign and verify webhooks. */
  PAYMENT_WEBHOOK_SECRET: z.string().min(16).default('sandbox-webhook-secret-for-development'),
  /** Signs the sandbox gateway's hosted-page sessions, so an amount cannot be edited in the URL. */
  SANDBOX_GATEWAY_SECRET: z.string().min(16).default('sandbox-gateway-secret-for-development'),
  /** Signs ticket links in mails and the QR code's booking reference. */
  TICKET_LINK_SECRET: z.string().min(16).default('ticket-link-secret-for-development'),
  /** Hours a pay-at-counter reference stays valid. */
  COUNTER_PAYMENT_HOURS: z.coerce.number().int().min(1).max(168).default(24),
});

export type PaymentEnv = z.infer<typeof paymentEnvSchema>;

export function parsePaymentEnv(env: Record<string, string | undefined> = process.env): PaymentEnv {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = paymentEnvSchema.safeParse(cleaned);
  if (!result.success) {
    throw new Error(
      `Invalid environment configuration:\n${result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  }
  return result.data;
}
