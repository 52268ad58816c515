/**
 * Yuno settings from the environment (zod). Without YUNO_API_URL the shop talks to the local
 * sandbox it serves itself (/sandbox-yuno/v1), so the default setup needs no outside network.
 * Development secrets are refused for an https site, as for the sandbox card gateway.
 */
import { DEVELOPMENT_SECRETS, ENVIRONMENT } from '../../../config/environment.ts';
import { siteOrigin } from '../../config.ts';
import { createEnvParser, refuseDevelopmentSecrets } from '../../envParser.ts';

const yunoEnvSchema = ENVIRONMENT.pick({
  YUNO_API_URL: true,
  YUNO_PUBLIC_API_KEY: true,
  YUNO_PRIVATE_SECRET_KEY: true,
  YUNO_ACCOUNT_ID: true,
  YUNO_WEBHOOK_SECRET: true,
  YUNO_COUNTRY: true,
  SITE_URL: true,
}).superRefine(
  refuseDevelopmentSecrets({
    YUNO_PRIVATE_SECRET_KEY: DEVELOPMENT_SECRETS.YUNO_PRIVATE_SECRET_KEY,
    YUNO_WEBHOOK_SECRET: DEVELOPMENT_SECRETS.YUNO_WEBHOOK_SECRET,
  }),
);

const parseYunoEnv = createEnvParser(yunoEnvSchema);

/** The local sandbox's base path on this site (src/pages/sandbox-yuno). */
export const YUNO_SANDBOX_PATH = '/sandbox-yuno';

export interface YunoSettings {
  apiUrl: string;
  publicKey: string;
  privateKey: string;
  accountId: string;
  webhookSecret: string;
  country: string;
  /** True when the shop talks to its own sandbox: the traveller pays on the sandbox's hosted page. */
  sandbox: boolean;
}

export function yunoSettings(env?: Record<string, string | undefined>): YunoSettings {
  const parsed = parseYunoEnv(env);
  const apiUrl = parsed.YUNO_API_URL ?? `${siteOrigin(env)}${YUNO_SANDBOX_PATH}/v1`;
  return {
    apiUrl: apiUrl.replace(/\/$/, ''),
    publicKey: parsed.YUNO_PUBLIC_API_KEY,
    privateKey: parsed.YUNO_PRIVATE_SECRET_KEY,
    accountId: parsed.YUNO_ACCOUNT_ID,
    webhookSecret: parsed.YUNO_WEBHOOK_SECRET,
    country: parsed.YUNO_COUNTRY,
    sandbox: parsed.YUNO_API_URL === undefined,
  };
}
