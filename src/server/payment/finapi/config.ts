/**
 * finAPI settings from the environment (zod). Without FINAPI_API_URL and FINAPI_WEBFORM_URL the
 * shop talks to the local sandbox it serves itself (/sandbox-finapi), so the default setup needs
 * no outside network. Development secrets are refused for an https site, as for the other providers.
 */
import { DEVELOPMENT_SECRETS, ENVIRONMENT } from '../../../config/environment.ts';
import { siteOrigin } from '../../config.ts';
import { createEnvParser, refuseDevelopmentSecrets } from '../../envParser.ts';

const finapiEnvSchema = ENVIRONMENT.pick({
  FINAPI_API_URL: true,
  FINAPI_WEBFORM_URL: true,
  FINAPI_CLIENT_ID: true,
  FINAPI_CLIENT_SECRET: true,
  FINAPI_USERNAME: true,
  FINAPI_PASSWORD: true,
  FINAPI_CALLBACK_SECRET: true,
  FINAPI_RECIPIENT_NAME: true,
  FINAPI_RECIPIENT_IBAN: true,
  FINAPI_ACCOUNT_ID: true,
  SITE_URL: true,
}).superRefine(
  refuseDevelopmentSecrets({
    FINAPI_CLIENT_SECRET: DEVELOPMENT_SECRETS.FINAPI_CLIENT_SECRET,
    FINAPI_PASSWORD: DEVELOPMENT_SECRETS.FINAPI_PASSWORD,
    FINAPI_CALLBACK_SECRET: DEVELOPMENT_SECRETS.FINAPI_CALLBACK_SECRET,
  }),
);

const parseFinapiEnv = createEnvParser(finapiEnvSchema);

/** The local sandbox's base path on this site (src/pages/sandbox-finapi). */
export const FINAPI_SANDBOX_PATH = '/sandbox-finapi';

export interface FinapiSettings {
  /** finAPI Access: OAuth tokens, payments, money transfers. */
  apiUrl: string;
  /** finAPI Web Form 2.0: the web forms the traveller pays in. */
  webFormUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  callbackSecret: string;
  recipientName: string;
  recipientIban: string;
  /** The shop's account at finAPI: refunds are transfers from it. */
  accountId: number;
  /** True when the shop talks to its own sandbox. */
  sandbox: boolean;
}

export function finapiSettings(env?: Record<string, string | undefined>): FinapiSettings {
  const parsed = parseFinapiEnv(env);
  const local = `${siteOrigin(env)}${FINAPI_SANDBOX_PATH}`;
  return {
    apiUrl: (parsed.FINAPI_API_URL ?? local).replace(/\/$/, ''),
    webFormUrl: (parsed.FINAPI_WEBFORM_URL ?? local).replace(/\/$/, ''),
    clientId: parsed.FINAPI_CLIENT_ID,
    clientSecret: parsed.FINAPI_CLIENT_SECRET,
    username: parsed.FINAPI_USERNAME,
    password: parsed.FINAPI_PASSWORD,
    callbackSecret: parsed.FINAPI_CALLBACK_SECRET,
    recipientName: parsed.FINAPI_RECIPIENT_NAME,
    recipientIban: parsed.FINAPI_RECIPIENT_IBAN,
    accountId: parsed.FINAPI_ACCOUNT_ID,
    sandbox: parsed.FINAPI_API_URL === undefined && parsed.FINAPI_WEBFORM_URL === undefined,
  };
}
