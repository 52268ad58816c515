/**
 * The tickets' settings (zod): the secret that signs ticket links, resume links and the QR
 * code's booking reference. Like the payment secrets it defaults to a development value that a
 * site served over https refuses to start with.
 */
import { z } from 'zod';
import { createEnvParser, refuseDevelopmentSecrets } from '../envParser.ts';

const DEVELOPMENT_SECRETS = { TICKET_LINK_SECRET: 'ticket-link-secret-for-development' } as const;

const ticketEnvSchema = z
  .object({
    /** Signs ticket links in mails and the QR code's booking reference. */
    TICKET_LINK_SECRET: z.string().min(16).default(DEVELOPMENT_SECRETS.TICKET_LINK_SECRET),
    SITE_URL: z.string().optional(),
  })
  .superRefine(refuseDevelopmentSecrets(DEVELOPMENT_SECRETS));

export type TicketEnv = z.infer<typeof ticketEnvSchema>;

export const parseTicketEnv: (env?: Record<string, string | undefined>) => TicketEnv = createEnvParser(ticketEnvSchema);
