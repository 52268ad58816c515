/**
 * The tickets' settings (zod): the secret that signs ticket links, resume links and the QR
 * code's booking reference. Like the payment secrets it defaults to a development value that a
 * site served over https refuses to start with.
 */
import type { z } from 'zod';
import { DEVELOPMENT_SECRETS, ENVIRONMENT } from '../../config/environment.ts';
import { createEnvParser, refuseDevelopmentSecrets } from '../envParser.ts';

const ticketEnvSchema = ENVIRONMENT.pick({ TICKET_LINK_SECRET: true, SITE_URL: true }).superRefine(
  refuseDevelopmentSecrets({ TICKET_LINK_SECRET: DEVELOPMENT_SECRETS.TICKET_LINK_SECRET }),
);

export type TicketEnv = z.infer<typeof ticketEnvSchema>;

export const parseTicketEnv: (env?: Record<string, string | undefined>) => TicketEnv = createEnvParser(ticketEnvSchema);
