/**
 * Support's settings (zod): where attachments live, the largest one accepted, the site origin for
 * mailed links, and the secret that signs case and survey links. The secret is the tickets' one
 * (TICKET_LINK_SECRET) with its own prefix per use, so a case link can never pass for a ticket link.
 */
import type { z } from 'zod';
import { DEVELOPMENT_SECRETS, ENVIRONMENT } from '../../config/environment.ts';
import { createEnvParser, refuseDevelopmentSecrets } from '../envParser.ts';

const supportEnvSchema = ENVIRONMENT.pick({
  SUPPORT_UPLOAD_DIR: true,
  SUPPORT_UPLOAD_MAX_BYTES: true,
  TICKET_LINK_SECRET: true,
  SITE_URL: true,
}).superRefine(refuseDevelopmentSecrets({ TICKET_LINK_SECRET: DEVELOPMENT_SECRETS.TICKET_LINK_SECRET }));

export type SupportEnv = z.infer<typeof supportEnvSchema>;

export const parseSupportEnv: (env?: Record<string, string | undefined>) => SupportEnv = createEnvParser(supportEnvSchema);
