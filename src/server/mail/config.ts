/**
 * The mail preferences' settings (zod): the secret that signs unsubscribe links and the site
 * origin the links point at. Like the other signing secrets it defaults to a development value
 * that a site served over https refuses to start with.
 */
import type { z } from 'zod';
import { DEVELOPMENT_SECRETS, ENVIRONMENT } from '../../config/environment.ts';
import { createEnvParser, refuseDevelopmentSecrets } from '../envParser.ts';

const mailLinkEnvSchema = ENVIRONMENT.pick({ MAIL_LINK_SECRET: true, SITE_URL: true }).superRefine(
  refuseDevelopmentSecrets({ MAIL_LINK_SECRET: DEVELOPMENT_SECRETS.MAIL_LINK_SECRET }),
);

export type MailLinkEnv = z.infer<typeof mailLinkEnvSchema>;

export const parseMailLinkEnv: (env?: Record<string, string | undefined>) => MailLinkEnv = createEnvParser(mailLinkEnvSchema);
